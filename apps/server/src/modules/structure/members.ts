// Members and heads of departments (`dept_users`, portal §3 "Department users: dept_id, users, headUser").
import { type DeptUsersDto, STRUCTURE_SEARCH_MAX, type StructureType } from '@hallway/shared';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { authorize } from '../../platform/access/tenancy.js';
import { rowsOf } from '../../platform/db/client.js';
import { containing } from '../../platform/db/like.js';
import { AppError, notFound } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { assertActivePeople, assertMayManagePeople, personCards, unknownPerson } from '../users/index.js';
import { structurePolicy } from './policy.js';
import { syncAdministrative } from './sync.js';
import { type DepartmentRow, departments, deptUsers } from './tables.js';
import { findDepartment, lockedDepartment } from './tree.js';

interface MemberRow {
  dept_id: string;
  user_id: string;
}

/** Members of departments (active people, by name) grouped per department, with each one's head. */
async function groups(ctx: RequestContext, where: ReturnType<typeof sql>): Promise<DeptUsersDto[]> {
  const clientId = ctx.tenant();
  const rows = await rowsOf<MemberRow & { head_id: string | null }>(
    ctx.db,
    sql`SELECT d.id AS dept_id, d.head_id, du.user_id
        FROM departments d
        LEFT JOIN dept_users du ON du.dept_id = d.id
          AND EXISTS (SELECT 1 FROM users u WHERE u.id = du.user_id AND NOT u.deletion_mark)
        LEFT JOIN users u ON u.id = du.user_id
        WHERE d.client_id = ${clientId} AND ${where}
        ORDER BY d.id, u.last_name, u.first_name, u.id`,
  );
  const cards = await personCards(
    ctx.db,
    rows.flatMap((r) => [r.user_id, r.head_id].filter((x): x is string => !!x)),
  );
  const byDept = new Map<string, DeptUsersDto>();
  for (const r of rows) {
    let group = byDept.get(r.dept_id);
    if (!group) {
      group = {
        dept_id: r.dept_id,
        users: [],
        headUser: r.head_id ? (cards.get(r.head_id) ?? unknownPerson(r.head_id)) : null,
      };
      byDept.set(r.dept_id, group);
    }
    if (r.user_id) group.users.push(cards.get(r.user_id) ?? unknownPerson(r.user_id));
  }
  return [...byDept.values()];
}

async function groupOf(ctx: RequestContext, deptId: string): Promise<DeptUsersDto> {
  const [group] = await groups(ctx, sql`d.id = ${deptId}`);
  if (!group) throw notFound('department_not_found');
  return group;
}

/**
 * `GET api/structure/byClient/{id}/dept_users`: the members of a tree's departments (those with anyone in them),
 * of one department (`dept`), or (`search`) the departments of the people whose name or position matches.
 */
export async function deptUsersOf(
  ctx: RequestContext,
  query: { type: StructureType; dept?: string; search?: string },
): Promise<DeptUsersDto[]> {
  if (query.dept) {
    const dept = await findDepartment(ctx, query.dept);
    return [await groupOf(ctx, dept.id)];
  }
  const clientId = ctx.tenant();
  if (query.search) {
    const like = containing(query.search.toLowerCase());
    const found = await rowsOf<MemberRow>(
      ctx.db,
      sql`SELECT du.dept_id, du.user_id FROM dept_users du JOIN users u ON u.id = du.user_id
          WHERE du.client_id = ${clientId} AND du.type = ${query.type} AND NOT u.deletion_mark
            AND lower(u.first_name || ' ' || u.last_name || ' ' || u.position) LIKE ${like}
          ORDER BY u.last_name, u.first_name, u.id LIMIT ${STRUCTURE_SEARCH_MAX}`,
    );
    const cards = await personCards(
      ctx.db,
      found.map((f) => f.user_id),
    );
    const heads = new Map(
      (
        await ctx.db
          .select({ id: departments.id, headId: departments.headId })
          .from(departments)
          .where(
            inArray(
              departments.id,
              found.length ? found.map((f) => f.dept_id) : ['00000000-0000-0000-0000-000000000000'],
            ),
          )
      ).map((d) => [d.id, d.headId]),
    );
    const headCards = await personCards(
      ctx.db,
      [...heads.values()].filter((x): x is string => !!x),
    );
    const byDept = new Map<string, DeptUsersDto>();
    for (const f of found) {
      const head = heads.get(f.dept_id);
      const group = byDept.get(f.dept_id) ?? {
        dept_id: f.dept_id,
        users: [],
        headUser: head ? (headCards.get(head) ?? unknownPerson(head)) : null,
      };
      group.users.push(cards.get(f.user_id) ?? unknownPerson(f.user_id));
      byDept.set(f.dept_id, group);
    }
    return [...byDept.values()];
  }
  return groups(ctx, sql`d.type = ${query.type} AND EXISTS (SELECT 1 FROM dept_users x WHERE x.dept_id = d.id)`);
}

