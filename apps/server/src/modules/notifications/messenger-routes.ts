// Messenger channels (issue 13): the workspace's Telegram bot and Teams/Slack webhooks (admin panel "notification
// settings"), a person's own webhooks and Telegram link (profile "notifications"), Telegram's webhook, and the admin
// panel's "Failed deliveries" with a retry.
import {
  failuresPage,
  failuresQuery,
  id,
  messengerSettingsBody,
  messengerSettingsDto,
  personalMessengersBody,
  personalMessengersDto,
  resultOf,
  telegramCodeDto,
} from '@hallway/shared';
import { z } from 'zod';
import { assertOwnWorkspace } from '../../platform/access/tenancy.js';
import type { App } from '../../platform/http/module.js';
import type { Platform } from '../../platform/index.js';
import { failures, retryFailure } from './channels/deliveries.js';
import {
  personalSettings,
  savePersonalSettings,
  saveWorkspaceSettings,
  telegramCode,
  unlinkTelegram,
  workspaceSettings,
} from './channels/settings.js';
import { telegramUpdate } from './channels/telegram.js';
import { assertSelf } from './service.js';

const tags = ['notifications'];
const admin = { role: 'admin' } as const;
const own = { signedIn: true } as const;

function workspaceRoutes(app: App, p: Platform) {
  app.get(
    '/api/notification_channels/:client_id',
    {
      schema: {
        tags,
        summary: "The workspace's messenger channels (administrators)",
        params: z.object({ client_id: id }),
        response: { 200: resultOf(messengerSettingsDto) },
      },
      config: { access: admin },
    },
    async (req) => {
      assertOwnWorkspace(req.ctx, req.params.client_id);
      return { result: await workspaceSettings(req.ctx, p) };
    },
  );

  app.put(
    '/api/notification_channels',
    {
      schema: {
        tags,
        summary: "Set up the workspace's messenger channels (administrators)",
        body: messengerSettingsBody,
        response: { 200: resultOf(messengerSettingsDto) },
      },
      config: { access: admin },
    },
    async (req) => ({ result: await saveWorkspaceSettings(req.ctx, p, req.body) }),
  );

  app.get(
    '/api/notification_failures',
    {
      schema: {
        tags,
        summary: 'Notifications that could not be delivered (administrators)',
        querystring: failuresQuery,
        response: { 200: failuresPage },
      },
      config: { access: admin },
    },
    async (req) => failures(req.ctx, req.query.page),
  );

  app.post(
    '/api/notification_failures/:id/retry',
    {
      schema: {
        tags,
        summary: 'Deliver a failed notification again (administrators)',
        params: z.object({ id }),
        response: { 200: resultOf(z.object({ _id: z.string(), status: z.literal('pending') })) },
      },
      config: { access: admin, params: { id: 'notification_delivery' } },
    },
    async (req) => ({ result: await retryFailure(req.ctx, p, req.params.id) }),
  );
}

function personalRoutes(app: App, p: Platform) {
  app.get(
    '/api/user/messengers/:user_id',
    {
      schema: {
        tags,
        summary: "A person's messenger accounts",
        params: z.object({ user_id: id }),
        response: { 200: resultOf(personalMessengersDto) },
      },
      config: { access: own },
    },
    async (req) => {
      assertSelf(req.ctx, req.params.user_id);
      return { result: await personalSettings(req.ctx) };
    },
  );

  app.put(
    '/api/user/messengers',
    {
      schema: {
        tags,
        summary: "Save the caller's messenger accounts",
        body: personalMessengersBody.extend({ user_id: id.optional() }),
        response: { 200: resultOf(personalMessengersDto) },
      },
      config: { access: own, body: { user_id: 'user' } },
    },
    async (req) => {
      if (req.body.user_id) assertSelf(req.ctx, req.body.user_id);
      return { result: await savePersonalSettings(req.ctx, p, req.body) };
    },
  );

  app.post(
    '/api/user/messengers/telegram_code',
    {
      schema: { tags, summary: "A code to link the caller's Telegram", response: { 200: resultOf(telegramCodeDto) } },
      config: { access: own },
    },
    async (req) => ({ result: await telegramCode(req.ctx) }),
  );

  app.delete(
    '/api/user/messengers/telegram',
    {
      schema: { tags, summary: "Unlink the caller's Telegram", response: { 200: resultOf(personalMessengersDto) } },
      config: { access: own },
    },
    async (req) => ({ result: await unlinkTelegram(req.ctx) }),
  );
}

/**
 * Telegram's webhook (setWebhook with this URL when the token is saved): public, found by its secret path segment,
 * which only Telegram and the workspace's administrators know. Answers 200 to every update of a known bot, so
 * Telegram does not repeat it; 404 for an unknown secret; the guard's 403 while the workspace is blocked or its
 * `notifications` feature is off.
 */
function telegramRoute(app: App, p: Platform) {
  app.post(
    '/api/telegram/webhook/:secret',
    {
      schema: {
        tags,
        summary: "Telegram's webhook: updates of the workspace's bot",
        params: z.object({ secret: z.string().min(16).max(100) }),
        body: z.looseObject({}),
        response: { 200: z.object({ ok: z.literal(true), linked: z.boolean() }) },
      },
      config: {
        access: {
          public: true,
          reason:
            "Telegram's bot webhook: found by the workspace's secret path segment (404 otherwise); links a chat to the person whose one-time code it carries and answers nothing of the workspace",
        },
      },
    },
    async (req) => ({
      ok: true as const,
      linked: await telegramUpdate(p, app.throttle, req.params.secret, req.body),
    }),
  );
}

export function messengerRoutes(app: App, p: Platform) {
  workspaceRoutes(app, p);
  personalRoutes(app, p);
  telegramRoute(app, p);
}
