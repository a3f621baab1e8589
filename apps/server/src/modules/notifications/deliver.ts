import { EventEmitter } from 'node:events';
import type { Lang, NotificationChannel, NotificationDto } from '@hallway/shared';
import { sql } from 'drizzle-orm';
import { notificationDefinition } from '../../platform/catalogues.js';
import { rowsOf, type Tx } from '../../platform/db/client.js';
import { inSystem, inTenant } from '../../platform/db/tenant.js';
import type { Platform } from '../../platform/index.js';
import type { MailAttachment } from '../../platform/mail/types.js';
import { personalLinks } from '../../platform/notify/moments.js';
import type { NotificationDispatch } from '../../platform/notify/notify.js';
import {
  CHANNEL_QUEUE,
  insertDeliveries,
  queueDeliveries,
  sendDelivery,
  sweepDeliveries,
} from './channels/deliveries.js';
import { actorAvatarSql, customTemplates, type EntryRow, languages, presentEntry, recipientZone } from './entries.js';
import { storeStatement } from './events.js';
import { notificationMail } from './mail.js';
import type { CustomTemplates } from './templates.js';

export const FANOUT_QUEUE = 'notify.fanout';
const SWEEP_QUEUE = 'notify.sweep';
const MAIL_QUEUE = 'notify.mail';
/** Recipients per transaction: big enough for 10,000 people in a few seconds, small enough to keep locks short. */
export const BATCH = 1000;

/** An event as the fan-out reads it: what its entries share, and how far it got. */
interface EventRow extends Pick<EntryRow, 'id' | 'code' | 'section' | 'link' | 'vars' | 'actor_id'> {
  /** The actor's picture, for the live entry (`notification.new`). */
  actor_avatar: string | null;
  recipients: { ids?: string[]; everyone?: true };
  group_key: string | null;
  /** Files its mails carry (`notify()`'s `attachments`). */
  attachments: MailAttachment[] | null;
  cursor: string | null;
  done_at: string | null;
  enabled: boolean;
}
interface Recipient {
  id: string;
  email: string | null;
  lang: Lang | null;
  client_lang: Lang | null;
  zone: string | null;
  channels: NotificationChannel[];
}
interface Delivered {
  id: string;
  user_id: string;
  others: number;
  channels: NotificationChannel[];
  in_center: boolean;
  read: boolean;
  created: Date | string;
  fresh: boolean;
}

/** `entered` (eventId) once every centre entry exists, `delivered` once its mails went too: what tests wait for. */
const events = new EventEmitter();

async function nextBatch(p: Platform, clientId: string, eventId: string) {
  return inTenant(p.database, { clientId }, async (tx) => {
    const [event] = await rowsOf<EventRow>(
      tx,
      sql`SELECT e.*, ${actorAvatarSql(sql.raw('e.actor_id'))} AS actor_avatar, EXISTS (SELECT 1 FROM clients c, jsonb_array_elements(c.features) f
                            WHERE c.id = e.client_id AND f->>'code' = 'notifications' AND (f->>'active')::boolean) AS enabled
          FROM notification_events e WHERE e.id = ${eventId} FOR UPDATE OF e`,
    );
    if (!event || event.done_at) return null;
    const recipients = event.enabled ? await recipientsAfter(tx, clientId, event) : [];
    const delivered = recipients.length ? await insertEntries(tx, clientId, event, recipients) : [];
    // Messenger deliveries commit with their entries: a channel that is down never costs the centre entry.
    const deliveries = delivered.length ? await insertDeliveries(tx, clientId, delivered) : [];
    const custom = delivered.length ? await customTemplates(tx, clientId) : new Map();
    const done = recipients.length < BATCH;
    await tx.execute(sql`UPDATE notification_events SET cursor = ${recipients.at(-1)?.id ?? event.cursor},
        delivered = delivered + ${delivered.length}, done_at = ${done ? sql`now()` : null} WHERE id = ${eventId}`);
    return { event, recipients, delivered, deliveries, done, custom };
  });
}

