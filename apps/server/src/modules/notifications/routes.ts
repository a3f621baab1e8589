// Modules §1, §2 (notification centre), §3 Notification, §7 "Notifications and messages"; portal §6.
import {
  id,
  type Lang,
  markAllReadBody,
  markReadBody,
  markReadResult,
  messageBody,
  notificationDto,
  notificationListQuery,
  notificationPage,
  notificationSection,
  notificationSettings,
  notificationSettingsDto,
  notificationTime,
  resultOf,
  sendNotificationBody,
  unreadCounts,
} from '@hallway/shared';
import { z } from 'zod';
import { assertOwnWorkspace } from '../../platform/access/tenancy.js';
import type { RequestContext } from '../../platform/http/context.js';
import type { App } from '../../platform/http/module.js';
import type { Platform } from '../../platform/index.js';
import { type NotifyInput, notificationRequest } from '../../platform/notify/notify.js';
import { dispatcherOf } from './deliver.js';
import { storeNotification } from './events.js';
import { mailCheckRoutes } from './mailcheck.js';
import { messengerRoutes } from './messenger-routes.js';
import { settingsPolicy } from './policy.js';
import * as service from './service.js';
import { templateRoutes } from './template-routes.js';

const tags = ['notifications'];
const own = { signedIn: true } as const;
const sent = resultOf(z.object({ _id: z.string().nullable() }));

function centreRoutes(app: App, defaultLang: Lang) {
  app.get(
    '/api/notification/unread/:client_id/:user_id',
    {
      schema: {
        tags,
        summary: "The caller's unread notifications per section",
        params: z.object({ client_id: id, user_id: id }),
        response: { 200: unreadCounts },
      },
      config: { access: own, oneRead: service.UNREAD_SQL },
    },
    async (req) => {
      assertOwnWorkspace(req.ctx, req.params.client_id);
      service.assertSelf(req.ctx, req.params.user_id);
      return service.unreadCountsOf(req.ctx.oneRead, req.ctx.hasFeature);
    },
  );

  app.get(
    '/api/notification/:client_id/all',
    {
      schema: {
        tags,
        summary: "The first page of every section (the bell's dropdown)",
        params: z.object({ client_id: id }),
        querystring: notificationListQuery,
        response: { 200: notificationPage },
      },
      config: { access: own },
    },
    async (req) => {
      assertOwnWorkspace(req.ctx, req.params.client_id);
      return service.listSection(req.ctx, defaultLang, 'all', 'now', req.query.read);
    },
  );

  app.get(
    '/api/notification/:client_id/:section/:user_id/:time',
    {
      schema: {
        tags,
        summary: 'A page of a notification section, older than a time',
        params: z.object({ client_id: id, section: notificationSection, user_id: id, time: notificationTime }),
        querystring: notificationListQuery,
        response: { 200: notificationPage },
      },
      config: { access: own, params: { section: 'notification_section', time: 'notification_time' } },
    },
    async (req) => {
      assertOwnWorkspace(req.ctx, req.params.client_id);
      service.assertSelf(req.ctx, req.params.user_id);
      return service.listSection(req.ctx, defaultLang, req.params.section, req.params.time, req.query.read);
    },
  );

  app.get(
    '/api/notification/:id',
    {
      schema: {
        tags,
        summary: 'Get a notification',
        params: z.object({ id }),
        response: { 200: resultOf(notificationDto) },
      },
      config: { access: own, params: { id: 'notification' } },
    },
    async (req) => ({ result: await service.oneEntry(req.ctx, defaultLang, req.params.id) }),
  );

  app.put(
    '/api/notification/read',
    {
      schema: { tags, summary: 'Mark notifications read', body: markReadBody, response: { 200: markReadResult } },
      config: { access: own },
    },
    async (req) => service.markRead(req.ctx, req.body.ids),
  );

  app.put(
    '/api/notification/read_all',
    {
      schema: {
        tags,
        summary: 'Mark every notification of a section read',
        body: markAllReadBody,
        response: { 200: markReadResult },
      },
      config: { access: own },
    },
    async (req) => service.markAllRead(req.ctx, req.body.section),
  );
}

