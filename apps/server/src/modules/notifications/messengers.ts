// Messenger channels (modules §3 Notification, issue 13): Telegram through the workspace's bot, Microsoft Teams and
// Slack through incoming webhooks (a person's own before the workspace's). Each (entry, channel) is one row of
// notification_deliveries and one pg-boss job with retries and backoff; a delivery that used up its retries stays
// `failed` with its reason for the admin panel's "Failed deliveries".
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import {
  FAILURES_PAGE,
  type FailuresPage,
  type Lang,
  MESSENGER_CHANNELS,
  type MessageCode,
  type MessengerChannel,
  type MessengerSettingsBody,
  type MessengerSettingsDto,
  type NotificationDto,
  type PersonalMessengersBody,
  type PersonalMessengersDto,
  type SecretHint,
  type TelegramCodeDto,
} from '@hallway/shared';
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../platform/db/client.js';
import { inSystem, inTenant } from '../../platform/db/tenant.js';
import { AppError, invalidFields, notFound } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import type { Platform } from '../../platform/index.js';
import type { JobInfo } from '../../platform/jobs/types.js';
import { customTemplates, languages, presentEntry } from './deliver.js';

export const CHANNEL_QUEUE = 'notify.channel';
/** How long a one-time Telegram code stays valid. */
const CODE_MINUTES = 15;
/** A delivery being sent is not taken by another job of it for this long (a crashed attempt frees it then). */
const LEASE = sql`interval '2 minutes'`;

export type DeliveryStatus = 'sent' | 'skipped' | 'failed';
/** `done` (deliveryId, status) when a delivery ends: what tests wait for. */
export const channelEvents = new EventEmitter();

// ---------------------------------------------------------------------------------------------------------------
// Settings

const hint = (value: string | null | undefined): SecretHint =>
  value ? { set: true, last4: value.slice(-4) } : { set: false, last4: null };

/**
 * A webhook address as stored: null when cleared (`''` or null), undefined when left out; https only, http just to
 * 127.0.0.1/localhost where the installation allows it (tests) → 400 naming the field otherwise.
 */
export function webhookUrl(p: Platform, value: string | null | undefined, field: string): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value === '') return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalidFields({ [field]: 'webhook_url_invalid' });
  }
  const local = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  const ok =
    (url.protocol === 'https:' || (url.protocol === 'http:' && local && p.config.messengers.allowLocalHttp)) &&
    !url.username &&
    !url.password;
  if (!ok) throw invalidFields({ [field]: 'webhook_url_invalid' });
  return url.toString();
}

interface WorkspaceRow {
  telegram_token: string | null;
  telegram_secret: string | null;
  teams_url: string | null;
  slack_url: string | null;
}

async function workspaceRow(tx: Tx, clientId: string): Promise<WorkspaceRow | undefined> {
  const [row] = await rowsOf<WorkspaceRow>(
    tx,
    sql`SELECT telegram_token, telegram_secret, teams_url, slack_url FROM messenger_settings WHERE client_id = ${clientId}`,
  );
  return row;
}

const telegramWebhook = (p: Platform, secret: string | null) =>
  secret ? `${p.config.publicUrl}/api/telegram/webhook/${secret}` : null;

export async function workspaceSettings(ctx: RequestContext, p: Platform): Promise<MessengerSettingsDto> {
  const row = await workspaceRow(ctx.db, ctx.tenant());
  return {
    telegram_token: hint(row?.telegram_token),
    teams_url: hint(row?.teams_url),
    slack_url: hint(row?.slack_url),
    telegram_webhook: row?.telegram_token ? telegramWebhook(p, row.telegram_secret) : null,
  };
}

/**
 * Saves the workspace's channels (fields left out keep their value). A new bot token gets a new secret webhook path,
 * and once the request committed Telegram is told it (`setWebhook`); should that fail, the URL is shown to the
 * administrator to register by hand.
 */
export async function saveWorkspaceSettings(ctx: RequestContext, p: Platform, body: MessengerSettingsBody) {
  const teams = webhookUrl(p, body.teams_url, 'teams_url');
  const slack = webhookUrl(p, body.slack_url, 'slack_url');
  const current = await workspaceRow(ctx.db, ctx.tenant());
  const token = body.telegram_token === undefined ? undefined : body.telegram_token || null;
  const tokenChanged = token !== undefined && token !== (current?.telegram_token ?? null);
  const secret = tokenChanged ? (token ? randomBytes(24).toString('base64url') : null) : current?.telegram_secret;
  const next = {
    telegram_token: token === undefined ? (current?.telegram_token ?? null) : token,
    telegram_secret: secret ?? null,
    teams_url: teams === undefined ? (current?.teams_url ?? null) : teams,
    slack_url: slack === undefined ? (current?.slack_url ?? null) : slack,
  };
  await ctx.db.execute(
    sql`INSERT INTO messenger_settings (id, client_id, telegram_token, telegram_secret, teams_url, slack_url, updated)
        VALUES (gen_random_uuid(), ${ctx.tenant()}, ${next.telegram_token}, ${next.telegram_secret}, ${next.teams_url},
                ${next.slack_url}, now())
        ON CONFLICT (client_id) DO UPDATE SET telegram_token = excluded.telegram_token,
          telegram_secret = excluded.telegram_secret, teams_url = excluded.teams_url, slack_url = excluded.slack_url,
          updated = now()`,
  );
  if (tokenChanged && next.telegram_token && next.telegram_secret) {
    const url = telegramWebhook(p, next.telegram_secret)!;
    const botToken = next.telegram_token;
    ctx.afterCommit(() =>
      telegramCall(p, botToken, 'setWebhook', { url, allowed_updates: ['message'] }).catch(() => undefined),
    );
  }
  return workspaceSettings(ctx, p);
}

