import type { Tx } from '../../platform/db/client.js';
import { workspaceTimeZone } from '../clients/index.js';
import { nextRun } from './schedule.js';
import { mailings } from './tables.js';

/** The demo workspace greets birthdays each morning and sends the weekly digest on Mondays. */
export async function seedMailings(tx: Tx, clientId: string): Promise<void> {
  const zone = (await workspaceTimeZone(tx, clientId)) ?? 'UTC';
  const now = new Date();
  await tx.insert(mailings).values(
    (
      [
        ['birthday_greetings', '0 9 * * *'],
        ['weekly_digest', '0 9 * * 1'],
      ] as const
    ).map(([action, schedule]) => ({ clientId, action, schedule, nextRun: nextRun(schedule, zone, now) })),
  );
}
