import { z } from 'zod';
import {
  EVENT_DESCRIPTION_MAX,
  EVENT_NAME_MAX,
  EVENT_NAME_MIN,
  EVENT_PLACE_MAX,
  EVENT_REMINDER_MAX_MINUTES,
  EVENT_REMINDERS_MAX,
  EVENT_REPEAT_INTERVAL_MAX,
  EVENT_REPEAT_MAX,
} from '../limits.js';
import { hexColor } from './client.js';
import { boundedDate, id, isoDate, isoDateTime, text, timeZone } from './common.js';
import { personCard } from './posts.js';

/** Spec portal §3 Event, §5 Events (docs/api.md "Calendar and events"). */
export const EVENT_PERIODS = ['day', 'week', 'month', 'year'] as const;
export type EventPeriod = (typeof EVENT_PERIODS)[number];
/** RFC 5545 weekday codes, Monday first. */
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const EVENT_ANSWERS = ['accept', 'maybe', 'decline', 'none'] as const;
export type EventAnswer = (typeof EVENT_ANSWERS)[number];
export const EVENT_SCOPES = ['this', 'following', 'all'] as const;
export type EventScope = (typeof EVENT_SCOPES)[number];
export const EVENT_DEFAULT_COLOR = '#228be6';

/** A local wall-clock time `HH:mm`. */
export const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'validation');
const httpsLink = z
  .string()
  .trim()
  .max(1000, 'too_long')
  .refine((value) => {
    try {
      return new URL(value).protocol === 'https:';
    } catch {
      return false;
    }
  }, 'link_invalid');

export const eventRepeat = z.object(
  {
    period: z.enum(EVENT_PERIODS, 'required'),
    interval: z.number().int().min(1, 'validation').max(EVENT_REPEAT_INTERVAL_MAX, 'validation').default(1),
    weekdays: z.array(z.enum(WEEKDAYS, 'validation')).max(7).default([]),
    until: isoDate.nullable().optional(),
    count: z.number().int().min(2, 'repeat_count_min').max(EVENT_REPEAT_MAX, 'repeat_too_many').nullable().optional(),
  },
  'required',
);
export type EventRepeat = z.infer<typeof eventRepeat>;

/** `POST api/event/`, `PUT api/event/{id}`: local wall-clock values in `timeZone`. */
export const eventBody = z.object({
  name: z
    .string('required')
    .trim()
    .min(1, 'required')
    .min(EVENT_NAME_MIN + 1, 'event_name_short')
    .max(EVENT_NAME_MAX, 'too_long'),
  description: text(EVENT_DESCRIPTION_MAX).optional(),
  color: hexColor.optional(),
  link: z.union([z.literal(''), httpsLink]).optional(),
  place: text(EVENT_PLACE_MAX).optional(),
  allDay: z.boolean().optional(),
  date: boundedDate((issue) => (issue.input === undefined ? 'required' : 'validation')),
  /** Required unless `allDay`. */
  startTime: clockTime.optional(),
  endTime: clockTime.optional(),
  /** The last day (default `date`). */
  endDate: isoDate.optional(),
  /** Default: the person's zone, else the workspace's, else UTC. */
  timeZone: timeZone.optional(),
  members: z.array(id).max(10_000).default([]),
  departments: z.array(z.string().trim().min(1, 'required').max(255, 'too_long')).max(100).default([]),
  /** Groups whose members take part (resolved to people when saved; a group the caller may not read: 404). */
  groups: z.array(id).max(100).default([]),
  public: z.boolean().optional(),
});
export type EventBody = z.input<typeof eventBody>;

export const periodicEventBody = eventBody.extend({ repeat: eventRepeat });
export type PeriodicEventBody = z.input<typeof periodicEventBody>;

/** `PUT api/event/periodic_event/{id}`: `repeat` left out keeps the series' rule; `occurrence` for this/following. */
export const periodicEventUpdate = eventBody.extend({
  repeat: eventRepeat.optional(),
  scope: z.enum(EVENT_SCOPES, 'required'),
  occurrence: isoDateTime('occurrence_not_found').optional(),
});
export type PeriodicEventUpdate = z.input<typeof periodicEventUpdate>;

export const eventRangeQuery = z.object({
  from: isoDateTime('event_range_invalid'),
  to: isoDateTime('event_range_invalid'),
  scope: z.enum(['visible', 'mine']).default('visible'),
});