interface LinkRow {
  teams_url: string | null;
  slack_url: string | null;
  telegram_chat_id: string | null;
}

export async function personalSettings(ctx: RequestContext): Promise<PersonalMessengersDto> {
  const [row] = await rowsOf<LinkRow>(
    ctx.db,
    sql`SELECT teams_url, slack_url, telegram_chat_id FROM messenger_links WHERE user_id = ${ctx.me().id}`,
  );
  const workspace = await workspaceRow(ctx.db, ctx.tenant());
  return {
    teams_url: hint(row?.teams_url),
    slack_url: hint(row?.slack_url),
    telegram_linked: !!row?.telegram_chat_id,
    telegram_available: !!workspace?.telegram_token,
  };
}

export async function savePersonalSettings(ctx: RequestContext, p: Platform, body: PersonalMessengersBody) {
  const teams = webhookUrl(p, body.teams_url, 'teams_url');
  const slack = webhookUrl(p, body.slack_url, 'slack_url');
  await ctx.db.execute(
    sql`INSERT INTO messenger_links (id, client_id, user_id, teams_url, slack_url, updated)
        VALUES (gen_random_uuid(), ${ctx.tenant()}, ${ctx.me().id}, ${teams ?? null}, ${slack ?? null}, now())
        ON CONFLICT (user_id) DO UPDATE SET
          teams_url = ${teams === undefined ? sql`messenger_links.teams_url` : sql`excluded.teams_url`},
          slack_url = ${slack === undefined ? sql`messenger_links.slack_url` : sql`excluded.slack_url`},
          updated = now()`,
  );
  return personalSettings(ctx);
}

/** A one-time code for `/start <code>` to the workspace's bot; a new one replaces the last. */
export async function telegramCode(ctx: RequestContext): Promise<TelegramCodeDto> {
  const workspace = await workspaceRow(ctx.db, ctx.tenant());
  if (!workspace?.telegram_token) throw new AppError(409, 'telegram_not_configured');
  const code = String(randomInt(10_000_000, 100_000_000));
  const [row] = await rowsOf<{ expires: Date | string }>(
    ctx.db,
    sql`INSERT INTO messenger_links (id, client_id, user_id, telegram_code, telegram_code_expires, updated)
        VALUES (gen_random_uuid(), ${ctx.tenant()}, ${ctx.me().id}, ${code},
                now() + make_interval(mins => ${CODE_MINUTES}), now())
        ON CONFLICT (user_id) DO UPDATE SET telegram_code = excluded.telegram_code,
          telegram_code_expires = excluded.telegram_code_expires, updated = now()
        RETURNING telegram_code_expires AS expires`,
  );
  return { code, expires: new Date(row.expires).toISOString() };
}

/** Forgets the person's Telegram chat. */
export async function unlinkTelegram(ctx: RequestContext) {
  await ctx.db.execute(
    sql`UPDATE messenger_links SET telegram_chat_id = NULL, telegram_code = NULL, updated = now()
        WHERE user_id = ${ctx.me().id}`,
  );
  return personalSettings(ctx);
}

/**
 * An update Telegram sends to `/api/telegram/webhook/:secret`: `/start <code>` from a chat links that chat to the
 * person whose code it is (and answers in the chat). Anything else is acknowledged and ignored, so Telegram does not
 * send it again. Returns whether a chat was linked.
 */
export async function telegramUpdate(p: Platform, secret: string, update: unknown): Promise<boolean> {
  const message = (update as { message?: { text?: unknown; chat?: { id?: unknown } } } | null)?.message;
  const text = typeof message?.text === 'string' ? message.text.trim() : '';
  const chatId = message?.chat?.id;
  const match = /^\/start(?:@\w+)?\s+(\d{8})$/.exec(text);
  const [workspace] = await inSystem(p.database, (tx) =>
    rowsOf<{ client_id: string; telegram_token: string }>(
      tx,
      sql`SELECT client_id, telegram_token FROM messenger_settings
          WHERE telegram_secret = ${secret} AND telegram_token IS NOT NULL`,
    ),
  );
  if (!workspace) throw notFound();
  if (!match || (typeof chatId !== 'number' && typeof chatId !== 'string')) return false;
  const linked = await inTenant(p.database, { clientId: workspace.client_id }, (tx) =>
    rowsOf<{ user_id: string }>(
      tx,
      sql`UPDATE messenger_links SET telegram_chat_id = ${String(chatId)}, telegram_code = NULL,
            telegram_code_expires = NULL, updated = now()
          WHERE client_id = ${workspace.client_id} AND telegram_code = ${match[1]} AND telegram_code_expires > now()
          RETURNING user_id`,
    ),
  );
  await telegramCall(p, workspace.telegram_token, 'sendMessage', {
    chat_id: chatId,
    text: linked.length
      ? 'Hallway: notifications will come to this chat.'
      : 'Hallway: this code is unknown or expired.',
  }).catch(() => undefined);
  return linked.length > 0;
}