/** Delivers one event to the end in this process (the job's body; the isolation fixtures call it without jobs). */
async function deliver(p: Platform, clientId: string, eventId: string) {
  // Mails wait until every centre entry exists: 10,000 of them must not hold up the centre behind the mailer.
  const mails: MailTask[] = [];
  let attachments: MailAttachment[] = [];
  const deliveries: string[] = [];
  for (;;) {
    const batch = await nextBatch(p, clientId, eventId);
    if (!batch) break;
    attachments = batch.event.attachments ?? [];
    mails.push(...announce(p, clientId, batch.event, batch.recipients, batch.delivered, batch.custom));
    deliveries.push(...batch.deliveries);
    if (batch.done) break;
  }
  events.emit('entered', eventId);
  // Messenger jobs, like mails, once every entry exists; without jobs (or should queuing fail) the deliveries stay
  // pending until the sweep of a process with jobs queues them.
  if (p.config.jobs && deliveries.length) await queueDeliveries(p, clientId, deliveries).catch(() => undefined);
  for (const mail of mails) {
    const rendered = notificationMail(mail.entry, p.config.publicUrl, mail.entry.full);
    await p.mail.send({ clientId, to: mail.to, ...rendered, attachments }).catch(() => undefined);
  }
  events.emit('delivered', eventId);
}

/**
 * pg-boss hands a worker one job per polling interval (2 s), far too slow for a burst of likes or comments; so a
 * worker that finished its job goes on with the other pending events (their batches lock the event row, so two
 * processes on one event take turns, and its own job later finds it done).
 */
async function drain(p: Platform) {
  for (;;) {
    const pending = await inSystem(p.database, (tx) =>
      rowsOf<{ id: string; client_id: string }>(
        tx,
        sql`SELECT id, client_id FROM notification_events WHERE done_at IS NULL ORDER BY created LIMIT 100`,
      ),
    );
    if (pending.length === 0) return;
    for (const row of pending) await deliver(p, row.client_id, row.id);
  }
}

/** `PUT api/notification`: the event's e-mail to every person it reached who has an address, whatever their channel. */
async function mailEvent(p: Platform, clientId: string, eventId: string) {
  const { rows, custom, attachments } = await inTenant(p.database, { clientId }, async (tx) => ({
    custom: await customTemplates(tx, clientId),
    attachments:
      (
        await rowsOf<{ attachments: MailAttachment[] | null }>(
          tx,
          sql`SELECT attachments FROM notification_events WHERE id = ${eventId}`,
        )
      )[0]?.attachments ?? [],
    rows: await rowsOf<
      Parameters<typeof presentEntry>[0] & {
        user_id: string;
        email: string;
        lang: Lang | null;
        client_lang: Lang | null;
        zone: string | null;
      }
    >(
      tx,
      sql`SELECT n.id, n.user_id, n.code, n.section, n.link, n.vars, n.actor_id, n.others, n.read, n.created, u.email, u.lang,
                 c.lang AS client_lang, ${recipientZone} AS zone
          FROM notifications n JOIN users u ON u.id = n.user_id LEFT JOIN clients c ON c.id = n.client_id
          WHERE n.event_id = ${eventId} AND u.email IS NOT NULL AND NOT u.deletion_mark`,
    ),
  }));
  for (const row of rows) {
    const langs = languages(p, row.lang, row.client_lang);
    const entry = presentEntry(row, langs, custom, row.zone, personalLinks(p.config.publicUrl, p.tokens, row.user_id));
    const mail = notificationMail(entry, p.config.publicUrl, entry.full);
    await p.mail.send({ clientId, to: row.email, ...mail, attachments }).catch(() => undefined);
  }
  events.emit('mailed', eventId);
}

/** What tests and the isolation fixtures reach: the delivery run in this process, and its events. */
export const delivery = { events, deliver, mailEvent };

