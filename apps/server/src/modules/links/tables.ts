import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../platform/db/columns.js';
import { tenantKey, tenantReference } from '../../platform/db/tenant-keys.js';
import { clients } from '../clients/tables.js';

/** The useful-links widget of one module of a workspace (modules §3 "Link block"). */
export const linkBlocks = pgTable(
  'link_blocks',
  {
    id: idColumn(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    module: text().notNull(),
    enabled: boolean().notNull().default(true),
    created: createdAt(),
    updated: updatedAt(),
  },
  (t) => [tenantKey(t), uniqueIndex('link_blocks_module_key').on(t.clientId, t.module)],
);
export type LinkBlockRow = typeof linkBlocks.$inferSelect;

export const links = pgTable(
  'links',
  {
    id: idColumn(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    blockId: uuid().notNull(),
    title: text().notNull(),
    url: text().notNull(),
    position: integer().notNull().default(0),
    created: createdAt(),
  },
  (t) => [tenantReference(t.blockId, linkBlocks, 'cascade'), index('links_block_idx').on(t.blockId, t.position)],
);
export type LinkRow = typeof links.$inferSelect;
