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
import * as messengers from './messengers.js';
import { assertSelf } from './service.js';

const tags = ['notifications'];
const admin = { role: 'admin' } as const;
const own = { signedIn: true } as const;

function workspaceRoutes(app: App, p: Platform) {
  app.get(
    '/api/notification_channels/:client_id',
    {
      schema: { tags, params: z.object({ client_id: id }), response: { 200: resultOf(messengerSettingsDto) } },
      config: { access: admin },
    },
    async (req) => {
      assertOwnWorkspace(req.ctx, req.params.client_id);
      return { result: await messengers.workspaceSettings(req.ctx, p) };
    },
  );

  app.put(
    '/api/notification_channels',
    {
      schema: { tags, body: messengerSettingsBody, response: { 200: resultOf(messengerSettingsDto) } },
      config: { access: admin },
    },
    async (req) => ({ result: await messengers.saveWorkspaceSettings(req.ctx, p, req.body) }),
  );

  app.get(
    '/api/notification_failures',
    {
      schema: { tags, querystring: failuresQuery, response: { 200: failuresPage } },
      config: { access: admin },
    },
    async (req) => messengers.failures(req.ctx, req.query.page),
  );

  app.post(
    '/api/notification_failures/:id/retry',
    {
      schema: {
        tags,
        params: z.object({ id }),
        response: { 200: resultOf(z.object({ _id: z.string(), status: z.literal('pending') })) },
      },
      config: { access: admin, params: { id: 'notification_delivery' } },
    },
    async (req) => ({ result: await messengers.retryFailure(req.ctx, p, req.params.id) }),
  );
}

function personalRoutes(app: App, p: Platform) {
  app.get(
    '/api/user/messengers/:user_id',
    {
      schema: { tags, params: z.object({ user_id: id }), response: { 200: resultOf(personalMessengersDto) } },
      config: { access: own },
    },
    async (req) => {
      assertSelf(req.ctx, req.params.user_id);
      return { result: await messengers.personalSettings(req.ctx) };
    },
  );

  app.put(
    '/api/user/messengers',
    {
      schema: {
        tags,
        body: personalMessengersBody.extend({ user_id: id.optional() }),
        response: { 200: resultOf(personalMessengersDto) },
      },
      config: { access: own, body: { user_id: 'user' } },
    },
    async (req) => {
      if (req.body.user_id) assertSelf(req.ctx, req.body.user_id);
      return { result: await messengers.savePersonalSettings(req.ctx, p, req.body) };
    },
  );

  app.post(
    '/api/user/messengers/telegram_code',
    { schema: { tags, response: { 200: resultOf(telegramCodeDto) } }, config: { access: own } },
    async (req) => ({ result: await messengers.telegramCode(req.ctx) }),
  );

  app.delete(
    '/api/user/messengers/telegram',
    { schema: { tags, response: { 200: resultOf(personalMessengersDto) } }, config: { access: own } },
    async (req) => ({ result: await messengers.unlinkTelegram(req.ctx) }),
  );
}

/**
 * Telegram's webhook (setWebhook with this URL when the token is saved): public, found by its secret path segment,
 * which only Telegram and the workspace's administrators know. Answers 200 to every update of a known bot, so
 * Telegram does not repeat it; 404 for an unknown secret.
 */
function telegramRoute(app: App, p: Platform) {
  app.post(
    '/api/telegram/webhook/:secret',
    {
      schema: {
        tags,
        params: z.object({ secret: z.string().min(16).max(100) }),
        body: z.looseObject({}),
        response: { 200: z.object({ ok: z.literal(true), linked: z.boolean() }) },
      },
      config: { access: { public: true } },
    },
    async (req) => ({ ok: true as const, linked: await messengers.telegramUpdate(p, req.params.secret, req.body) }),
  );
}

export function messengerRoutes(app: App, p: Platform) {
  workspaceRoutes(app, p);
  personalRoutes(app, p);
  telegramRoute(app, p);
}
