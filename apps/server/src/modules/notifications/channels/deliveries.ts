// Messenger deliveries (modules §3 Notification, issue 13): each (entry, channel) is one row of
// notification_deliveries and one pg-boss job with retries and backoff; a delivery that used up its retries stays
// `failed` with its reason for the admin panel's "Failed deliveries".
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import {
  FAILURES_PAGE,
  type FailuresPage,
  type Lang,
  MESSENGER_CHANNELS,
  type MessageCode,
  type MessengerChannel,
  type NotificationDto,
} from '@hallway/shared';
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../../platform/db/client.js';
import { inSystem, inTenant } from '../../../platform/db/tenant.js';
import { notFound } from '../../../platform/errors/app-error.js';
import type { RequestContext } from '../../../platform/http/context.js';
import type { Platform } from '../../../platform/index.js';
import type { JobInfo } from '../../../platform/jobs/types.js';
import { customTemplates, type EntryRow, languages, presentEntry, recipientZone } from '../entries.js';
import { post } from './post.js';
import { slackPayload } from './slack.js';
import { teamsCard } from './teams.js';
import { telegramPayload } from './telegram.js';

export const CHANNEL_QUEUE = 'notify.channel';
/** A delivery being sent is not taken by another job of it for this long (a crashed attempt frees it then). */
const LEASE = sql`interval '2 minutes'`;

export type DeliveryStatus = 'sent' | 'skipped' | 'failed';
/** `done` (deliveryId, status) when a delivery ends: what tests wait for. */
export const channelEvents = new EventEmitter();

/** What each channel posts for an entry: plain text with its link, escaped for the receiver's markup. */
export function channelPayload(channel: MessengerChannel, entry: NotificationDto, url: string, chatId?: string) {
  const lines = [entry.title, entry.text].filter(Boolean);
  if (channel === 'slack') return slackPayload(lines, url);
  if (channel === 'teams') return teamsCard(entry, url);
  return telegramPayload(lines, url, chatId);
}

interface DeliveryRow extends EntryRow {
  channel: MessengerChannel;
  notification_id: string;
  lang: Lang | null;
  client_lang: Lang | null;
  zone: string | null;
  own_teams: string | null;
  own_slack: string | null;
  chat_id: string | null;
  ws_teams: string | null;
  ws_slack: string | null;
  telegram_token: string | null;
}

function finish(p: Platform, clientId: string, id: string, status: DeliveryStatus | 'pending', error: string | null) {
  return inTenant(p.database, { clientId }, async (tx) => {
    await tx.execute(
      sql`UPDATE notification_deliveries SET status = ${status}, error = ${error}, locked_until = NULL, updated = now()
          WHERE id = ${id}`,
    );
  });
}

/**
 * The job of one delivery: takes it (pending, not held by another try), sends it, and records the outcome. A failed
 * try throws so pg-boss tries again after its backoff; the last one records `failed` with the reason instead.
 * A delivery already sent is never sent again by us (a crash after the send and before the record is the one gap).
 */
