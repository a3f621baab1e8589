import { getTableColumns, getTableName } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import { foreignKey, type PgColumn, unique } from 'drizzle-orm/pg-core';

/**
 * Composite tenant keys: a reference from one tenant table to another is `(client_id, x_id) → (client_id, id)`, so
 * the database itself refuses a row of one workspace that points at a row of another. A table others reference
 * declares `tenantKey(t)`; a reference is one line of the referencing table's constraints,
 * `tenantReference(t.groupId, groups, 'cascade')` (a self-reference passes its own `t`).
 *
 * A tenant table is one whose every row belongs to a workspace (`client_id` NOT NULL). `clients`, the workspace
 * itself, and `users` are referenced by plain column references: the superadmin's row belongs to no workspace
 * (`client_id` null) and they act in every one, recorded as the author, organizer, owner or approver of its rows.
 */

/** The columns of a tenant table a composite reference points at. */
export interface TenantKeyColumns {
  clientId: PgColumn;
  id: PgColumn;
}

/** What happens to the referencing row when the row it points at is deleted. */
export type TenantOnDelete = 'cascade' | 'no action';

/** The SQL name of a column (`snake_case` of its key unless it was given a name). */
export const sqlName = (column: PgColumn) => (column.keyAsName ? toSnakeCase(column.name) : column.name);

/** `UNIQUE (client_id, id)`: the key composite references point at. */
export const tenantKey = (t: TenantKeyColumns) => unique(`${getTableName(t.id.table)}_tenant_key`).on(t.clientId, t.id);

/** `FOREIGN KEY (client_id, <column>) REFERENCES <target> (client_id, id)`, named `<table>_<column>_fk`. */
export function tenantReference(column: PgColumn, target: TenantKeyColumns, onDelete: TenantOnDelete = 'no action') {
  const { clientId } = getTableColumns(column.table);
  if (!clientId) throw new Error(`${getTableName(column.table)} has no client_id: not a tenant table`);
  return foreignKey({
    name: `${getTableName(column.table)}_${sqlName(column)}_fk`,
    columns: [clientId, column],
    foreignColumns: [target.clientId, target.id],
  }).onDelete(onDelete);
}
