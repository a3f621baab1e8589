import { sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/db/client.js';
import { newId } from '../../platform/db/ids.js';
import { textLiteral, uuidLiteral } from '../../platform/db/tenant.js';
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

/** `storeNotification` as one statement of a one-statement write (platform/notify `notifyInStatement`). */
export function storeStatement(
  clientId: string,
  actorId: string | null,
  request: Omit<NotificationRequest, 'recipients'>,
  recipients: string,
  from: string,
): { sql: string; eventId: string } {
  const eventId = newId();
  const text = (value: string | null) => (value === null ? 'NULL' : textLiteral(value));
  const json = (value: unknown) => `${textLiteral(JSON.stringify(value))}::jsonb`;
  const actor = actorId ? uuidLiteral(actorId) : 'NULL';
  return {
    eventId,
    sql: `INSERT INTO notification_events (id, client_id, code, section, link, vars, actor_id, recipients, group_key,
                                       attachments)
      SELECT ${uuidLiteral(eventId)}, ${uuidLiteral(clientId)}, ${text(request.code)}, ${text(request.section)},
             ${text(request.link)}, ${json(request.vars)}, ${actor}, ${recipients}, ${text(request.groupKey)},
             ${json(request.attachments)}
      ${from}
      RETURNING id`,
  };
}

export const notificationSubscriptions: Subscriptions = {
  'notifications.requested': { handle: (ctx, event) => storeNotification(ctx, event.payload) },
};
