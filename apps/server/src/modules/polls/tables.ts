import type { PollQuestionDto, PollType, StoredAnswer } from '@hallway/shared/polls';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
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

/**
 * A poll (modules §3 Poll): its questions as one document (they are read and written together, and answers name
 * them by key), its recipients as audience grants of the kind `poll` (`restricted` says it has some: without, it is
 * for everyone of the workspace). `finishedAt` set: answering is over (by its author, or the deadline job);
 * `remindedAt` set: the reminder of the day before the deadline went out (the job claims it once).
 */
export const polls = pgTable(
  'polls',
  {
    id: idColumn(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    authorId: uuid()
      .notNull()
      .references(() => users.id),
    name: text().notNull(),
    description: text().notNull().default(''),
    type: text().$type<PollType>().notNull(),
    questions: jsonb().$type<PollQuestionDto[]>().notNull(),
    allowChange: boolean().notNull().default(false),
    restricted: boolean().notNull().default(false),
    deadline: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    remindedAt: timestamp({ withTimezone: true }),
    created: createdAt(),
    updated: updatedAt(),
  },
  (t) => [
    tenantKey(t),
    index('polls_newest_idx').on(t.clientId, t.created),
    // The deadline job's pass: open polls with a deadline.
    index('polls_deadline_idx').on(t.deadline).where(sql`${t.finishedAt} IS NULL AND ${t.deadline} IS NOT NULL`),
  ],
);
export type PollRow = typeof polls.$inferSelect;

/**
 * Who answered a poll (every type): "not passed", the response count, and the one-answer-set-per-person key. It
 * keeps the day only. For anonymous polls this is all that is known of a person: their answers are in
 * `poll_responses` without them.
 */
export const pollParticipants = pgTable(
  'poll_participants',
  {
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    pollId: uuid().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull().default(sql`current_date`),
  },
  (t) => [primaryKey({ columns: [t.pollId, t.userId] }), tenantReference(t.pollId, polls, 'cascade')],
);

/**
 * One answer set. `id` is a random (v4) uuid given by the service, so it sorts in no order of time. In opened and
 * closed polls `userId` and `answered` say who and when (one set per person: the unique key); in anonymous polls
 * both are null — the row carries nothing of its author, and nothing (no time, no ordered id) that could be matched
 * against `poll_participants`.
 */
export const pollResponses = pgTable(
  'poll_responses',
  {
    id: uuid().primaryKey(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    pollId: uuid().notNull(),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    answered: timestamp({ withTimezone: true }),
    /** The answers by question key. */
    answers: jsonb().$type<Record<string, StoredAnswer>>().notNull(),
  },
  (t) => [
    tenantReference(t.pollId, polls, 'cascade'),
    uniqueIndex('poll_responses_person_key').on(t.pollId, t.userId),
    index('poll_responses_poll_idx').on(t.pollId, t.id),
  ],
);
export type PollResponseRow = typeof pollResponses.$inferSelect;