/**
 * Puts people into a department, moving them out of any other department of the same tree. Those who move must be
 * people the caller may manage (users policy: not another administrator); people already in it stay as they are.
 */
export async function moveInto(ctx: RequestContext, dept: DepartmentRow, userIds: string[]): Promise<void> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return;
  await assertActivePeople(ctx, ids, 'users', 'user_not_found');
  const staying = await ctx.db
    .select({ userId: deptUsers.userId })
    .from(deptUsers)
    .where(and(eq(deptUsers.deptId, dept.id), inArray(deptUsers.userId, ids)));
  const kept = new Set(staying.map((r) => r.userId));
  await assertMayManagePeople(
    ctx,
    ids.filter((id) => !kept.has(id)),
  );
  // Someone who headed the department they leave heads it no more.
  await ctx.db
    .update(departments)
    .set({ headId: null })
    .where(
      and(
        eq(departments.clientId, dept.clientId),
        eq(departments.type, dept.type),
        ne(departments.id, dept.id),
        inArray(departments.headId, ids),
      ),
    );
  await ctx.db
    .insert(deptUsers)
    .values(ids.map((userId) => ({ clientId: dept.clientId, deptId: dept.id, userId, type: dept.type })))
    .onConflictDoUpdate({
      target: [deptUsers.clientId, deptUsers.type, deptUsers.userId],
      set: { deptId: dept.id, created: sql`now()` },
    });
}

/** Makes `head` the department's head (null: nobody); the head who goes and the one who comes are people the caller may manage. */
export async function setHead(ctx: RequestContext, dept: DepartmentRow, head: string | null): Promise<void> {
  if (head !== dept.headId) {
    await assertMayManagePeople(
      ctx,
      [dept.headId, head].filter((id): id is string => !!id),
    );
  }
  if (head) {
    const [member] = await ctx.db
      .select({ userId: deptUsers.userId })
      .from(deptUsers)
      .where(and(eq(deptUsers.deptId, dept.id), eq(deptUsers.userId, head)));
    if (!member) throw new AppError(400, 'head_not_member', {}, { fields: { head: 'head_not_member' } });
  }
  await ctx.db.update(departments).set({ headId: head }).where(eq(departments.id, dept.id));
}

async function afterChange(ctx: RequestContext, dept: DepartmentRow, removed: string[] = []) {
  if (dept.type === 'administrative') await syncAdministrative(ctx, removed);
  return groupOf(ctx, dept.id);
}

/** `POST api/dept_users/{clientId}/{deptId}` `{ users }`. */
export async function addMembers(ctx: RequestContext, deptId: string, userIds: string[]) {
  authorize(structurePolicy(ctx).edit);
  const dept = await lockedDepartment(ctx, deptId);
  await moveInto(ctx, dept, userIds);
  return afterChange(ctx, dept);
}

/** `PUT api/dept_users` `{ dept_id, users?, head? }`: moves people in, then sets or clears the head. */
export async function updateMembers(
  ctx: RequestContext,
  input: { dept_id: string; users?: string[]; head?: string | null },
) {
  authorize(structurePolicy(ctx).edit);
  const dept = await lockedDepartment(ctx, input.dept_id, 'dept_id');
  await moveInto(ctx, dept, input.users ?? []);
  if (input.head !== undefined) await setHead(ctx, dept, input.head);
  return afterChange(ctx, dept);
}

/** `DELETE api/dept_users/{deptId}/{userId}`: takes a person out (a head stops being head). */
export async function removeMember(ctx: RequestContext, deptId: string, userId: string) {
  authorize(structurePolicy(ctx).edit);
  const dept = await lockedDepartment(ctx, deptId);
  await assertMayManagePeople(ctx, [userId]);
  const gone = await ctx.db
    .delete(deptUsers)
    .where(and(eq(deptUsers.deptId, dept.id), eq(deptUsers.userId, userId)))
    .returning({ userId: deptUsers.userId });
  if (!gone.length) throw notFound('user_not_found');
  if (dept.headId === userId) await ctx.db.update(departments).set({ headId: null }).where(eq(departments.id, dept.id));
  return afterChange(ctx, dept, [userId]);
}

/** `PUT api/dept_users/clear_chief/{id}`: the department has no head any more. */
export async function clearChief(ctx: RequestContext, deptId: string) {
  authorize(structurePolicy(ctx).edit);
  const dept = await lockedDepartment(ctx, deptId);
  await setHead(ctx, dept, null);
  return afterChange(ctx, dept);
}
