import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from './columns.js';

/** Settings of the installation itself (the signing secret), shared by every process. */
export const systemSettings = pgTable('system_settings', {
  key: text().primaryKey(),
  value: jsonb().notNull(),
});

/** The journal of cross-workspace operations and administrative actions. */
export const journal = pgTable(
  'journal',
  {
    id: idColumn(),
    clientId: uuid(),
    userId: uuid(),
    action: text().notNull(),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    created: createdAt(),
  },
  (t) => [index().on(t.clientId, t.created)],
);