export const deletePeriodicQuery = z.object({
  all: z.enum(['true', 'false']).default('false'),
  occurrence: isoDateTime('occurrence_not_found').optional(),
  following: z.enum(['true', 'false']).default('false'),
});

export const eventAnswerBody = z.object({ answer: z.enum(['accept', 'maybe', 'decline'], 'validation') });
/**
 * `PUT api/event/{id}/answer/link`: the answer an invitation mail's link gives for its person, who need not be signed
 * in: their id and the link's signature (docs/api.md "Calendar and events").
 */
export const eventLinkAnswerBody = eventAnswerBody.extend({
  user: id,
  signature: z.string().min(1, 'validation').max(100, 'validation'),
});
export type EventLinkAnswerBody = z.infer<typeof eventLinkAnswerBody>;
/** What the invitation page shows after answering: the answer and the event it was given to. */
export const eventLinkAnswerDto = z.object({
  _id: z.string(),
  myAnswer: z.enum(['accept', 'maybe', 'decline']),
  event: z.object({
    name: z.string(),
    start: z.string(),
    end: z.string(),
    allDay: z.boolean(),
    timeZone: z.string(),
    place: z.string(),
    link: z.string(),
  }),
});
export type EventLinkAnswerDto = z.infer<typeof eventLinkAnswerDto>;
export const eventRemindersBody = z.object({
  minutes: z
    .array(z.number().int().min(0, 'validation').max(EVENT_REMINDER_MAX_MINUTES, 'validation'))
    .max(EVENT_REMINDERS_MAX, 'validation')
    .refine((list) => new Set(list).size === list.length, 'validation'),
});
export const calendarSettingsBody = z.object({ timeZone: timeZone.nullable() });

export const eventCounts = z.object({
  accept: z.number().int(),
  maybe: z.number().int(),
  decline: z.number().int(),
  none: z.number().int(),
});
export type EventCounts = z.infer<typeof eventCounts>;

export const eventMember = z.object({
  user: personCard,
  answer: z.enum(EVENT_ANSWERS),
  via: z.enum(['person', 'department', 'group']),
  department: z.string().nullable(),
});
export type EventMember = z.infer<typeof eventMember>;

export const eventDto = z.object({
  _id: z.string(),
  series_id: z.string().nullable(),
  occurrence: z.string().nullable(),
  name: z.string(),
  description: z.string(),
  color: z.string(),
  link: z.string(),
  place: z.string(),
  allDay: z.boolean(),
  start: z.string(),
  end: z.string(),
  timeZone: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  endDate: z.string(),
  repeat: z
    .object({
      period: z.enum(EVENT_PERIODS),
      interval: z.number().int(),
      weekdays: z.array(z.enum(WEEKDAYS)),
      until: z.string().nullable(),
      count: z.number().int().nullable(),
    })
    .nullable(),
  rrule: z.string().nullable(),
  public: z.boolean(),
  organizer: personCard,
  departments: z.array(z.string()),
  groups: z.array(z.string()),
  counts: eventCounts,
  membersCount: z.number().int(),
  myAnswer: z.enum(EVENT_ANSWERS).nullable(),
  myReminders: z.array(z.number().int()),
  members: z.array(eventMember).optional(),
  can: z.object({ edit: z.boolean(), delete: z.boolean(), answer: z.boolean() }),
});
export type EventDto = z.infer<typeof eventDto>;

/** `GET api/event/byClient/{clientId}`: the occurrences in [from, to), and whether the caller may create events. */
export const eventRangePage = z.object({
  result: z.array(eventDto),
  from: z.string(),
  to: z.string(),
  /** `create`: the rights `calendar` and `events_create` together (administrators: always). */
  can: z.object({ create: z.boolean() }),
});
export type EventRangePage = z.infer<typeof eventRangePage>;

export const eventChanges = z.object({
  changed: z.array(eventDto),
  deleted: z.array(z.object({ _id: z.string(), occurrence: z.string().nullable() })),
  new: z.array(eventDto),
});
export type EventChanges = z.infer<typeof eventChanges>;

export const calendarSettingsDto = z.object({
  timeZone: z.string(),
  ownTimeZone: z.string().nullable(),
  workspaceTimeZone: z.string().nullable(),
  feedUrl: z.string(),
});
export type CalendarSettingsDto = z.infer<typeof calendarSettingsDto>;

export const eventsAccessDto = z.object({ user_id: z.string(), calendar: z.boolean(), events_create: z.boolean() });
