// The channels' settings: the workspace's (Telegram bot token, Teams and Slack webhooks; secrets never leave in full)
// and each person's own (their webhooks, their Telegram chat and the one-time code that links it).
import { randomBytes, randomInt } from 'node:crypto';
import type {
  MessengerSettingsBody,
  MessengerSettingsDto,
  PersonalMessengersBody,
  PersonalMessengersDto,
  SecretHint,
  TelegramCodeDto,
} from '@hallway/shared';
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../../platform/db/client.js';
import { AppError, invalidFields } from '../../../platform/errors/app-error.js';
import type { RequestContext } from '../../../platform/http/context.js';
import { checkOutboundUrl } from '../../../platform/http/outbound.js';
import type { Platform } from '../../../platform/index.js';
import { telegramCall, telegramWebhook } from './telegram.js';

/** How long a one-time Telegram code stays valid. */
const CODE_MINUTES = 15;

const hint = (value: string | null | undefined): SecretHint =>
  value ? { set: true, last4: value.slice(-4) } : { set: false, last4: null };

/**
 * A webhook address as stored: null when cleared (`''` or null), undefined when left out. https only (plain http to
 * a host OUTBOUND_ALLOW_HOSTS names), no credentials → else 400 `webhook_url_invalid` on the field; an address inside
 * the network → 400 `url_internal` (platform/http/outbound.ts).
 */
export function webhookUrl(p: Platform, value: string | null | undefined, field: string): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value === '') return null;
  const checked = checkOutboundUrl(value, p.config.outboundAllow);
  if ('problem' in checked) {
    throw invalidFields({ [field]: checked.problem === 'internal' ? 'url_internal' : 'webhook_url_invalid' });
  }
  return checked.url.toString();
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