type Dispatcher = NotificationDispatch & { bind(): Promise<void> };
const dispatchers = new WeakMap<Platform, Dispatcher>();

/**
 * The fan-out of notification events (notify.ts) for one platform (one per built app, `Module.provides`): a pg-boss
 * job per event inserts the centre entries batch by batch, each batch in its own transaction that also moves the
 * event's cursor, so a crash resumes after the last committed batch and the unique keys make a repeated batch insert
 * nothing. After each commit: `notification.new` to the person's room (a popup when the channel `system` is on) and
 * the e-mails. E-mail is at most once: a crash between a batch's commit and its mails loses those mails rather than
 * sending them twice. Messenger channels (Telegram, Teams, Slack) get a delivery row per entry and channel in the
 * batch's transaction and a job each (channels/deliveries.ts), retried with backoff and recorded when they keep
 * failing.
 */
export function dispatcherOf(p: Platform): Dispatcher {
  const known = dispatchers.get(p);
  if (known) return known;
  let bound: Promise<void> | null = null;
  const dispatcher: Dispatcher = {
    dispatch(clientId, eventId) {
      // Without jobs (tests of other modules, JOBS=0) the event stays pending until a process with jobs sweeps it.
      if (!p.config.jobs) return;
      p.jobs.send(FANOUT_QUEUE, { clientId, eventId }, { singletonKey: eventId }).catch(() => undefined);
    },
    mailAgain(clientId, eventId) {
      if (!p.config.jobs) return;
      p.jobs.send(MAIL_QUEUE, { clientId, eventId }).catch(() => undefined);
    },
    storeStatement,
    bind() {
      bound ??= work(p);
      return bound;
    },
  };
  dispatchers.set(p, dispatcher);
  return dispatcher;
}

async function work(p: Platform) {
  if (!p.config.jobs) return;
  // Messenger posts wait on the network: 20 at a time, the next batch right after a full one.
  await p.jobs.work<{ clientId: string; deliveryId: string }>(
    CHANNEL_QUEUE,
    (data, job) => sendDelivery(p, data.clientId, data.deliveryId, job),
    { batchSize: 20 },
  );
  await p.jobs.work<{ clientId: string; eventId: string }>(MAIL_QUEUE, (data) =>
    mailEvent(p, data.clientId, data.eventId),
  );
  await p.jobs.work<{ clientId: string; eventId: string }>(FANOUT_QUEUE, async (data) => {
    await deliver(p, data.clientId, data.eventId);
    await drain(p);
  });
  // An event whose job was never queued (the process stopped right after the commit) is picked up here.
  await p.jobs.work(SWEEP_QUEUE, async () => {
    const stale = await inSystem(p.database, (tx) =>
      rowsOf<{ id: string; client_id: string }>(
        tx,
        sql`SELECT id, client_id FROM notification_events
            WHERE done_at IS NULL AND created < now() - interval '1 minute' ORDER BY created LIMIT 500`,
      ),
    );
    for (const row of stale)
      await p.jobs.send(FANOUT_QUEUE, { clientId: row.client_id, eventId: row.id }, { singletonKey: row.id });
    await sweepDeliveries(p);
  });
  await p.jobs.schedule(SWEEP_QUEUE, '* * * * *');
}

