import { bigint, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from '../db/columns.js';

/** Every stored file: bytes live in the storage driver under a server-generated key. */
export const files = pgTable(
  'files',
  {
    id: idColumn(),
    clientId: uuid().notNull(),
    ownerId: uuid(),
    name: text().notNull(),
    mime: text().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    storageKey: text().notNull().unique(),
    thumbKey: text(),
    width: integer(),
    height: integer(),
    created: createdAt(),
  },
  (t) => [index().on(t.clientId, t.created)],
);

export type FileRow = typeof files.$inferSelect;
