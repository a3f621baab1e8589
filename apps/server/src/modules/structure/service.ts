// Departments: create, rename, describe, move, delete (portal §5 Structure). Writes lock the tree (tree.ts).
import type { StructureNodeDto } from '@hallway/shared';
import { and, eq, sql } from 'drizzle-orm';
import { authorize } from '../../platform/access/tenancy.js';
import { rowsOf } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { structurePolicy } from './policy.js';
import { syncAdministrative } from './sync.js';
import { departments } from './tables.js';
import { buildTrees, findDepartment, lockedDepartment, presentDepartment } from './tree.js';

const refuse = (code: 'structure_move_cycle' | 'structure_root_locked' | 'structure_parent_other_tree') =>
  new AppError(400, code, {}, { fields: { parent: code } });

/** `GET api/structure/byClient/{id}`: the four trees. */
export async function allTrees(ctx: RequestContext) {
  const { trees } = await buildTrees(ctx);
  return { result: trees, can: structurePolicy(ctx) };
}

/** `POST api/structure`: a department under `parent`, last among its siblings unless `sort` says otherwise. */
export async function createDepartment(
  ctx: RequestContext,
  input: { parent: string; name: string; description?: string; sort?: number },
): Promise<StructureNodeDto> {
  authorize(structurePolicy(ctx).edit);
  const parent = await lockedDepartment(ctx, input.parent, 'parent');
  const [last] = await rowsOf<{ sort: number }>(
    ctx.db,
    sql`SELECT coalesce(max(sort) + 1, 0)::int AS sort FROM departments WHERE parent_id = ${parent.id}`,
  );
  const [row] = await ctx.db
    .insert(departments)
    .values({
      clientId: parent.clientId,
      type: parent.type,
      parentId: parent.id,
      name: input.name,
      description: input.description ?? '',
      sort: input.sort ?? last.sort,
    })
    .returning();
  return presentDepartment(ctx, row);
}

/**
 * `PUT api/structure/{id}`: rename, describe, reorder, move. A move stays in its tree and never goes into the
 * department itself or one below it: the walk up from the new parent runs in SQL with the tree locked, so two
 * concurrent moves (A under B, B under A) cannot both pass.
 */
export async function updateDepartment(
  ctx: RequestContext,
  id: string,
  input: { name?: string; description?: string; parent?: string; sort?: number },
): Promise<StructureNodeDto> {
  authorize(structurePolicy(ctx).edit);
  const row = await lockedDepartment(ctx, id);
  const moving = input.parent !== undefined && input.parent !== row.parentId;
  if (moving) {
    if (row.parentId === null) throw refuse('structure_root_locked');
    const parent = await findDepartment(ctx, input.parent!, 'parent');
    if (parent.type !== row.type) throw refuse('structure_parent_other_tree');
    const [cycle] = await rowsOf<{ found: boolean }>(
      ctx.db,
      sql`WITH RECURSIVE up AS (
            SELECT id, parent_id FROM departments WHERE id = ${parent.id}
            UNION ALL
            SELECT d.id, d.parent_id FROM departments d JOIN up ON d.id = up.parent_id
          ) SELECT EXISTS (SELECT 1 FROM up WHERE id = ${row.id}) AS found`,
    );
    if (cycle.found) throw refuse('structure_move_cycle');
  }
  const changes = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.sort !== undefined ? { sort: input.sort } : {}),
    ...(moving ? { parentId: input.parent } : {}),
  };
  // Nothing to change (`{}`, or only the parent it already has): the department as it is.
  if (!Object.keys(changes).length) return presentDepartment(ctx, row);
  const [saved] = await ctx.db
    .update(departments)
    .set(changes)
    .where(and(eq(departments.id, row.id), eq(departments.clientId, row.clientId)))
    .returning();
  if (saved.type === 'administrative' && (moving || (input.name !== undefined && input.name !== row.name))) {
    await syncAdministrative(ctx);
  }
  return presentDepartment(ctx, saved);
}

/**
 * `DELETE api/structure/{id}`: the department and the departments below it, all empty. The root cannot go, nor a
 * department where anyone (active) still works.
 */
export async function deleteDepartment(ctx: RequestContext, id: string) {
  authorize(structurePolicy(ctx).edit);
  const found = await findDepartment(ctx, id);
  if (found.parentId === null) throw new AppError(400, 'structure_root_delete');
  const row = await lockedDepartment(ctx, id);
  const [below] = await rowsOf<{ ids: string[]; members: number }>(
    ctx.db,
    sql`WITH RECURSIVE down AS (
          SELECT id FROM departments WHERE id = ${row.id}
          UNION ALL
          SELECT d.id FROM departments d JOIN down ON d.parent_id = down.id
        )
        SELECT array_agg(down.id::text) AS ids,
               (SELECT count(*)::int FROM dept_users du JOIN users u ON u.id = du.user_id AND NOT u.deletion_mark
                WHERE du.dept_id IN (SELECT id FROM down)) AS members
        FROM down`,
  );
  if (below.members > 0) throw new AppError(400, 'structure_has_employees');
  await ctx.db.delete(departments).where(and(eq(departments.id, row.id), eq(departments.clientId, row.clientId)));
  // Deleted people may have stayed members of it: they leave with it.
  if (row.type === 'administrative') await syncAdministrative(ctx);
  return { _id: row.id, deleted: below.ids };
}
