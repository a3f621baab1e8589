import { randomBytes } from 'node:crypto';
import { DEFAULT_RIGHTS, FEATURES } from '@hallway/shared';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { clients } from '../modules/clients/tables.js';
import { modules } from '../modules/index.js';
import { drawDemoPictures, seedDemoPeople } from '../modules/users/index.js';
import { hashPassword } from '../platform/auth/passwords.js';
import { type Database, rowsOf, type Tx } from '../platform/db/client.js';
import { switchTenant } from '../platform/db/switch-tenant.js';
import { inSystem } from '../platform/db/tenant.js';
import type { Platform } from '../platform/index.js';
import type { FirstStartAccounts } from './credentials.js';

export const DEMO_WORKSPACE = 'demo';
export const DEMO_ADMIN_LOGIN = 'admin';
export const DEMO_EMPLOYEE_LOGIN = 'anna';
/** Where the demo company works (Berlin). */
export const DEMO_TIME_ZONE = 'Europe/Berlin';

/**
 * Seeds the demo workspace on an empty database so a newcomer sees a living intranet. Everyone's password is
 * DEMO_PASSWORD, or a random one answered for main.ts to print once (null when nothing needs printing): a demo left
 * running on a public address must not open with a password everyone knows.
 */
export async function seedDemo(platform: Platform, log: Logger): Promise<FirstStartAccounts | null> {
  const password = platform.config.demoPassword ?? randomBytes(9).toString('base64url');
  const clientCount = (tx: Tx) =>
    rowsOf<{ count: number }>(tx, sql`SELECT count(*)::int AS count FROM clients`).then(([row]) => row.count);
  // On a first start the pictures are drawn on sharp's threads while the password is hashed and the people written.
  const pictures = (await inSystem(platform.database, clientCount)) === 0 ? drawDemoPictures() : null;
  // Nothing may be left unawaited when the seeding stops before the pictures are stored.
  pictures?.catch(() => undefined);
  const passwordHash = await hashPassword(password);
  const people = await inSystem(platform.database, async (tx) => {
    await afterOtherSeeding(tx, platform.database);
    if (!pictures || (await clientCount(tx)) > 0) return 0;
    const [client] = await tx
      .insert(clients)
      .values({
        workspace: DEMO_WORKSPACE,
        name: 'Northwind Labs',
        fullName: 'Northwind Labs GmbH',
        city: 'Berlin',
        phone: '+49 30 1234 5670',
        address: 'Torstraße 101, 10119 Berlin',
        director: 'Daniel Weber',
        comments: 'Demo workspace seeded on first start.',
        colors: { primary: '#228be6' },
        lang: platform.config.defaultLang,
        features: FEATURES.map((code) => ({ code, active: true })),
        // Its zone before any module seeds: the mailings' first runs and the calendar are read in it.
        settings: { openRegistration: false, defaultRights: DEFAULT_RIGHTS, timeZone: DEMO_TIME_ZONE },
      })
      .onConflictDoNothing()
      .returning();
    if (!client) return 0;
    await switchTenant(tx, client.id);
    const seeded = await seedDemoPeople(tx, platform, client, passwordHash, await pictures);
    for (const module of modules) await module.demo?.(tx, client.id, platform);
    return seeded;
  });
  if (!people) return null;
  log.info({ workspace: DEMO_WORKSPACE, people }, `demo workspace "${DEMO_WORKSPACE}" seeded (DEMO=0 turns this off)`);
  if (platform.config.demoPassword) return null;
  return {
    title: `Demo workspace "${DEMO_WORKSPACE}" (DEMO_PASSWORD was not set; every demo person has this password)`,
    lines: [`administrator: ${DEMO_ADMIN_LOGIN}   employee: ${DEMO_EMPLOYEE_LOGIN}`, `password: ${password}`],
  };
}

/** The advisory lock the seeding transactions of processes starting together take turns on (PostgreSQL). */
const SEED_LOCK = 72_610_003;

/**
 * Waits until no other process is seeding, however long its seeding takes. Without this, two processes starting
 * together on an empty database both found no workspace, and the second one's insert waited on the first one's
 * uncommitted row until the lock timeout ended its start. Once it has the lock, the other seeding has committed and
 * the second one finds its workspace. The wait has no timeout; the seeding after it has the usual ones.
 */
async function afterOtherSeeding(tx: Tx, database: Database) {
  if (database.kind !== 'pg') return;
  await tx.execute(sql`SELECT set_config('lock_timeout', '0', true), set_config('statement_timeout', '0', true)`);
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
  const { lockMs = 0, statementMs = 0 } = database.timeouts ?? {};
  await tx.execute(
    sql`SELECT set_config('lock_timeout', ${String(lockMs)}, true), set_config('statement_timeout', ${String(statementMs)}, true)`,
  );
}
