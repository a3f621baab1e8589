// Telegram (modules §3 Notification, issue 13): the workspace's bot posts to the chat a person linked by sending it
// `/start <code>`; Telegram tells the bot of messages at the secret webhook path set when the token was saved.
import { sql } from 'drizzle-orm';
import { enforceOnBehalf } from '../../../platform/access/guard.js';
import { type Throttle, TooManyAttempts } from '../../../platform/auth/throttle.js';
import { rowsOf } from '../../../platform/db/client.js';
import { inSystem, inTenant } from '../../../platform/db/tenant.js';
import { notFound } from '../../../platform/errors/app-error.js';
import type { SessionClient } from '../../../platform/http/context.js';
import type { Platform } from '../../../platform/index.js';
import { post } from './post.js';

/** The webhook Telegram calls for a workspace's bot. */
export const telegramWebhook = (p: Platform, secret: string | null) =>
  secret ? `${p.config.publicUrl}/api/telegram/webhook/${secret}` : null;

/** A call of Telegram's Bot API (its base configurable: TELEGRAM_API_URL). */
export function telegramCall(p: Platform, token: string, method: string, body: object) {
  return post(p, `${p.config.messengers.telegramApi}/bot${token}/${method}`, body);
}

/**
 * An update Telegram sends to `/api/telegram/webhook/:secret`: `/start <code>` from a chat links that chat to the
 * person whose code it is (and answers in the chat). Anything else is acknowledged and ignored, so Telegram does not
 * send it again. Returns whether a chat was linked.
 *
 * Codes are guessable (8 digits) and a linked chat receives the person's notifications, so guesses are throttled
 * per chat and per workspace bot (LINK_CODE_GUESSES a minute, then lock-outs): past the limit a code is not even
 * looked at and the chat is told to wait. Telegram still gets 200: any other answer makes it send the update again
 * and hold back the bot's later ones.
 */
export async function telegramUpdate(
  p: Platform,
  throttle: Throttle,
  secret: string,
  update: unknown,
): Promise<boolean> {
  const message = (update as { message?: { text?: unknown; chat?: { id?: unknown } } } | null)?.message;
  const text = typeof message?.text === 'string' ? message.text.trim() : '';
  const chatId = message?.chat?.id;
  const match = /^\/start(?:@\w+)?\s+(\d{8})$/.exec(text);
  const [workspace] = await inSystem(p.database, (tx) =>
    rowsOf<{
      client_id: string;
      telegram_token: string;
      workspace: string;
      status: SessionClient['status'];
      features: SessionClient['features'];
    }>(
      tx,
      sql`SELECT s.client_id, s.telegram_token, c.workspace, c.status, c.features
          FROM messenger_settings s JOIN clients c ON c.id = s.client_id
          WHERE s.telegram_secret = ${secret} AND s.telegram_token IS NOT NULL`,
    ),
  );
  if (!workspace) throw notFound();
  // The secret stands for the workspace: blocked, or with notifications switched off, it links nothing.
  const client = {
    id: workspace.client_id,
    workspace: workspace.workspace,
    status: workspace.status,
    features: workspace.features,
  };
  enforceOnBehalf({ user: null, client }, { feature: 'notifications' });
  if (!match || (typeof chatId !== 'number' && typeof chatId !== 'string')) return false;
  try {
    await throttle.take('link_chat', `${workspace.client_id}:${chatId}`);
    await throttle.take('link_bot', workspace.client_id);
  } catch (err) {
    if (!(err instanceof TooManyAttempts)) throw err;
    await telegramCall(p, workspace.telegram_token, 'sendMessage', {
      chat_id: chatId,
      text: 'Hallway: too many attempts. Try again in a few minutes.',
    }).catch(() => undefined);
    return false;
  }
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

/** An entry as the bot sends it: no parse_mode, so Telegram shows the text as it is. */
export const telegramPayload = (lines: string[], url: string, chatId?: string) => ({
  chat_id: chatId,
  text: [...lines, url].join('\n\n'),
  disable_web_page_preview: true,
});