/** The next batch of recipients with their channels for the code: the person's, else the workspace's, else shipped. */
async function recipientsAfter(tx: Tx, clientId: string, event: EventRow): Promise<Recipient[]> {
  const shipped = notificationDefinition(event.code)?.channels ?? ['center'];
  const ids = event.recipients.ids ?? [];
  return rowsOf<Recipient>(
    tx,
    sql`SELECT u.id, u.email, u.lang, c.lang AS client_lang, ${recipientZone} AS zone,
          ARRAY(SELECT jsonb_array_elements_text(coalesce(us.channels -> ${event.code}, ws.channels -> ${event.code},
                                                         ${JSON.stringify(shipped)}::jsonb))) AS channels
        FROM users u
        JOIN clients c ON c.id = u.client_id
        LEFT JOIN notification_settings us ON us.user_id = u.id
        LEFT JOIN notification_settings ws ON ws.client_id = u.client_id AND ws.user_id IS NULL
        WHERE u.client_id = ${clientId} AND NOT u.deletion_mark AND NOT ('superadmin' = ANY (u.roles))
          ${event.actor_id ? sql`AND u.id <> ${event.actor_id}` : sql``}
          ${event.cursor ? sql`AND u.id > ${event.cursor}` : sql``}
          ${recipientFilter(event.recipients, ids)}
        ORDER BY u.id LIMIT ${BATCH}`,
  );
}

function recipientFilter(spec: EventRow['recipients'], ids: string[]) {
  if (spec.everyone) return sql``;
  return sql`AND u.id = ANY (${`{${ids.join(',')}}`}::uuid[])`;
}

async function insertEntries(tx: Tx, clientId: string, event: EventRow, recipients: Recipient[]) {
  const people = JSON.stringify(recipients.map((r) => ({ u: r.id, ch: r.channels })));
  const conflict = event.group_key
    ? sql`ON CONFLICT (user_id, group_key) WHERE group_key IS NOT NULL AND NOT read DO UPDATE
            SET others = notifications.others + 1, actor_id = excluded.actor_id, vars = excluded.vars,
                event_id = excluded.event_id, created = excluded.created
            WHERE notifications.event_id <> excluded.event_id
              AND notifications.actor_id IS DISTINCT FROM excluded.actor_id`
    : sql`ON CONFLICT (event_id, user_id) WHERE group_key IS NULL DO NOTHING`;
  return rowsOf<Delivered>(
    tx,
    sql`INSERT INTO notifications (id, client_id, user_id, event_id, code, section, link, vars, actor_id, group_key,
                                   channels, in_center, created)
        SELECT gen_random_uuid(), ${clientId}, p.u, ${event.id}, ${event.code}, ${event.section}, ${event.link},
               ${JSON.stringify(event.vars)}::jsonb, ${event.actor_id}, ${event.group_key}, p.ch, 'center' = ANY (p.ch),
               clock_timestamp()
        FROM jsonb_to_recordset(${people}::jsonb) AS p(u uuid, ch text[])
        ${conflict}
        RETURNING id, user_id, others, channels, in_center, read, created, (xmax = 0) AS fresh`,
  );
}

interface MailTask {
  to: string;
  entry: NotificationDto & { full: string };
}

/** Realtime for a committed batch; answers the e-mails it owes. */
function announce(
  p: Platform,
  clientId: string,
  event: EventRow,
  people: Recipient[],
  rows: Delivered[],
  custom: CustomTemplates,
): MailTask[] {
  const byId = new Map(people.map((r) => [r.id, r]));
  const mails: MailTask[] = [];
  for (const row of rows) {
    const person = byId.get(row.user_id);
    if (!person) continue;
    const langs = languages(p, person.lang, person.client_lang);
    const { full, ...dto } = presentEntry(
      {
        ...row,
        code: event.code,
        section: event.section,
        link: event.link,
        vars: event.vars,
        actor_id: event.actor_id,
        actor_avatar: event.actor_avatar,
      },
      langs,
      custom,
      person.zone,
      personalLinks(p.config.publicUrl, p.tokens, row.user_id),
    );
    const popup = row.channels.includes('system');
    if (row.in_center || popup) {
      p.realtime.emit(clientId, `user:${row.user_id}`, 'notification.new', {
        notification: dto,
        popup,
        fresh: row.fresh && row.in_center,
      });
    }
    if (row.fresh && row.channels.includes('email') && person.email)
      mails.push({ to: person.email, entry: { ...dto, full } });
  }
  return mails;
}
