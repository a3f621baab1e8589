// Portal §2 /calendar/, §3 Event, §5 Events, §7 Events and events/access_for, §9 reminders (docs/api.md "Calendar and events").
import {
  calendarSettingsBody,
  calendarSettingsDto,
  deletePeriodicQuery,
  eventAnswerBody,
  eventBody,
  eventChanges,
  eventCounts,
  eventDto,
  eventRangeQuery,
  eventRemindersBody,
  eventsAccessDto,
  id,
  periodicEventBody,
  periodicEventUpdate,
  resultOf,
} from '@hallway/shared';
import { z } from 'zod';
import { assertOwnWorkspace } from '../../platform/access/tenancy.js';
import type { ModuleRoutes } from '../../platform/http/module.js';
import * as access from './access.js';
import { useRealtime } from './announce.js';
import * as feed from './feed.js';
import { startReminders } from './reminders.js';
import * as service from './service.js';

const tags = ['events'];
const reader = { right: 'calendar' } as const;
const creator = { right: 'events_create' } as const;
const idParams = z.object({ id });
const oneEvent = { 200: resultOf(eventDto) };
const memberKinds = { 'members[]': 'user', 'groups[]': 'group' };

export const eventsModule: ModuleRoutes = {
  name: 'events',
  async routes(app, platform, services) {
    useRealtime(platform);
    app.get(
      '/api/event/byClient/:clientId',
      {
        schema: {
          tags,
          summary: 'Occurrences of the visible events overlapping [from, to)',
          params: z.object({ clientId: id }),
          querystring: eventRangeQuery,
          response: { 200: z.object({ result: z.array(eventDto), from: z.string(), to: z.string() }) },
        },
        config: { access: reader, query: { from: 'event_from', to: 'event_to' } },
      },
      async (req) => {
        assertOwnWorkspace(req.ctx, req.params.clientId);
        const { from, to, scope } = req.query;
        return { result: await service.listRange(req.ctx, from, to, scope), from, to };
      },
    );

    app.get(
      '/api/event/settings',
      { schema: { tags, response: { 200: resultOf(calendarSettingsDto) } }, config: { access: reader } },
      async (req) => ({ result: await feed.settings(platform, req.ctx) }),
    );

    app.put(
      '/api/event/settings',
      {
        schema: { tags, body: calendarSettingsBody, response: { 200: resultOf(calendarSettingsDto) } },
        config: { access: reader },
      },
      async (req) => ({ result: await feed.saveSettings(platform, req.ctx, req.body.timeZone) }),
    );

    app.post(
      '/api/event/settings/feed',
      { schema: { tags, response: { 200: resultOf(calendarSettingsDto) } }, config: { access: reader } },
      async (req) => ({ result: await feed.settings(platform, req.ctx, true) }),
    );

    app.get(
      '/api/calendar/feed/:userId/:file',
      {
        schema: {
          tags,
          summary: "A person's events as an RFC 5545 subscription feed (public, secret token)",
          params: z.object({ userId: id, file: z.string().regex(/^[A-Za-z0-9_-]{20,100}\.ics$/, 'not_found') }),
        },
        config: { access: { public: true }, params: { file: 'feed_token' } },
      },
      async (req, reply) => {
        const text = await feed.personalFeed(platform, req.params.userId, req.params.file.slice(0, -4));
        return reply
          .type('text/calendar; charset=utf-8')
          .header('Cache-Control', 'private, max-age=300')
          .header('Content-Disposition', 'inline; filename="hallway.ics"')
          .send(text);
      },
    );

    app.get(
      '/api/event/:id',
      {
        schema: {
          tags,
          params: idParams,
          querystring: z.object({
            occurrence: z.iso.datetime({ offset: true, error: 'occurrence_not_found' }).optional(),
          }),
          response: oneEvent,
        },
        config: { access: reader, params: { id: 'event' } },
      },
      async (req) => ({ result: await service.getEvent(req.ctx, req.params.id, req.query.occurrence) }),
    );

    app.get(
      '/api/event/:id/ics',
      { schema: { tags, params: idParams }, config: { access: reader, params: { id: 'event' } } },
      async (req, reply) => {
        const text = await access.eventIcs(platform, req.ctx, req.params.id);
        return reply
          .type('text/calendar; charset=utf-8')
          .header('Content-Disposition', 'attachment; filename="event.ics"')
          .send(text);
      },
    );

    app.post(
      '/api/event/',
      {
        schema: { tags, body: eventBody, response: oneEvent },
        config: { access: creator, body: memberKinds },
      },
      async (req) => ({ result: await access.create(req.ctx, req.body) }),
    );

    app.post(
      '/api/event/periodic_event',
      {
        schema: { tags, body: periodicEventBody, response: oneEvent },
        config: { access: creator, body: memberKinds },
      },
      async (req) => ({ result: await access.create(req.ctx, req.body) }),
    );

    app.put(
      '/api/event/:id',
      {
        schema: { tags, params: idParams, body: eventBody, response: oneEvent },
        config: { access: reader, params: { id: 'event' }, body: memberKinds },
      },
      async (req) => ({ result: await service.updateEvent(req.ctx, req.params.id, req.body) }),
    );

    app.put(
      '/api/event/periodic_event/:id',
      {
        schema: { tags, params: idParams, body: periodicEventUpdate, response: { 200: eventChanges } },
        config: { access: reader, params: { id: 'periodic_event' }, body: memberKinds },
      },
      async (req) => service.updatePeriodic(req.ctx, req.params.id, req.body),
    );

    app.delete(
      '/api/event/:id',
      {
        schema: { tags, params: idParams, response: { 200: resultOf(z.object({ _id: z.string() })) } },
        config: { access: reader, params: { id: 'event' } },
      },
      async (req) => ({ result: await service.deleteEvent(req.ctx, req.params.id) }),
    );

    app.delete(
      '/api/event/periodic_event/:id',
      {
        schema: { tags, params: idParams, querystring: deletePeriodicQuery, response: { 200: eventChanges } },
        config: { access: reader, params: { id: 'periodic_event' }, query: { all: 'periodic_all' } },
      },
      async (req) => service.deletePeriodic(req.ctx, req.params.id, req.query),
    );

    app.put(
      '/api/event/:id/answer',
      {
        schema: {
          tags,
          params: idParams,
          body: eventAnswerBody,
          response: {
            200: resultOf(
              z.object({ _id: z.string(), myAnswer: z.enum(['accept', 'maybe', 'decline']), counts: eventCounts }),
            ),
          },
        },
        config: { access: reader, params: { id: 'event' } },
      },
      async (req) => ({ result: await service.answerEvent(req.ctx, req.params.id, req.body.answer) }),
    );

    app.put(
      '/api/event/:id/reminders',
      {
        schema: {
          tags,
          params: idParams,
          body: eventRemindersBody,
          response: { 200: resultOf(z.object({ _id: z.string(), myReminders: z.array(z.number().int()) })) },
        },
        config: { access: reader, params: { id: 'event' } },
      },
      async (req) => ({ result: await service.setReminders(req.ctx, req.params.id, req.body.minutes) }),
    );

    app.get(
      '/api/user/:clientId/events/access_for/:userId',
      {
        schema: { tags, params: z.object({ clientId: id, userId: id }), response: { 200: resultOf(eventsAccessDto) } },
        config: { access: reader },
      },
      async (req) => {
        assertOwnWorkspace(req.ctx, req.params.clientId);
        return { result: await access.accessFor(req.ctx, req.params.userId) };
      },
    );

    await startReminders(platform, services, app.log);
  },
};
