import type { NotificationCode, UnreadCounts } from '@hallway/shared';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/db/client.js';
import type { RequestContext } from '../../platform/http/context.js';
import { unreadCounts } from './service.js';

/**
 * The caller did what some notifications asked of them (confirmed a must-read post): their unread entries of those
 * codes about `link` are read now. Answers the caller's unread counts when an entry changed, null otherwise.
 */
export async function markAnsweredRead(
  ctx: RequestContext,
  codes: readonly NotificationCode[],
  link: string,
): Promise<UnreadCounts | null> {
  const rows = await rowsOf<{ id: string }>(
    ctx.db,
    sql`UPDATE notifications SET read = true
        WHERE user_id = ${ctx.me().id} AND NOT read AND link = ${link} AND code = ANY (${`{${codes.join(',')}}`}::text[])
        RETURNING id`,
  );
  return rows.length > 0 ? await unreadCounts(ctx) : null;
}
