import { NOTIFICATION_CODES, NOTIFICATION_VAR_MAX, type NotificationCode, plainText } from '@hallway/shared';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/client.js';
import { newId } from '../db/ids.js';
import type { RequestContext } from '../http/context.js';
import type { MailAttachment } from '../mail/types.js';

/** Who a notification goes to, resolved in SQL by the fan-out job (`NotifyInput.recipients`). */
export type RecipientSpec = { ids: string[] } | { everyone: true } | { authorOf: AuthoredKind; id: string };
/** Objects whose author a notification can go to, resolved in SQL (the caller needs not load the object). */
export type AuthoredKind = 'post' | 'comment';

/** What starts the delivery of an event once its transaction committed (the notifications module provides it). */
export interface NotificationDispatch {
  dispatch(clientId: string, eventId: string): void;
  /** Queues the event's e-mail to everyone it reached (`PUT api/notification`). */
  mailAgain(clientId: string, eventId: string): void;
}

declare module '../http/module.js' {
  interface ModuleServices {
    notificationDispatch: NotificationDispatch;
  }
}

export interface NotifyInput {
  code: NotificationCode;
  /** People by id, or everyone of the workspace; resolved in SQL by the fan-out job, the caller never loads them. */
  recipients: string[] | 'everyone' | { authorOf: AuthoredKind; id: string };
  /** Template variables (`{actor}`, `{text}`): plain text, cut to a few hundred characters, escaped where shown. */
  vars?: Record<string, string | number>;
  /** The object's path in the app, opened by a click on the entry. */
  link?: string | null;
  /** The centre section; the code's own section when left out. */
  section?: string;
  /** Unread entries sharing a key become one ("Anna and 4 others"). */
  groupKey?: string;
  /** Files every mail of the event carries (an invitation's `invite.ics`); the centre and popups ignore them. */
  attachments?: MailAttachment[];
}

// Control characters would survive into mail subjects and popups; a name is never meant to carry them.
// biome-ignore lint/suspicious/noControlCharactersInRegex: that is the point
const CONTROL = /[\u0000-\u001f\u007f]+/g;
// Mention markup becomes `@Name`, as readers of the post see it.
const clean = (value: string | number) =>
  plainText(String(value)).replace(CONTROL, ' ').trim().slice(0, NOTIFICATION_VAR_MAX);

/**
 * Tells people that something needs them (modules §3 Notification): one row in the caller's transaction, so it exists
 * exactly when the change that caused it committed; after the commit a pg-boss job fans it out in batches (deliver.ts).
 * The signed-in person is never notified of their own action. Returns the event id, or null when nobody is left.
 */
export async function notify(ctx: RequestContext, input: NotifyInput): Promise<string | null> {
  const clientId = ctx.tenant();
  const actorId = ctx.user?.id ?? null;
  let recipients: RecipientSpec;
  if (input.recipients === 'everyone') recipients = { everyone: true };
  else if (!Array.isArray(input.recipients)) recipients = input.recipients;
  else {
    const ids = [...new Set(input.recipients)].filter((id) => id !== actorId);
    if (ids.length === 0) return null;
    recipients = { ids };
  }
  const me = ctx.user;
  const actor = me ? `${me.firstName} ${me.lastName}`.trim() || me.login : '';
  const vars = Object.fromEntries(Object.entries({ actor, ...input.vars }).map(([k, v]) => [k, clean(v)]));
  // The table belongs to the notifications module (modules/notifications/tables.ts); the platform writes the row by
  // name so it imports no module.
  const [event] = await rowsOf<{ id: string }>(
    ctx.db,
    sql`INSERT INTO notification_events (id, client_id, code, section, link, vars, actor_id, recipients, group_key,
                                         attachments)
        VALUES (${newId()}, ${clientId}, ${input.code}, ${input.section ?? NOTIFICATION_CODES[input.code].section},
                ${input.link ?? null}, ${JSON.stringify(vars)}::jsonb, ${actorId}, ${JSON.stringify(recipients)}::jsonb,
                ${input.groupKey ?? null}, ${JSON.stringify(input.attachments ?? [])}::jsonb)
        RETURNING id`,
  );
  const dispatcher = ctx.services.notificationDispatch;
  if (dispatcher) ctx.afterCommit(() => dispatcher.dispatch(clientId, event.id));
  return event.id;
}
