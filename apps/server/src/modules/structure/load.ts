// `POST api/structure/load_struct` (portal §7 Structure, §8 'loading_struct_hrm_error'): the administrative tree
// from the HR system's format (the one `POST api/user/load_hrm` reads).
import type { LoadStructReport, MessageCode } from '@hallway/shared';
import { and, eq, isNotNull } from 'drizzle-orm';
import { messageText } from '../../platform/catalogues.js';
import { inTenant } from '../../platform/db/tenant.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import type { Platform } from '../../platform/index.js';
import { hrmSheetRows, mayManage } from '../users/index.js';
import { users } from '../users/tables.js';
import { moveInto } from './members.js';
import { syncAdministrative } from './sync.js';
import { departments } from './tables.js';
import { lockTree } from './tree.js';

interface SourceRow {
  row: number | null;
  userId: string | null;
  values: Record<string, unknown>;
}

const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '');
const segmentsOf = (department: string) =>
  department
    .split('/')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * Reads the rows (an uploaded HR file, or every person's kept HR row), then builds the tree in one transaction:
 * `department` paths become departments under the root (found by name or created), each person is placed in
 * theirs, and the member the others of a department name most as `chiefCode` (an INN) becomes its head.
 */
export async function loadStruct(platform: Platform, ctx: RequestContext, fileId?: string): Promise<LoadStructReport> {
  const fromFile = fileId ? await hrmSheetRows(platform, ctx, fileId, 'loading_struct_hrm_error') : null;
  return inTenant(platform.database, { clientId: ctx.tenant(), userId: ctx.me().id }, async (db) => {
    const own: RequestContext = { ...ctx, db };
    const rows: SourceRow[] = fromFile
      ? fromFile.map((r) => ({ row: r.row, userId: null, values: r.values }))
      : await keptRows(own);
    if (!rows.length) throw new AppError(400, 'loading_struct_hrm_error');
    return build(own, rows);
  });
}

async function keptRows(ctx: RequestContext): Promise<SourceRow[]> {
  const kept = await ctx.db
    .select({ id: users.id, hrmData: users.hrmData })
    .from(users)
    .where(and(eq(users.clientId, ctx.tenant()), eq(users.deletionMark, false), isNotNull(users.hrmData)));
  return kept.map((k) => ({ row: null, userId: k.id, values: k.hrmData ?? {} }));
}

async function build(ctx: RequestContext, rows: SourceRow[]): Promise<LoadStructReport> {
  const clientId = ctx.tenant();
  const rootId = await lockTree(ctx, 'administrative');
  const people = await ctx.db
    .select({ id: users.id, inn: users.inn, roles: users.roles })
    .from(users)
    .where(and(eq(users.clientId, clientId), eq(users.deletionMark, false)));
  const rolesOf = new Map(people.map((p) => [p.id, p.roles]));
  const byInn = new Map(people.filter((p) => p.inn).map((p) => [p.inn, p.id]));
  const report: LoadStructReport = { departments: 0, placed: 0, errors: [] };
  const fail = (r: SourceRow, userId: string | null, field: string, code: MessageCode) =>
    report.errors.push({ row: r.row, user_id: userId, fields: { [field]: code }, message: messageText(code) });

  const placed: { userId: string; path: string[]; chief: string | null }[] = [];
  const seen = new Set<string>();
  for (const r of rows) {
    const inn = str(r.values.inn);
    const userId = r.userId ?? byInn.get(inn) ?? null;
    if (!userId) {
      fail(r, null, 'inn', inn ? 'inn_unknown' : 'required');
      continue;
    }
    if (seen.has(userId)) {
      fail(r, userId, 'inn', 'inn_duplicate');
      continue;
    }
    // Another administrator keeps their place (users policy), as in the HR import.
    if (!mayManage(ctx, { id: userId, roles: rolesOf.get(userId) ?? [] })) {
      fail(r, userId, 'inn', 'cannot_change_admin');
      continue;
    }
    const path = segmentsOf(str(r.values.department));
    if (!path.length) {
      fail(r, userId, 'department', 'required');
      continue;
    }
    const chiefCode = str(r.values.chiefCode);
    const chief = chiefCode ? (byInn.get(chiefCode) ?? null) : null;
    if (chiefCode && !chief) {
      fail(r, userId, 'chiefCode', 'chief_unknown');
      continue;
    }
    seen.add(userId);
    placed.push({ userId, path, chief });
  }

  // Departments by path, found by name (without case) under their parent or created.
  const existing = await ctx.db
    .select({ id: departments.id, parentId: departments.parentId, name: departments.name })
    .from(departments)
    .where(and(eq(departments.clientId, clientId), eq(departments.type, 'administrative')));
  const childKey = (parent: string, name: string) => `${parent}\u0000${name.toLowerCase()}`;
  const byName = new Map(existing.filter((d) => d.parentId).map((d) => [childKey(d.parentId!, d.name), d.id]));
  const deptOf = async (path: string[]) => {
    let parent = rootId;
    for (const name of path) {
      let id = byName.get(childKey(parent, name));
      if (!id) {
        const [created] = await ctx.db
          .insert(departments)
          .values({ clientId, type: 'administrative', parentId: parent, name: name.slice(0, 100) })
          .returning({ id: departments.id });
        id = created.id;
        byName.set(childKey(parent, name), id);
        report.departments++;
      }
      parent = id;
    }
    return parent;
  };
  const members = new Map<string, { userId: string; chief: string | null }[]>();
  for (const p of placed) {
    const deptId = await deptOf(p.path);
    members.set(deptId, [...(members.get(deptId) ?? []), p]);
  }
  const deptRows = await ctx.db
    .select()
    .from(departments)
    .where(and(eq(departments.clientId, clientId), eq(departments.type, 'administrative')));
  const rowById = new Map(deptRows.map((d) => [d.id, d]));
  for (const [deptId, list] of members) {
    await moveInto(
      ctx,
      rowById.get(deptId)!,
      list.map((m) => m.userId),
    );
    report.placed += list.length;
    const inDept = new Set(list.map((m) => m.userId));
    const votes = new Map<string, number>();
    for (const m of list)
      if (m.chief && inDept.has(m.chief) && m.chief !== m.userId) votes.set(m.chief, (votes.get(m.chief) ?? 0) + 1);
    const [head] = [...votes.entries()].sort((a, b) => b[1] - a[1]);
    if (head) await ctx.db.update(departments).set({ headId: head[0] }).where(eq(departments.id, deptId));
  }
  await syncAdministrative(ctx);
  return report;
}
