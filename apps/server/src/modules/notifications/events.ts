import { sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/db/client.js';
import { newId } from '../../platform/db/ids.js';
import type { Subscriptions } from '../../platform/events/bus.js';
import type { RequestContext } from '../../platform/http/context.js';
import type { NotificationRequest } from '../../platform/notify/notify.js';

/**
 * Stores a notification (`notify()` of any module, through its `notifications.requested` event) in the caller's
 * transaction and starts its delivery once that commits (deliver.ts). Answers the event's id.
 */
export async function storeNotification(ctx: RequestContext, request: NotificationRequest): Promise<string> {
  const clientId = ctx.tenant();
  const [event] = await rowsOf<{ id: string }>(
    ctx.db,
    sql`INSERT INTO notification_events (id, client_id, code, section, link, vars, actor_id, recipients, group_key,
                                         attachments)
        VALUES (${newId()}, ${clientId}, ${request.code}, ${request.section}, ${request.link},
                ${JSON.stringify(request.vars)}::jsonb, ${ctx.user?.id ?? null}, ${JSON.stringify(request.recipients)}::jsonb,
                ${request.groupKey}, ${JSON.stringify(request.attachments)}::jsonb)
        RETURNING id`,
  );
  const dispatcher = ctx.services.notificationDispatch;
  if (dispatcher) ctx.afterCommit(() => dispatcher.dispatch(clientId, event.id));
  return event.id;
}

/**
 * `storeNotification` as one statement of a one-statement write (platform/notify `notifyInStatement`): its values
 * are the parameters `$at…$at+8` of that statement (the actor's is `$at+6`), so the text is the same for every
 * notification and the statement stays prepared.
 */
export function storeStatement(
  clientId: string,
  actorId: string | null,
  request: Omit<NotificationRequest, 'recipients'>,
  recipients: string,
  from: string,
  at: number,
): { sql: string; types: string[]; values: (string | null)[]; eventId: string } {
  const eventId = newId();
  const $ = (n: number) => `$${at + n}`;
  return {
    eventId,
    sql: `INSERT INTO notification_events (id, client_id, code, section, link, vars, actor_id, recipients, group_key,
                                       attachments)
      SELECT ${$(0)}, ${$(1)}, ${$(2)}, ${$(3)}, ${$(4)}, ${$(5)}, ${$(6)}, ${recipients}, ${$(7)}, ${$(8)}
      ${from}
      RETURNING id`,
    types: ['uuid', 'uuid', 'text', 'text', 'text', 'jsonb', 'uuid', 'text', 'jsonb'],
    values: [
      eventId,
      clientId,
      request.code,
      request.section,
      request.link,
      JSON.stringify(request.vars),
      actorId,
      request.groupKey,
      JSON.stringify(request.attachments),
    ],
  };
}

export const notificationSubscriptions: Subscriptions = {
  'notifications.requested': { handle: (ctx, event) => storeNotification(ctx, event.payload) },
};
