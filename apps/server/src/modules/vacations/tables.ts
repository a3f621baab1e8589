import type { VacationStatus } from '@hallway/shared';
import { date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../platform/db/columns.js';
import { clients } from '../clients/tables.js';
import { users } from '../users/tables.js';

/** Planned vacations (portal §3 Vacation: user, planned list with start, end, days). Dates are inclusive. */
export const vacations = pgTable(
  'vacations',
  {
    id: idColumn(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    start: date({ mode: 'string' }).notNull(),
    end: date({ mode: 'string' }).notNull(),
    /** Working days in it, by the workspace's calendar when it was saved. */
    days: integer().notNull(),
    status: text().$type<VacationStatus>().notNull(),
    approverId: uuid().references(() => users.id, { onDelete: 'set null' }),
    decided: timestamp({ withTimezone: true }),
    comment: text().notNull().default(''),
    created: createdAt(),
    updated: updatedAt(),
  },
  (t) => [
    // A person's vacations (overlap and balance checks, their list) and the chart's rows of a page of people.
    index('vacations_user_idx').on(t.userId, t.start),
    // Who is away today, and the requests waiting for a decision.
    index('vacations_status_idx').on(t.clientId, t.status, t.end),
  ],
);
export type VacationRow = typeof vacations.$inferSelect;

/** Public holidays of a workspace: days off besides Saturdays and Sundays. */
export const vacationHolidays = pgTable(
  'vacation_holidays',
  {
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    name: text().notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.day] })],
);
