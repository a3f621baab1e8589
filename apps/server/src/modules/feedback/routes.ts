// Portal §7 `POST api/user/send_idea`, `POST api/user/send_viol_report` (and the calls docs/api.md "Ideas and
// violation reports" adds: the inbox, one's own items, the thread, the status, the recipients, and an anonymous
// report's attachments and follow-up by code).
import { id, resultOf, uploadResponse } from '@hallway/shared';
import {
  FEEDBACK_KINDS,
  FEEDBACK_PATHS,
  feedbackItem,
  feedbackListQuery,
  feedbackMessageBody,
  feedbackPage,
  feedbackThread,
  followBody,
  followMessageBody,
  ideaBody,
  recipientsBody,
  recipientsDto,
  reportBody,
  reportSent,
  statusBody,
} from '@hallway/shared/feedback';
import { z } from 'zod';
import type { ModuleRoutes } from '../../platform/http/module.js';
import { UPLOAD_LIMITS, uploadFiles } from '../files/index.js';
import { RIGHT_OF } from './policy.js';
import * as service from './service.js';

const tags = ['feedback'];
const FEATURE = { idea: 'ideas', report: 'no_silent' } as const;
/**
 * The calls an anonymous author makes log nothing at all (not even the request line with its address): an anonymous
 * report must leave no trace of who sent it, in the database or in the logs.
 */
const UNLOGGED = 'silent' as const;

export const feedbackModule: ModuleRoutes = {
  name: 'feedback',
  routes(app, platform) {
    app.post(
      '/api/user/send_idea',
      {
        schema: {
          summary: "An idea (title, description, attachments) for the workspace's idea recipients",
          tags,
          body: ideaBody,
          response: { 200: resultOf(feedbackItem) },
        },
        config: { access: { right: 'ideas', feature: 'ideas' } },
      },
      async (req) => ({ result: await service.sendIdea(req.ctx, req.body) }),
    );

    app.post(
      '/api/user/send_viol_report',
      {
        logLevel: UNLOGGED,
        schema: {
          summary: 'A violation report, signed or anonymous; an anonymous one answers its follow-up code',
          tags,
          body: reportBody,
          response: { 200: resultOf(reportSent) },
        },
        config: { access: { right: 'no_silent', feature: 'no_silent' } },
      },
      async (req) => ({ result: await service.sendReport(req.ctx, req.body) }),
    );

    app.post(
      '/api/reports/attachments',
      {
        logLevel: UNLOGGED,
        schema: {
          summary: "An anonymous report's attachments (multipart): stored without their uploader, dated by the day",
          tags,
          response: { 200: uploadResponse },
        },
        config: { access: { right: 'no_silent', feature: 'no_silent', streaming: true } },
      },
      async (req) => {
        const limit = UPLOAD_LIMITS.attachment;
        const parts = req.isMultipart()
          ? req.files({ limits: { fileSize: limit.bytes + 1 } })
          : (async function* () {})();
        return { results: await uploadFiles(platform, req.ctx, parts, limit, { anonymous: true }) };
      },
    );

    app.post(
      '/api/reports/follow',
      {
        logLevel: UNLOGGED,
        schema: {
          summary: 'An anonymous report and its thread, by its follow-up code',
          tags,
          body: followBody,
          response: { 200: resultOf(feedbackThread) },
        },
        config: { access: { right: 'no_silent', feature: 'no_silent' } },
      },
      async (req) => ({ result: await service.follow(req.ctx, req.body.code) }),
    );

    app.post(
      '/api/reports/follow/messages',
      {
        logLevel: UNLOGGED,
        schema: {
          summary: "The anonymous author's answer in their report's thread, by its follow-up code",
          tags,
          body: followMessageBody,
          response: { 200: resultOf(feedbackThread) },
        },
        config: { access: { right: 'no_silent', feature: 'no_silent' } },
      },
      async (req) => ({ result: await service.followReply(req.ctx, req.body.code, req.body.text) }),
    );

    for (const kind of FEEDBACK_KINDS) {
      const base = `/api/${FEEDBACK_PATHS[kind]}`;
      const feature = FEATURE[kind];
      const signedIn = { signedIn: true, feature } as const;
      const itemParams = z.object({ id });
      const itemConfig = { access: signedIn, params: { id: `feedback_${kind}` } };

      for (const box of ['mine', 'inbox'] as const) {
        app.get(
          `${base}/${box}`,
          {
            schema: {
              summary:
                box === 'mine' ? `My ${kind}s, newest first` : `The ${kind}s sent to their recipients, newest first`,
              tags,
              querystring: feedbackListQuery,
              response: { 200: feedbackPage },
            },
            config: { access: box === 'mine' ? { right: RIGHT_OF[kind], feature } : signedIn },
          },
          async (req) => service.list(req.ctx, kind, box, req.query),
        );
      }

      app.get(
        `${base}/recipients`,
        {
          schema: { summary: `Who receives the ${kind}s`, tags, response: { 200: resultOf(recipientsDto) } },
          config: { access: signedIn },
        },
        async (req) => ({ result: await service.recipients(req.ctx, kind) }),
      );

      app.put(
        `${base}/recipients`,
        {
          schema: {
            summary: `Sets who receives the ${kind}s (none: the administrators)`,
            tags,
            body: recipientsBody,
            response: { 200: resultOf(recipientsDto) },
          },
          config: { access: { role: 'admin', feature }, body: { 'ids[]': 'user' } },
        },
        async (req) => ({ result: await service.setRecipients(req.ctx, kind, req.body.ids) }),
      );

      app.get(
        `${base}/:id`,
        {
          schema: {
            summary: `One ${kind} with its thread`,
            tags,
            params: itemParams,
            response: { 200: resultOf(feedbackThread) },
          },
          config: itemConfig,
        },
        async (req) => ({ result: await service.getItem(req.ctx, kind, req.params.id) }),
      );

      app.put(
        `${base}/:id/status`,
        {
          schema: {
            summary: `Moves a ${kind} to another status (its recipients)`,
            tags,
            params: itemParams,
            body: statusBody,
            response: { 200: resultOf(feedbackThread) },
          },
          config: itemConfig,
        },
        async (req) => ({ result: await service.setStatus(req.ctx, kind, req.params.id, req.body.status) }),
      );

      app.post(
        `${base}/:id/messages`,
        {
          schema: {
            summary: `A message in a ${kind}'s thread (its recipients and its named author)`,
            tags,
            params: itemParams,
            body: feedbackMessageBody,
            response: { 200: resultOf(feedbackThread) },
          },
          config: itemConfig,
        },
        async (req) => ({ result: await service.reply(req.ctx, kind, req.params.id, req.body.text) }),
      );
    }
  },
};
