import type { StructureType } from '@hallway/shared';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../platform/db/columns.js';
import { tenantKey, tenantReference } from '../../platform/db/tenant-keys.js';
import { clients } from '../clients/tables.js';
import { users } from '../users/tables.js';

/**
 * Departments of the four trees of a workspace (portal §3 Structure). Each tree has one root (no parent), created
 * with it; a department's subtree goes with it (only empty ones are ever deleted).
 */
export const departments = pgTable(
  'departments',
  {
    id: idColumn(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    type: text().$type<StructureType>().notNull(),
    parentId: uuid(),
    name: text().notNull(),
    description: text().notNull().default(''),
    sort: integer().notNull().default(0),
    headId: uuid().references(() => users.id, { onDelete: 'set null' }),
    created: createdAt(),
    updated: updatedAt(),
  },
  (t) => [
    tenantKey(t),
    tenantReference(t.parentId, t, 'cascade'),
    index('departments_tree_idx').on(t.clientId, t.type, t.parentId),
    index('departments_parent_idx').on(t.parentId),
    uniqueIndex('departments_root_key').on(t.clientId, t.type).where(sql`${t.parentId} IS NULL`),
  ],
);
export type DepartmentRow = typeof departments.$inferSelect;

/** Members of departments (`dept_users`): a person is in at most one department of each tree. */
export const deptUsers = pgTable(
  'dept_users',
  {
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    deptId: uuid().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text().$type<StructureType>().notNull(),
    created: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.deptId, t.userId] }),
    tenantReference(t.deptId, departments, 'cascade'),
    uniqueIndex('dept_users_tree_key').on(t.clientId, t.type, t.userId),
    index('dept_users_user_idx').on(t.userId),
  ],
);