// ---------------------------------------------------------------------------------------------------------------
// Sending

/** An error of the channel that says what went wrong, kept as the failure's reason. */
class ChannelError extends Error {}

async function post(url: string, body: unknown): Promise<void> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause?.code;
    throw new ChannelError(cause ? `${(err as Error).message} (${cause})` : (err as Error).message);
  }
  const text = await res.text().catch(() => '');
  if (!res.ok) throw new ChannelError(`HTTP ${res.status}${text ? `: ${text.slice(0, 300)}` : ''}`);
}

/** A call of Telegram's Bot API (its base configurable: TELEGRAM_API_URL). */
function telegramCall(p: Platform, token: string, method: string, body: object) {
  return post(`${p.config.messengers.telegramApi}/bot${token}/${method}`, body);
}

// Slack reads `<…>` as links and mentions and `&` as entities in `text`; its formatting rules say to escape these.
const slackEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
// Teams renders an Adaptive Card's TextBlock as Markdown (and reads `<at>` mentions): a name must stay text.
const markdownEscape = (s: string) => s.replace(/[\\`*_{}[\]()#+\-.!|~>]/g, (c) => `\\${c}`).replace(/</g, '&lt;');

/**
 * The Adaptive Card (schema 1.4) a Teams incoming webhook (or Workflows) posts: the title in bold, the text, and an
 * "Open" button to the entry's page.
 */
function teamsCard(entry: NotificationDto, url: string) {
  const body: Record<string, unknown>[] = [
    { type: 'TextBlock', text: markdownEscape(entry.title), weight: 'Bolder', size: 'Medium', wrap: true },
  ];
  if (entry.text) body.push({ type: 'TextBlock', text: markdownEscape(entry.text), wrap: true });
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          fallbackText: [entry.title, entry.text, url].filter(Boolean).join('\n'),
          body,
          actions: [{ type: 'Action.OpenUrl', title: 'Open', url }],
        },
      },
    ],
  };
}

/** What each channel posts for an entry: plain text with its link, escaped for the receiver's markup. */
export function channelPayload(channel: MessengerChannel, entry: NotificationDto, url: string, chatId?: string) {
  const lines = [entry.title, entry.text].filter(Boolean);
  if (channel === 'slack') return { text: [...lines.map(slackEscape), `<${url}|${slackEscape(url)}>`].join('\n') };
  if (channel === 'teams') return teamsCard(entry, url);
  // No parse_mode: Telegram shows the text as it is.
  return { chat_id: chatId, text: [...lines, url].join('\n\n'), disable_web_page_preview: true };
}

interface DeliveryRow {
  id: string;
  channel: MessengerChannel;
  code: string;
  section: string;
  link: string | null;
  vars: Record<string, string>;
  actor_id: string | null;
  others: number;
  read: boolean;
  created: string | Date;
  notification_id: string;
  lang: Lang | null;
  client_lang: Lang | null;
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
                 n.created, u.lang, c.lang AS client_lang, l.teams_url AS own_teams, l.slack_url AS own_slack,
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
    const entry = presentEntry({ ...row, id: row.notification_id }, languages(p, row.lang, row.client_lang), custom);
    const url = entry.link ? `${p.config.publicUrl}${entry.link}` : p.config.publicUrl;
    await post(target, channelPayload(row.channel, entry, url, row.chat_id ?? undefined));
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
    throw new ChannelError(reason);
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
 */
export async function sweepDeliveries(p: Platform) {
  const stale = await inSystem(p.database, (tx) =>
    rowsOf<{ id: string; client_id: string }>(
      tx,
      sql`SELECT id, client_id FROM notification_deliveries
          WHERE status = 'pending' AND created < now() - interval '1 minute'
            AND (locked_until IS NULL OR locked_until < now()) ORDER BY created LIMIT 500`,
    ),
  );
  if (!stale.length) return;
  const live = await p.jobs.live(
    CHANNEL_QUEUE,
    'deliveryId',
    stale.map((r) => r.id),
  );
  const byClient = new Map<string, string[]>();
  for (const row of stale) {
    if (!live.has(row.id)) byClient.set(row.client_id, [...(byClient.get(row.client_id) ?? []), row.id]);
  }
  for (const [clientId, ids] of byClient) await queueDeliveries(p, clientId, ids, true);
}

// ---------------------------------------------------------------------------------------------------------------
// Failed deliveries (admin panel)

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
