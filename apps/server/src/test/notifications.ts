import { delivery } from '../modules/notifications/deliver.js';
import type { Harness } from './harness.js';

/**
 * Resolves once every notification event written so far in the workspace is delivered (a harness with jobs):
 * listens before it looks, so a delivery between the two is not missed.
 */
export async function settled(h: Harness, clientId: string): Promise<void> {
  for (;;) {
    const next = new Promise((resolve) => delivery.events.once('delivered', resolve));
    const { rows } = await h.platform.database.query(
      'SELECT count(*)::int AS n FROM notification_events WHERE client_id = $1 AND done_at IS NULL',
      [clientId],
    );
    if (Number((rows[0] as { n: number }).n) === 0) return;
    await next;
  }
}
