import type { EventAnswer } from '@hallway/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../platform/db/columns.js';
import { tenantKey, tenantReference } from '../../platform/db/tenant-keys.js';
import { clients } from '../clients/tables.js';
import { users } from '../users/tables.js';
import type { Repeat } from './recurrence.js';

const instant = (name?: string) => (name ? timestamp(name, { withTimezone: true }) : timestamp({ withTimezone: true }));

/**
 * Calendar events (portal §3 Event). A single event; a periodic event (a series: `rrule` set, RFC 5545 RRULE without
 * DTSTART, expanded in `timeZone` from the local wall-clock start); or a moved/edited occurrence of a series
 * (`seriesId` and `occurrence`, the RECURRENCE-ID: the series lists that occurrence in `exdates`, so expanding the
 * series skips it and the override row shows instead). `lastEnd` is the end of the last occurrence (the event's own
 * end for a single one): range reads never expand a series that ended before the range.
 */
export const events = pgTable(
  'events',
  {
    id: idColumn(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    seriesId: uuid(),
    occurrence: instant(),
    name: text().notNull(),
    description: text().notNull().default(''),
    color: text().notNull().default('#228be6'),
    link: text().notNull().default(''),
    place: text().notNull().default(''),
    allDay: boolean().notNull().default(false),
    isPublic: boolean('public').notNull().default(false),
    start: instant('starts_at').notNull(),
    end: instant('ends_at').notNull(),
    timeZone: text().notNull(),
    rrule: text(),
    /** The repetition as the form sent it (normalized): period, interval, weekdays, until (local day), count. */
    repeat: jsonb().$type<Repeat>(),
    exdates: instant().array().notNull().default(sql`'{}'::timestamptz[]`),
    lastEnd: instant().notNull(),
    organizerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    departments: text().array().notNull().default(sql`'{}'::text[]`),
    /** The groups the event was made with (their members are resolved to member rows when it is saved). */
    groups: uuid().array().notNull().default(sql`'{}'::uuid[]`),
    countAccept: integer().notNull().default(0),
    countMaybe: integer().notNull().default(0),
    countDecline: integer().notNull().default(0),
    countNone: integer().notNull().default(0),
    created: createdAt(),
    updated: updatedAt(),
  },
  (t) => [
    tenantKey(t),
    tenantReference(t.seriesId, t, 'cascade'),
    // Single events and moved occurrences of a month: `start` in [from − EVENT_MAX_DAYS, to).
    index('events_client_start_idx').on(t.clientId, t.start).where(sql`rrule IS NULL`),
    // Series still running at the range's start.
    index('events_client_series_idx').on(t.clientId, t.lastEnd).where(sql`rrule IS NOT NULL`),
    // The reminder job reads every workspace's next minutes.
    index('events_start_idx').on(t.start).where(sql`rrule IS NULL`),
    index('events_series_last_idx').on(t.lastEnd).where(sql`rrule IS NOT NULL`),
    uniqueIndex('events_occurrence_key').on(t.seriesId, t.occurrence),
  ],
);
export type EventRow = typeof events.$inferSelect;
/** An event's bookkeeping columns, which no answer shows (a range does not read them). */
export const EVENT_BOOKKEEPING = ['clientId', 'lastEnd', 'created', 'updated'] as const;
/** An event as answers show it (`presentEvent`). */
export type ListedEvent = Omit<EventRow, (typeof EVENT_BOOKKEEPING)[number]>;

/**
 * Who takes part: one row per person (departments are resolved to their people when the event is saved). Rows
 * belong to the series (or the single event); moved occurrences share their series' members.
 */
export const eventMembers = pgTable(
  'event_members',
  {
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    eventId: uuid().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    answer: text().$type<EventAnswer>().notNull().default('none'),
    via: text().$type<'person' | 'department' | 'group'>().notNull().default('person'),
    department: text(),
    /** Minutes before each occurrence the person is reminded. */
    reminders: integer().array().notNull().default(sql`'{10}'::int[]`),
    answered: instant(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId] }),
    tenantReference(t.eventId, events, 'cascade'),
    index('event_members_user_idx').on(t.clientId, t.userId, t.eventId),
  ],
);
export type EventMemberRow = typeof eventMembers.$inferSelect;

/** A reminder sent: the unique key makes it once per occurrence, person and offset, whatever the processes. */
export const eventRemindersSent = pgTable(
  'event_reminders_sent',
  {
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    eventId: uuid().notNull(),
    occurrence: instant().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    minutes: integer().notNull(),
    sent: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.occurrence, t.userId, t.minutes] }),
    tenantReference(t.eventId, events, 'cascade'),
    index('event_reminders_sent_time_idx').on(t.sent),
  ],
);

/** A person's secret iCal subscription token (compared in constant time; regenerating replaces it). */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  clientId: uuid()
    .notNull()
    .references(() => clients.id, { onDelete: 'cascade' }),
  token: text().notNull(),
  created: createdAt(),
  updated: updatedAt(),
});
