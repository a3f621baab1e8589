import { randomBytes } from 'node:crypto';
import { DEFAULT_RIGHTS } from '@hallway/shared';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { users } from '../modules/users/tables.js';
import { hashPassword } from '../platform/auth/passwords.js';
import { uniqueViolation } from '../platform/db/errors.js';
import { inSystem } from '../platform/db/tenant.js';
import type { Platform } from '../platform/index.js';
import type { FirstStartAccounts } from './credentials.js';

/**
 * On first start, the superadmin from SUPERADMIN_LOGIN / SUPERADMIN_PASSWORD; without a password, a random one,
 * answered for main.ts to print once (bootstrap/credentials.ts). Several processes may start together: the unique
 * login decides who creates it.
 */
export async function ensureSuperadmin(platform: Platform, log: Logger): Promise<FirstStartAccounts | null> {
  const exists = await inSystem(platform.database, async (tx) => {
    const [row] = await tx.select({ id: users.id }).from(users).where(sql`'superadmin' = ANY(${users.roles})`).limit(1);
    return !!row;
  });
  if (exists) return null;
  const { login } = platform.config.superadmin;
  const password = platform.config.superadmin.password ?? randomBytes(9).toString('base64url');
  try {
    await inSystem(platform.database, async (tx) =>
      tx.insert(users).values({
        clientId: null,
        login,
        passwordHash: await hashPassword(password),
        roles: ['superadmin'],
        rights: DEFAULT_RIGHTS,
        firstName: 'Super',
        lastName: 'Admin',
        lang: platform.config.defaultLang,
      }),
    );
  } catch (err) {
    if (uniqueViolation(err) !== null) return null;
    throw err;
  }
  log.info({ login }, 'superadmin created');
  if (platform.config.superadmin.password) return null;
  return {
    title: 'Superadmin (SUPERADMIN_PASSWORD was not set)',
    lines: [`login: ${login}`, `password: ${password}`],
  };
}
