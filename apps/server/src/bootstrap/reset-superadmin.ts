import { randomBytes } from 'node:crypto';
import { PASSWORD_MIN } from '@hallway/shared';
import { desc, eq, sql } from 'drizzle-orm';
import { users } from '../modules/users/tables.js';
import { hashPassword } from '../platform/auth/passwords.js';
import type { Database } from '../platform/db/client.js';
import { inSystem } from '../platform/db/tenant.js';
import type { FirstStartAccounts } from './credentials.js';

export class ResetError extends Error {}

/**
 * Sets a new password for the superadmin (the one named SUPERADMIN_LOGIN, else the oldest) — the given one or a
 * random one — and signs them out everywhere (token version), for when the password printed at first start is lost.
 * Answers the account to print framed, like at first start.
 */
export async function resetSuperadminPassword(
  database: Database,
  options: { login: string; password?: string },
): Promise<FirstStartAccounts> {
  if (options.password !== undefined && options.password.length < PASSWORD_MIN)
    throw new ResetError(`The password needs at least ${PASSWORD_MIN} characters.`);
  const password = options.password ?? randomBytes(9).toString('base64url');
  const passwordHash = await hashPassword(password);
  const login = await inSystem(database, async (tx) => {
    const [row] = await tx
      .select({ id: users.id, login: users.login })
      .from(users)
      .where(sql`'superadmin' = ANY(${users.roles})`)
      .orderBy(desc(sql`${users.login} = ${options.login}`), users.created)
      .limit(1);
    if (!row) return null;
    await tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, row.id));
    return row.login;
  });
  if (login === null) throw new ResetError('There is no superadmin yet: start Hallway once to create one.');
  return {
    title: options.password ? 'Superadmin password set' : 'New superadmin password',
    lines: [`login: ${login}`, ...(options.password ? [] : [`password: ${password}`])],
  };
}
