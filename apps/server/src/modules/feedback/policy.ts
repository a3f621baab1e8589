import type { Right } from '@hallway/shared';
import type { FeedbackKind } from '@hallway/shared/feedback';
import { type SQL, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/http/context.js';

/**
 * Who does what with ideas and violation reports (portal §6 "recipients of polls, ideas and reports"; docs/api.md
 * "Ideas and violation reports"):
 * - people with the kind's right (`ideas`, `no_silent`) send; an author reads their own named items and answers in
 *   their threads (an anonymous report's author does so with its code only, since nothing links it to them);
 * - the kind's recipients (a setting; the workspace's administrators while none is set) read the inbox, move the
 *   status and reply;
 * - administrators choose the recipients.
 */
export const RIGHT_OF: Record<FeedbackKind, Right> = { idea: 'ideas', report: 'no_silent' };

/** The kind's recipients as a query of ids: the ones set, or the workspace's administrators when none is. */
export function recipientsSql(clientId: string, kind: FeedbackKind): SQL {
  return sql`SELECT r.user_id AS id FROM feedback_recipients r JOIN users u ON u.id = r.user_id AND NOT u.deletion_mark
               WHERE r.client_id = ${clientId} AND r.kind = ${kind}
             UNION ALL
             SELECT u.id FROM users u WHERE u.client_id = ${clientId} AND NOT u.deletion_mark AND 'admin' = ANY(u.roles)
               AND NOT EXISTS (SELECT 1 FROM feedback_recipients r WHERE r.client_id = ${clientId} AND r.kind = ${kind})`;
}

/** What the caller may do on a kind's pages (sent with every list as `can`). */
export function kindPolicy(ctx: RequestContext, kind: FeedbackKind, recipient: boolean) {
  return { inbox: recipient, send: !!ctx.user && ctx.can(RIGHT_OF[kind]), recipients: ctx.isAdmin };
}

/** What the caller may do with one item: its recipients and its named author read it and write in its thread. */
export function itemPolicy(ctx: RequestContext, row: { authorId: string | null }, recipient: boolean) {
  const mine = !!ctx.user && row.authorId === ctx.user.id;
  return { read: recipient || mine, status: recipient, reply: recipient || mine };
}
