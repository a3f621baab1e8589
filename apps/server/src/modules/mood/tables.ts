import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../platform/db/columns.js';
import { clients } from '../clients/tables.js';
import { users } from '../users/tables.js';

/**
 * One mood rating a day per person (modules §3 Mood; portal §9 scale 1 to 10). `day` is the person's own date
 * (their time zone, else the workspace's) when they answered; the unique index refuses a second one that day.
 */
export const moods = pgTable(
  'moods',
  {
    id: idColumn(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    mood: smallint().notNull(),
    comment: text().notNull().default(''),
    created: createdAt(),
  },
  (t) => [
    uniqueIndex('moods_person_day_idx').on(t.clientId, t.userId, t.day),
    // The statistics read a period of the workspace.
    uniqueIndex('moods_day_idx').on(t.clientId, t.day, t.id),
    check('moods_mood_check', sql`${t.mood} BETWEEN 1 AND 10`),
  ],
);

/** The workspace's mood settings; a workspace without a row has the defaults (minimum of answers 5). */
export const moodSettings = pgTable('mood_settings', {
  clientId: uuid()
    .primaryKey()
    .references(() => clients.id, { onDelete: 'cascade' }),
  minAnswers: integer().notNull(),
  updated: updatedAt(),
});
