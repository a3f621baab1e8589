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
  eventLinkAnswerBody,
  eventLinkAnswerDto,
  eventRangePage,
  eventRangeQuery,
  eventRemindersBody,
  eventsAccessDto,
  id,
  isoDateTime,
  periodicEventBody,
  periodicEventUpdate,
  resultOf,
} from '@hallway/shared';
import { z } from 'zod';
import { assertOwnWorkspace } from '../../platform/access/tenancy.js';
import type { ModuleRoutes } from '../../platform/http/module.js';
import * as access from './access.js';
import { useRealtime } from './announce.js';
import { answerByLink, answerEvent, setReminders } from './answers.js';
import * as feed from './feed.js';
import { deletePeriodic, updatePeriodic } from './periodic.js';
import { calendarPolicy } from './policy.js';
import { getEvent, listRange, rangeOf, rangeRead } from './reads.js';
import { startReminders } from './reminders.js';
import { deleteEvent, updateEvent } from './single.js';

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
          response: { 200: eventRangePage },
        },
        config: {
          access: reader,
          query: { from: 'event_from', to: 'event_to' },
          // The month in one statement and one round trip (reads.ts `rangeRead`); a bad range is the route's to refuse.
          quickRead: (req) => {
            const { clientId } = req.params as { clientId: string };
            const { from, to, scope } = req.query as z.infer<typeof eventRangeQuery>;
            const range = rangeOf(from, to);
            if (!range) return null;
            const read = rangeRead(range, scope);
            return {
              sql: read.sql,
              answer: (ctx, rows) => {
                if (ctx.clientId !== clientId) return undefined;
                const result = read.answer(ctx, rows);
                return result && { result, from, to, can: calendarPolicy(ctx) };
              },
            };
          },
        },
      },
      async (req) => {
        assertOwnWorkspace(req.ctx, req.params.clientId);
        const { from, to, scope } = req.query;
        return { result: await listRange(req.ctx, from, to, scope), from, to, can: calendarPolicy(req.ctx) };
      },
    );

    app.get(
      '/api/event/settings',
      {
        schema: { tags, summary: "The caller's calendar settings", response: { 200: resultOf(calendarSettingsDto) } },
        config: { access: reader },
      },
      async (req) => ({ result: await feed.settings(platform, req.ctx) }),
    );

    app.put(
      '/api/event/settings',
      {
        schema: {
          tags,
          summary: "Save the caller's calendar settings",
          body: calendarSettingsBody,
          response: { 200: resultOf(calendarSettingsDto) },
        },
        config: { access: reader },
      },
      async (req) => ({ result: await feed.saveSettings(platform, req.ctx, req.body.timeZone) }),
    );

    app.post(
      '/api/event/settings/feed',
      {
        schema: {
          tags,
          summary: "Make a new address of the caller's iCal feed",
          response: { 200: resultOf(calendarSettingsDto) },
        },
        config: { access: reader },
      },
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
        config: {
          access: {
            public: true,
            reason:
              'a person’s iCal subscription: their own events, only with their secret token (compared in constant time); a wrong token or a foreign person answers a bare 404',
          },
          params: { file: 'feed_token' },
        },
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
          summary: 'Get an event',
          params: idParams,
          querystring: z.object({
            occurrence: isoDateTime('occurrence_not_found').optional(),
          }),
          response: oneEvent,
        },
        config: { access: reader, params: { id: 'event' } },
      },
      async (req) => ({ result: await getEvent(req.ctx, req.params.id, req.query.occurrence) }),
    );

    app.get(
      '/api/event/:id/ics',
      {
        schema: { tags, summary: 'An event as an iCalendar file', params: idParams },
        config: { access: reader, params: { id: 'event' } },
      },
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
        schema: { tags, summary: 'Create an event', body: eventBody, response: oneEvent },
        config: { access: creator, body: memberKinds },
      },
      async (req) => ({ result: await access.create(req.ctx, req.body) }),
    );

    app.post(
      '/api/event/periodic_event',
      {
        schema: { tags, summary: 'Create a repeating event', body: periodicEventBody, response: oneEvent },
        config: { access: creator, body: memberKinds },
      },
      async (req) => ({ result: await access.create(req.ctx, req.body) }),
    );

    app.put(
      '/api/event/:id',
      {
        schema: { tags, summary: 'Change an event', params: idParams, body: eventBody, response: oneEvent },
        config: { access: reader, params: { id: 'event' }, body: memberKinds },
      },
      async (req) => ({ result: await updateEvent(req.ctx, req.params.id, req.body) }),
    );

    app.put(
      '/api/event/periodic_event/:id',
      {
        schema: {
          tags,
          summary: 'Change a repeating event, one occurrence or the series',
          params: idParams,
          body: periodicEventUpdate,
          response: { 200: eventChanges },
        },
        config: { access: reader, params: { id: 'periodic_event' }, body: memberKinds },
      },
      async (req) => updatePeriodic(req.ctx, req.params.id, req.body),
    );

    app.delete(
      '/api/event/:id',
      {
        schema: {
          tags,
          summary: 'Delete an event',
          params: idParams,
          response: { 200: resultOf(z.object({ _id: z.string() })) },
        },
        config: { access: reader, params: { id: 'event' } },
      },
      async (req) => ({ result: await deleteEvent(req.ctx, req.params.id) }),
    );

    app.delete(
      '/api/event/periodic_event/:id',
      {
        schema: {
          tags,
          summary: 'Delete a repeating event, one occurrence or the series',
          params: idParams,
          querystring: deletePeriodicQuery,
          response: { 200: eventChanges },
        },
        config: { access: reader, params: { id: 'periodic_event' }, query: { all: 'periodic_all' } },
      },
      async (req) => deletePeriodic(req.ctx, req.params.id, req.query),
    );

    app.put(
      '/api/event/:id/answer',
      {
        schema: {
          tags,
          summary: 'Answer an invitation to an event',
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
      async (req) => ({ result: await answerEvent(req.ctx, req.params.id, req.body.answer) }),
    );

    app.put(
      '/api/event/:id/answer/link',
      {
        schema: {
          tags,
          summary: "Answer an invitation from its mail's link, for the person it was sent to",
          params: idParams,
          body: eventLinkAnswerBody,
          response: { 200: resultOf(eventLinkAnswerDto) },
        },
        config: {
          access: {
            public: true,
            reason:
              'an invitation mail’s accept or decline link: it answers that one invitation for its one person, only with the signature of both (compared in constant time); a wrong signature answers a bare 404, and the person’s workspace, feature and right are checked as the calendar’s own routes check them',
          },
          params: { id: 'event' },
        },
      },
      async (req) => ({
        result: await answerByLink(platform, services, req.log, req.params.id, req.body),
      }),
    );

    app.put(
      '/api/event/:id/reminders',
      {
        schema: {
          tags,
          summary: "Set the caller's reminders of an event",
          params: idParams,
          body: eventRemindersBody,
          response: { 200: resultOf(z.object({ _id: z.string(), myReminders: z.array(z.number().int()) })) },
        },
        config: { access: reader, params: { id: 'event' } },
      },
      async (req) => ({ result: await setReminders(req.ctx, req.params.id, req.body.minutes) }),
    );

    app.get(
      '/api/user/:clientId/events/access_for/:userId',
      {
        schema: {
          tags,
          summary: 'Whether a colleague may use the calendar and create events',
          params: z.object({ clientId: id, userId: id }),
          response: { 200: resultOf(eventsAccessDto) },
        },
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