export async function sendDelivery(p: Platform, clientId: string, deliveryId: string, job: JobInfo) {
  const [row] = await inTenant(p.database, { clientId }, (tx) =>
    rowsOf<DeliveryRow>(
      tx,
      sql`WITH taken AS (
            UPDATE notification_deliveries SET attempts = attempts + 1, locked_until = now() + ${LEASE}, updated = now()
            WHERE id = ${deliveryId} AND status = 'pending' AND (locked_until IS NULL OR locked_until < now())
            RETURNING id, channel, notification_id, user_id)
          SELECT d.id, d.channel, d.notification_id, n.code, n.section, n.link, n.vars, n.actor_id, n.others, n.read,
                 n.created, u.lang, c.lang AS client_lang, ${recipientZone} AS zone, l.teams_url AS own_teams, l.slack_url AS own_slack,
                 l.telegram_chat_id AS chat_id, s.teams_url AS ws_teams, s.slack_url AS ws_slack, s.telegram_token
          FROM taken d JOIN notifications n ON n.id = d.notification_id JOIN users u ON u.id = d.user_id
          JOIN clients c ON c.id = ${clientId}
          LEFT JOIN messenger_links l ON l.user_id = d.user_id
          LEFT JOIN messenger_settings s ON s.client_id = ${clientId}`,
    ),
  );
  if (!row) return;
  const target =
    row.channel === 'slack'
      ? (row.own_slack ?? row.ws_slack)
      : row.channel === 'teams'
        ? (row.own_teams ?? row.ws_teams)
        : row.telegram_token && row.chat_id
          ? `${p.config.messengers.telegramApi}/bot${row.telegram_token}/sendMessage`
          : null;
  if (!target) {
    await finish(p, clientId, row.id, 'skipped', null);
    channelEvents.emit('done', row.id, 'skipped');
    return;
  }
  try {
    const custom = await inTenant(p.database, { clientId }, (tx) => customTemplates(tx, clientId));
    const langs = languages(p, row.lang, row.client_lang);
    const entry = presentEntry({ ...row, id: row.notification_id }, langs, custom, row.zone);
    const url = entry.link ? `${p.config.publicUrl}${entry.link}` : p.config.publicUrl;
    await post(p, target, channelPayload(row.channel, entry, url, row.chat_id ?? undefined));
  } catch (err) {
    // The bot token is part of Telegram's URL: never keep it in a reason.
    const reason = String((err as Error).message ?? err)
      .replaceAll(row.telegram_token ?? '\0', '***')
      .slice(0, 500);
    const last = job.retryCount >= job.retryLimit;
    await finish(p, clientId, row.id, last ? 'failed' : 'pending', reason);
    if (last) {
      channelEvents.emit('done', row.id, 'failed');
      return;
    }
    channelEvents.emit('retry', row.id, reason);
    throw new Error(reason);
  }
  await finish(p, clientId, row.id, 'sent', null);
  channelEvents.emit('done', row.id, 'sent');
}

/** Queues a delivery's job; its id is the delivery's, so queuing it again while it exists queues nothing. */
export function queueDelivery(p: Platform, clientId: string, deliveryId: string, jobId = deliveryId) {
  const { retryLimit, retryDelaySeconds } = p.config.messengers;
  return p.jobs.send(
    CHANNEL_QUEUE,
    { clientId, deliveryId },
    { id: jobId, retryLimit, retryDelay: retryDelaySeconds, retryBackoff: true },
  );
}

/**
 * Queues the jobs of many deliveries in one statement per thousand (the fan-out of a big event). A delivery's first
 * job has its id; `fresh` gives new ids, for deliveries whose job with that id ended or vanished.
 */
export async function queueDeliveries(p: Platform, clientId: string, ids: string[], fresh = false) {
  const { retryLimit, retryDelaySeconds } = p.config.messengers;
  for (let i = 0; i < ids.length; i += 1000) {
    await p.jobs.sendMany(
      CHANNEL_QUEUE,
      ids.slice(i, i + 1000).map((id) => ({
        data: { clientId, deliveryId: id },
        options: { id: fresh ? randomUUID() : id, retryLimit, retryDelay: retryDelaySeconds, retryBackoff: true },
      })),
    );
  }
}

/** Messenger deliveries of freshly inserted entries, in the batch's transaction (none twice: the unique key). */
export async function insertDeliveries(
  tx: Tx,
  clientId: string,
  rows: { id: string; user_id: string; channels: string[]; fresh: boolean }[],
): Promise<string[]> {
  const wanted = rows.flatMap((r) =>
    r.fresh ? r.channels.filter((c) => (MESSENGER_CHANNELS as readonly string[]).includes(c)).map((c) => [r, c]) : [],
  ) as [{ id: string; user_id: string }, string][];
  if (!wanted.length) return [];
  const json = JSON.stringify(wanted.map(([r, c]) => ({ n: r.id, u: r.user_id, c })));
  const inserted = await rowsOf<{ id: string }>(
    tx,
    sql`INSERT INTO notification_deliveries (id, client_id, notification_id, user_id, channel)
        SELECT gen_random_uuid(), ${clientId}, d.n, d.u, d.c FROM jsonb_to_recordset(${json}::jsonb) AS d(n uuid, u uuid, c text)
        ON CONFLICT (notification_id, channel) DO NOTHING RETURNING id`,
  );
  return inserted.map((r) => r.id);
}

