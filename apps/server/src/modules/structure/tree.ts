// Reading the four trees (portal §3 Structure): one statement for the departments and their member counts.
import { type PersonCard, STRUCTURE_TYPES, type StructureNodeDto, type StructureType } from '@hallway/shared';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/db/client.js';
import { AppError, notFound } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { clients } from '../clients/tables.js';
import { personCardSql, unknownPerson } from '../users/index.js';
import { departmentPolicy } from './policy.js';
import { type DepartmentRow, departments } from './tables.js';

/** The roots of the four trees, created the first time a workspace's structure is used. */
export async function ensureRoots(ctx: RequestContext): Promise<Map<StructureType, string>> {
  const clientId = ctx.tenant();
  const roots = async () =>
    ctx.db
      .select({ id: departments.id, type: departments.type })
      .from(departments)
      .where(and(eq(departments.clientId, clientId), isNull(departments.parentId)));
  let found = await roots();
  if (found.length < STRUCTURE_TYPES.length) {
    const [client] = await ctx.db.select({ name: clients.name }).from(clients).where(eq(clients.id, clientId));
    await ctx.db
      .insert(departments)
      .values(STRUCTURE_TYPES.map((type) => ({ clientId, type, name: client?.name || 'Company' })))
      .onConflictDoNothing();
    found = await roots();
  }
  return new Map(found.map((r) => [r.type, r.id]));
}

/**
 * Locks a tree for a change: every write to a tree first locks its root row, so two administrators' moves run one
 * after the other and the second sees the first (a cycle check cannot pass on a stale tree).
 */
export async function lockTree(ctx: RequestContext, type: StructureType): Promise<string> {
  const rootId = (await ensureRoots(ctx)).get(type);
  if (!rootId) throw new AppError(500, 'server_error');
  await ctx.db.select({ id: departments.id }).from(departments).where(eq(departments.id, rootId)).for('update');
  return rootId;
}

/** A department of the caller's workspace, or 404 (naming `field` when the id came from the body). */
export async function findDepartment(ctx: RequestContext, id: string, field?: string): Promise<DepartmentRow> {
  const [row] = await ctx.db
    .select()
    .from(departments)
    .where(and(eq(departments.id, id), eq(departments.clientId, ctx.tenant())));
  if (!row) {
    if (field) throw new AppError(404, 'department_not_found', {}, { fields: { [field]: 'department_not_found' } });
    throw notFound('department_not_found');
  }
  return row;
}

/** Departments of the caller's workspace by id, with their names and heads (other modules name them by id). */
export async function departmentsByIds(
  ctx: RequestContext,
  ids: Iterable<string>,
): Promise<Map<string, { id: string; name: string; headId: string | null }>> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return new Map();
  const rows = await ctx.db
    .select({ id: departments.id, name: departments.name, headId: departments.headId })
    .from(departments)
    .where(and(eq(departments.clientId, ctx.tenant()), inArray(departments.id, wanted)));
  return new Map(rows.map((r) => [r.id, r]));
}

interface NodeRow {
  id: string;
  type: StructureType;
  parent_id: string | null;
  name: string;
  description: string;
  sort: number;
  head_id: string | null;
  count: number;
  head: PersonCard | null;
}

/** Every tree of the workspace (or one), nested, with member counts (active people) and heads. */
export async function buildTrees(ctx: RequestContext, only?: StructureType) {
  const clientId = ctx.tenant();
  const roots = await ensureRoots(ctx);
  const rows = await rowsOf<NodeRow>(
    ctx.db,
    sql`SELECT d.id, d.type, d.parent_id, d.name, d.description, d.sort, d.head_id, coalesce(c.n, 0)::int AS count,
               ${personCardSql(sql`d.head_id`)} AS head
        FROM departments d
        LEFT JOIN (SELECT du.dept_id, count(*)::int AS n FROM dept_users du
                   JOIN users u ON u.id = du.user_id AND u.client_id = ${clientId} AND NOT u.deletion_mark
                   WHERE du.client_id = ${clientId} ${only ? sql`AND du.type = ${only}` : sql``}
                   GROUP BY du.dept_id) c ON c.dept_id = d.id
        WHERE d.client_id = ${clientId} ${only ? sql`AND d.type = ${only}` : sql``}
        ORDER BY d.sort, d.name, d.id`,
  );
  const nodes = new Map<string, StructureNodeDto>();
  for (const r of rows) {
    nodes.set(r.id, {
      _id: r.id,
      type: r.type,
      name: r.name,
      description: r.description,
      parent: r.parent_id,
      sort: r.sort,
      head: r.head_id ? (r.head ?? unknownPerson(r.head_id)) : null,
      count: r.count,
      total: r.count,
      children: [],
      // Filled in below, once the totals are known (departmentPolicy).
      can: { edit: false, delete: false },
    });
  }
  // Rows come in sibling order, so children keep it.
  for (const r of rows) if (r.parent_id) nodes.get(r.parent_id)?.children.push(nodes.get(r.id)!);
  const total = (node: StructureNodeDto): number => {
    node.total = node.count + node.children.reduce((sum, child) => sum + total(child), 0);
    node.can = departmentPolicy(ctx, node);
    return node.total;
  };
  const trees = (only ? [only] : STRUCTURE_TYPES).map((type) => {
    const root = nodes.get(roots.get(type)!)!;
    total(root);
    return { type, root };
  });
  return { trees, nodes };
}

/** One department as the tree shows it (with the departments below it). */
export async function presentDepartment(ctx: RequestContext, row: Pick<DepartmentRow, 'id' | 'type'>) {
  const { nodes } = await buildTrees(ctx, row.type);
  const node = nodes.get(row.id);
  if (!node) throw notFound('department_not_found');
  return node;
}

/** A department read again once its tree is locked, so the change works on what the last writer left. */
export async function lockedDepartment(ctx: RequestContext, id: string, field?: string): Promise<DepartmentRow> {
  const found = await findDepartment(ctx, id, field);
  await lockTree(ctx, found.type);
  return findDepartment(ctx, id, field);
}