/** A notice of this module's own: stored directly, as its answer names the event. */
async function send(ctx: RequestContext, input: NotifyInput): Promise<string | null> {
  const request = notificationRequest(ctx, input);
  return request ? storeNotification(ctx, request) : null;
}

function sendingRoutes(app: App) {
  app.post(
    '/api/notification',
    {
      schema: {
        tags,
        summary: 'Send a notice to chosen people or everyone (administrators)',
        body: sendNotificationBody,
        response: { 200: sent },
      },
      config: { access: { role: 'admin' } },
    },
    async (req) => {
      const { recipients, title, text, link } = req.body;
      if (recipients) await service.assertColleagues(req.ctx, recipients);
      const eventId = await send(req.ctx, {
        code: 'notifications.message',
        recipients: recipients ?? 'everyone',
        vars: { title, text },
        link: link ?? null,
      });
      return { result: { _id: eventId } };
    },
  );

  app.post(
    '/api/message',
    {
      schema: { tags, summary: 'Send a message to colleagues', body: messageBody, response: { 200: sent } },
      config: { access: own },
    },
    async (req) => {
      await service.assertColleagues(req.ctx, req.body.recipients);
      const me = req.ctx.me();
      const eventId = await send(req.ctx, {
        code: 'notifications.message',
        recipients: req.body.recipients,
        vars: { title: `${me.firstName} ${me.lastName}`.trim() || me.login, text: req.body.text },
        link: `/user/${me.id}`,
      });
      return { result: { _id: eventId } };
    },
  );
}

function mailRoutes(app: App) {
  app.put(
    '/api/notification',
    {
      schema: {
        tags,
        summary: "Send an administrators' notice by e-mail too (administrators)",
        body: z.object({ _id: id }),
        response: { 200: resultOf(z.object({ queued: z.number().int() })) },
      },
      config: { access: { role: 'admin' }, body: { _id: 'notification_event' } },
    },
    async (req) => ({ result: await service.mailEvent(req.ctx, req.body._id) }),
  );
}

function settingsRoutes(app: App) {
  // Reading one's own settings, or (administrators) a colleague's for the employees' "notifications" tab.
  app.get(
    '/api/user/notifications/:user_id',
    {
      schema: {
        tags,
        summary: "A person's notification settings",
        params: z.object({ user_id: id }),
        response: { 200: resultOf(notificationSettingsDto) },
      },
      config: { access: own },
    },
    async (req) => {
      if (!settingsPolicy(req.ctx).readColleagues) service.assertSelf(req.ctx, req.params.user_id);
      else await service.assertColleagues(req.ctx, [req.params.user_id]);
      return { result: await service.settingsOf(req.ctx, req.params.user_id) };
    },
  );

  app.get(
    '/api/user/notifications/client/:client_id',
    {
      schema: {
        tags,
        summary: "The workspace's default notification settings",
        params: z.object({ client_id: id }),
        response: { 200: resultOf(notificationSettingsDto) },
      },
      config: { access: own },
    },
    async (req) => {
      assertOwnWorkspace(req.ctx, req.params.client_id);
      return { result: await service.settingsOf(req.ctx, null) };
    },
  );

  app.put(
    '/api/user/notifications',
    {
      schema: {
        tags,
        summary: 'Save notification settings (own, or the workspace defaults)',
        body: notificationSettings,
        response: { 200: resultOf(notificationSettingsDto) },
      },
      config: { access: own, body: { user_id: 'user', client_id: 'client' } },
    },
    async (req) => ({ result: await service.saveSettings(req.ctx, req.body) }),
  );
}

export async function registerRoutes(app: App, platform: Platform) {
  centreRoutes(app, platform.config.defaultLang);
  sendingRoutes(app);
  mailRoutes(app);
  settingsRoutes(app);
  mailCheckRoutes(app, platform);
  templateRoutes(app);
  messengerRoutes(app, platform);
  // The fan-out worker runs in every process with jobs (deliver.ts).
  await dispatcherOf(platform).bind();
}