/**
 * Pending deliveries older than a minute, not held by a try, that have no live job (never queued: a stop right after
 * the commit; or their job ended or vanished without recording an outcome): queued again at once with a new job id,
 * rather than waiting for pg-boss to archive the old one. A delivery waiting for its retry has a live job and is left
 * alone; two jobs of one delivery never send together (the lease of sendDelivery) nor after it was sent.
 *
 * A delivery whose lease ended while still pending lost its try (its process died mid-send): its job stays `active`
 * for pg-boss until it expires 15 minutes later, so only a job yet to run counts as live for it. The sweep runs every
 * minute, so such a delivery is sent again within a minute of its lease's end.
 */
export async function sweepDeliveries(p: Platform) {
  const stale = await inSystem(p.database, (tx) =>
    rowsOf<{ id: string; client_id: string; lapsed: boolean }>(
      tx,
      sql`SELECT id, client_id, locked_until IS NOT NULL AS lapsed FROM notification_deliveries
          WHERE status = 'pending' AND created < now() - interval '1 minute'
            AND (locked_until IS NULL OR locked_until < now()) ORDER BY created LIMIT 500`,
    ),
  );
  if (!stale.length) return;
  const ids = (lapsed: boolean) => stale.filter((r) => r.lapsed === lapsed).map((r) => r.id);
  const live = new Set([
    ...(await p.jobs.live(CHANNEL_QUEUE, 'deliveryId', ids(false))),
    ...(await p.jobs.live(CHANNEL_QUEUE, 'deliveryId', ids(true), { running: false })),
  ]);
  const byClient = new Map<string, string[]>();
  for (const row of stale) {
    if (!live.has(row.id)) byClient.set(row.client_id, [...(byClient.get(row.client_id) ?? []), row.id]);
  }
  for (const [clientId, ids] of byClient) await queueDeliveries(p, clientId, ids, true);
}

export async function failures(ctx: RequestContext, page: number): Promise<FailuresPage> {
  const rows = await rowsOf<{
    id: string;
    channel: MessengerChannel;
    user_id: string;
    first_name: string;
    last_name: string;
    login: string;
    notification_id: string;
    code: string;
    attempts: number;
    error: string | null;
    updated: string | Date;
    total: number;
  }>(
    ctx.db,
    sql`SELECT d.id, d.channel, d.user_id, u.first_name, u.last_name, u.login, d.notification_id, n.code, d.attempts,
               d.error, d.updated, count(*) OVER ()::int AS total
        FROM notification_deliveries d JOIN users u ON u.id = d.user_id JOIN notifications n ON n.id = d.notification_id
        WHERE d.client_id = ${ctx.tenant()} AND d.status = 'failed'
        ORDER BY d.updated DESC, d.id LIMIT ${FAILURES_PAGE} OFFSET ${page * FAILURES_PAGE}`,
  );
  let total = Number(rows[0]?.total ?? 0);
  if (!rows.length && page > 0) {
    const [count] = await rowsOf<{ n: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS n FROM notification_deliveries WHERE client_id = ${ctx.tenant()} AND status = 'failed'`,
    );
    total = Number(count?.n ?? 0);
  }
  return {
    total,
    result: rows.map((r) => ({
      _id: r.id,
      channel: r.channel,
      user: { _id: r.user_id, name: `${r.first_name} ${r.last_name}`.trim() || r.login },
      notification: { _id: r.notification_id, code: r.code },
      attempts: Number(r.attempts),
      error: r.error ?? '',
      failed_at: new Date(r.updated).toISOString(),
    })),
  };
}

/** Sends a failed delivery again, with a fresh round of retries, once the request committed. */
export async function retryFailure(ctx: RequestContext, p: Platform, id: string) {
  const [row] = await rowsOf<{ id: string }>(
    ctx.db,
    sql`UPDATE notification_deliveries SET status = 'pending', attempts = 0, locked_until = NULL, updated = now()
        WHERE id = ${id} AND client_id = ${ctx.tenant()} AND status = 'failed' RETURNING id`,
  );
  if (!row) throw notFound('delivery_not_found' satisfies MessageCode);
  const clientId = ctx.tenant();
  // A new job id: the delivery's own is taken by the job that failed.
  if (p.config.jobs) ctx.afterCommit(() => queueDelivery(p, clientId, id, randomUUID()).catch(() => undefined));
  return { _id: id, status: 'pending' as const };
}
