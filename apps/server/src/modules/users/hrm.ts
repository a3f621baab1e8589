// Spec portal §5 "INN is 10 digits and is needed for the HR integration", §7 load_hrm / reset_to_hrm, §8 errors.
import { type HrmReport, type MessageCode, profileFields } from '@hallway/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { messageText } from '../../platform/catalogues.js';
import type { Tx } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors/app-error.js';
import { toFields } from '../../platform/errors/handler.js';
import type { RequestContext } from '../../platform/http/context.js';
import type { Platform } from '../../platform/index.js';
import { clients } from '../clients/tables.js';
import { assertMayManage, mayManage } from './policy.js';
import { createEmployee } from './register.js';
import { getUserRow, saveUser } from './service.js';
import { normaliseRow, type SheetRow } from './spreadsheet.js';
import { type UserRow, users } from './tables.js';
import { inOwnWorkspace, uploadedRows } from './transfer.js';

/** The fields an HR system owns: an import sets them, `reset_to_hrm` puts them back. */
const hrmRow = profileFields
  .pick({
    firstName: true,
    middleName: true,
    lastName: true,
    email: true,
    birthDate: true,
    phone: true,
    internalPhone: true,
    organization: true,
    kpp: true,
    position: true,
    cabinet: true,
    chiefCode: true,
    department: true,
    workingSince: true,
    gender: true,
    vacationDays: true,
    city: true,
  })
  .partial()
  .extend({ inn: z.string({ error: 'required' }).regex(/^\d{10}$/, 'inn_invalid') });
type HrmRow = z.infer<typeof hrmRow>;

const fieldsOf = (issues: z.core.$ZodIssue[]) =>
  toFields(issues.map((i) => ({ instancePath: `/${i.path.join('/')}`, keyword: i.code, message: i.message })));

/** The columns a row of the HR file writes (empty dates mean "none"). */
function columnsOf(data: HrmRow): Partial<typeof users.$inferInsert> {
  const { birthDate, workingSince, ...rest } = data;
  return {
    ...rest,
    ...(birthDate !== undefined ? { birthDate: birthDate || null } : {}),
    ...(workingSince !== undefined ? { workingSince: workingSince || null } : {}),
  };
}

/**
 * `POST api/user/load_hrm` (`{ file_id }`): an HR system's export (XLSX or CSV) keyed by INN. A row whose INN
 * names an employee of the workspace updates them; any other row creates one (name, last name and e-mail needed,
 * no password: they use "forgot password"). Each employee keeps their row for `reset_to_hrm`. Bad rows are
 * reported, the others saved; an unreadable file or one without an INN column answers 'loading_hrm_error'.
 */
export async function loadHrm(platform: Platform, ctx: RequestContext, fileId: string): Promise<HrmReport> {
  const rows = await uploadedRows(platform, ctx, fileId, 'loading_hrm_error');
  if (!rows.some((r) => 'inn' in r.values))
    throw new AppError(400, 'loading_hrm_error', {}, { fields: { inn: 'required' } });
  return inOwnWorkspace(platform, ctx, (own) => saveHrmRows(own, rows));
}

async function saveHrmRows(ctx: RequestContext, rows: SheetRow[]): Promise<HrmReport> {
  const [client] = await ctx.db.select().from(clients).where(eq(clients.id, ctx.tenant()));
  const report: HrmReport = { created: [], updated: [], errors: [] };
  const parsed = rows.map((r) => ({ row: r.row, result: hrmRow.safeParse(normaliseRow(r.values)) }));
  const inns = parsed.flatMap((p) => (p.result.success ? [p.result.data.inn] : []));
  const existing = await peopleByInn(ctx, inns);
  const seen = new Set<string>();
  for (const { row, result } of parsed) {
    if (!result.success) {
      report.errors.push({ row, fields: fieldsOf(result.error.issues), message: 'Validation error' });
      continue;
    }
    const data = result.data;
    const matches = existing.get(data.inn) ?? [];
    if (seen.has(data.inn) || matches.length > 1) {
      report.errors.push({ row, fields: { inn: 'inn_duplicate' }, message: 'This INN appears more than once' });
      continue;
    }
    seen.add(data.inn);
    if (matches[0] && !mayManage(ctx, matches[0])) {
      report.errors.push({ row, fields: { inn: 'cannot_change_admin' }, message: messageText('cannot_change_admin') });
      continue;
    }
    try {
      // A savepoint per row: a refused row (a taken e-mail) leaves the others saved.
      const saved = await ctx.db.transaction(async (sp) => {
        const tx = sp as unknown as Tx;
        if (matches[0]) return saveUser(tx, matches[0].id, { ...columnsOf(data), hrmData: data });
        return createEmployee(tx, client, { ...creationFields(data), hrmData: data });
      });
      (matches[0] ? report.updated : report.created).push({ row, _id: saved.id, inn: data.inn });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      report.errors.push({ row, fields: err.extra.fields ?? {}, message: err.message });
    }
  }
  return report;
}

/** A new employee from an HR row: the names and e-mail `register` requires, checked like it does. */
function creationFields(data: HrmRow) {
  const missing = (['firstName', 'lastName', 'email'] as const).filter((f) => !data[f]);
  if (missing.length) {
    throw new AppError(400, 'fields_empty', {}, { fields: Object.fromEntries(missing.map((f) => [f, 'required'])) });
  }
  const { birthDate, workingSince, ...rest } = data;
  return {
    ...rest,
    firstName: data.firstName!,
    lastName: data.lastName!,
    email: data.email!,
    birthDate: birthDate || undefined,
    workingSince: workingSince || undefined,
  };
}

type InnMatch = Pick<UserRow, 'id' | 'roles'>;

async function peopleByInn(ctx: RequestContext, inns: string[]): Promise<Map<string, InnMatch[]>> {
  const found = new Map<string, InnMatch[]>();
  if (!inns.length) return found;
  const rows = await ctx.db
    .select({ id: users.id, inn: users.inn, roles: users.roles })
    .from(users)
    .where(and(eq(users.clientId, ctx.tenant()), inArray(users.inn, [...new Set(inns)])));
  for (const row of rows) found.set(row.inn, [...(found.get(row.inn) ?? []), row]);
  return found;
}

/**
 * `POST api/user/reset_to_hrm` (`{ user_id }`): puts back the fields of the employee's row in the last HR import.
 * Someone never imported, or whose kept row no longer passes the rules, answers 'reseting_hrm_error'.
 */
export async function resetToHrm(ctx: RequestContext, userId: string): Promise<UserRow> {
  const row = await getUserRow(ctx, userId);
  assertMayManage(ctx, row);
  const kept = hrmRow.safeParse(row.hrmData);
  if (!row.hrmData || !kept.success) throw new AppError(400, 'reseting_hrm_error');
  try {
    return await ctx.db.transaction((sp) => saveUser(sp as unknown as Tx, row.id, columnsOf(kept.data)));
  } catch (err) {
    if (err instanceof AppError) throw new AppError(409, 'reseting_hrm_error', {}, { fields: err.extra.fields });
    throw err;
  }
}

/** The rows of an uploaded HR-system file (this import's format), normalised, for the structure's `load_struct`. */
export async function hrmSheetRows(
  platform: Platform,
  ctx: RequestContext,
  fileId: string,
  code: MessageCode,
): Promise<{ row: number; values: Record<string, unknown> }[]> {
  const rows = await uploadedRows(platform, ctx, fileId, code);
  return rows.map((r) => ({ row: r.row, values: normaliseRow(r.values) }));
}
