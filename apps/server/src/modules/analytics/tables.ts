import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from '../../platform/db/columns.js';

/** Session reports from the web app's activity tracking (spec portal §4 "Activity tracking"). */
export const visitorSessions = pgTable(
  'visitor_sessions',
  {
    id: idColumn(),
    clientId: uuid().notNull(),
    userId: uuid().notNull(),
    sessionStart: timestamp({ withTimezone: true }).notNull(),
    sessionEnd: timestamp({ withTimezone: true }).notNull(),
    seconds: integer().notNull(),
    created: createdAt(),
  },
  (t) => [index().on(t.clientId, t.sessionStart)],
);

/** Module visits reported when a person leaves a page. */
export const moduleVisits = pgTable(
  'module_visits',
  {
    id: idColumn(),
    clientId: uuid().notNull(),
    userId: uuid().notNull(),
    module: text().notNull(),
    visitedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.clientId, t.visitedAt)],
);
