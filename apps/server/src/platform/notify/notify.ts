import { NOTIFICATION_VAR_MAX, type NotificationCode, plainText } from '@hallway/shared';
import { notificationDefinition } from '../catalogues.js';
import { record } from '../events/bus.js';
import type { RequestContext } from '../http/context.js';
import type { MailAttachment } from '../mail/types.js';
import { isMoment, type Moment, type NotificationVar, type NotificationVars } from './moments.js';

/** Who a notification goes to, resolved in SQL by the fan-out job (`NotifyInput.recipients`). */
export type RecipientSpec = { ids: string[] } | { everyone: true };

/** What starts the delivery of an event once its transaction committed (the notifications module provides it). */
export interface NotificationDispatch {
  dispatch(clientId: string, eventId: string): void;
  /** Queues the event's e-mail to everyone it reached (`PUT api/notification`). */
  mailAgain(clientId: string, eventId: string): void;
  /**
   * What the notifications module stores for `request` as one SQL statement (`notifyInStatement`): an INSERT whose
   * recipients are the jsonb expression `recipients` over the caller's `from` clause (FROM and WHERE), returning
   * the event's id; its values are the statement's parameters from `$at` on, the actor's `$at+6`.
   */
  storeStatement(
    clientId: string,
    actorId: string | null,
    request: Omit<NotificationRequest, 'recipients'>,
    recipients: string,
    from: string,
    at: number,
  ): { sql: string; types: string[]; values: (string | null)[]; eventId: string };
}

declare module '../http/module.js' {
  interface ModuleServices {
    notificationDispatch: NotificationDispatch;
  }
}

/** A notification asked for, ready to store: recipients resolved to a spec, variables cleaned, the section known. */
export interface NotificationRequest {
  code: NotificationCode;
  section: string;
  recipients: RecipientSpec;
  vars: NotificationVars;
  link: string | null;
  groupKey: string | null;
  attachments: MailAttachment[];
}

declare module '../events/bus.js' {
  interface DomainEvents {
    /** `notify()`: the notifications module stores it in the same transaction and delivers it after the commit. */
    'notifications.requested': NotificationRequest;
  }
}

export interface NotifyInput {
  code: NotificationCode;
  /** People by id, or everyone of the workspace (resolved by the fan-out job, the caller never loads them). */
  recipients: string[] | 'everyone';
  /**
   * Template variables (`{actor}`, `{text}`): plain text, cut to a few hundred characters, escaped where shown; a
   * date or time as a `Moment`, a rule or a personal link (moments.ts), written out for each recipient.
   */
  vars?: Record<string, number | NotificationVar>;
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
/** A moment keeps its own fields only, each cleaned like text. */
const cleanMoment = (moment: Moment): Moment => {
  const until = moment.until ? { until: clean(moment.until) } : {};
  return 'day' in moment
    ? { day: clean(moment.day), ...until }
    : { at: clean(moment.at), zone: clean(moment.zone), ...(moment.time ? { time: true as const } : {}), ...until };
};
/** Text and numbers are cleaned; a moment, a rule or a link keeps only its own fields. */
function cleanVar(value: number | NotificationVar): NotificationVar {
  if (typeof value === 'string' || typeof value === 'number') return clean(value);
  if (isMoment(value)) return cleanMoment(value);
  if ('repeat' in value) {
    const { period, interval, weekdays, until, count } = value.repeat;
    return { repeat: { period, interval, weekdays: [...weekdays], until, count } };
  }
  return { personal: clean(value.personal), ...(value.query ? { query: clean(value.query) } : {}) };
}

/**
 * Tells people that something needs them (modules §3 Notification): a `notifications.requested` event, which the
 * notifications module stores in the caller's transaction (so it exists exactly when the change that caused it
 * committed) and fans out after the commit in batches. The signed-in person is never notified of their own action.
 */
export async function notify(ctx: RequestContext, input: NotifyInput): Promise<void> {
  const request = notificationRequest(ctx, input);
  if (request) await record(ctx, 'notifications.requested', request);
}

/**
 * `notify()` inside a one-statement write (the guard's `quickWrite`), where no other statement may run: the
 * notification is stored by a CTE of that statement, for one person the statement itself finds (`recipient.sql`,
 * an SQL uuid expression over `recipient.from`, the FROM clause: a post's author), unless it is the caller. The
 * FROM clause also says when to tell: no row, no notification. Answers the CTE's body (an INSERT returning the
 * event's id) with its parameters, numbered from `$at` (their types and values follow the statement's own), and
 * what to call once the statement answered with that id; null without the notifications module.
 */
export function notifyInStatement(
  ctx: RequestContext,
  input: Omit<NotifyInput, 'recipients'>,
  recipient: { sql: string; from: string },
  at: number,
): { sql: string; types: string[]; values: (string | null)[]; stored(): void } | null {
  const dispatcher = ctx.services.notificationDispatch;
  if (!dispatcher) return null;
  const clientId = ctx.tenant();
  const { sql, types, values, eventId } = dispatcher.storeStatement(
    clientId,
    ctx.user?.id ?? null,
    describe(ctx, input),
    `jsonb_build_object('ids', jsonb_build_array(${recipient.sql}))`,
    `${recipient.from} WHERE ${recipient.sql} IS DISTINCT FROM $${at + 6}`,
    at,
  );
  return { sql, types, values, stored: () => ctx.afterCommit(() => dispatcher.dispatch(clientId, eventId)) };
}

/** The request `notify()` records; null when nobody is left to tell. */
export function notificationRequest(ctx: RequestContext, input: NotifyInput): NotificationRequest | null {
  const actorId = ctx.user?.id ?? null;
  let recipients: RecipientSpec;
  if (input.recipients === 'everyone') recipients = { everyone: true };
  else {
    const ids = [...new Set(input.recipients)].filter((id) => id !== actorId);
    if (ids.length === 0) return null;
    recipients = { ids };
  }
  return { ...describe(ctx, input), recipients };
}

/** A notification's content: the actor, the cleaned variables, the section, the link. */
function describe(
  ctx: RequestContext,
  input: Omit<NotifyInput, 'recipients'>,
): Omit<NotificationRequest, 'recipients'> {
  const me = ctx.user;
  const actor = me ? `${me.firstName} ${me.lastName}`.trim() || me.login : '';
  const vars: NotificationVars = Object.fromEntries(
    Object.entries({ actor, ...input.vars }).map(([k, v]) => [k, cleanVar(v)]),
  );
  const definition = notificationDefinition(input.code);
  if (!definition) throw new Error(`No module declares the notification ${input.code}`);
  return {
    code: input.code,
    section: input.section ?? definition.section,
    vars,
    link: input.link ?? null,
    groupKey: input.groupKey ?? null,
    attachments: input.attachments ?? [],
  };
}
