// Spec portal §4 "Export shows a processing flag", §7 "Users": export to xlsx and import of a spreadsheet.
import type { ImportReport, MessageCode } from '@hallway/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { assertOwnWorkspace } from '../../platform/access/tenancy.js';
import { inTenant } from '../../platform/db/tenant.js';
import { notFound } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import type { Platform } from '../../platform/index.js';
import { openFile } from '../files/index.js';
import { registerMany } from './register.js';
import { getUserRow } from './service.js';
import { EMPLOYEE_COLUMNS, readAll, readSpreadsheet, type SheetRow, writeXlsx } from './spreadsheet.js';
import { type UserRow, users } from './tables.js';

/** What an export holds: every column an import reads back, except the password. */
const EXPORT_COLUMNS = [...EMPLOYEE_COLUMNS.filter((c) => c !== 'password'), 'deleted'] as const;

function sheetRow(row: UserRow): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const column of EXPORT_COLUMNS) {
    out[column] = column === 'deleted' ? (row.deletionMark ? 'yes' : '') : (row[column as keyof UserRow] ?? '');
  }
  return out;
}

export interface Workbook {
  name: string;
  bytes: Buffer;
}

const today = () => new Date().toISOString().slice(0, 10);

/** `POST api/user/export/{id}`: one employee's card as an xlsx sheet. */
export async function exportOne(ctx: RequestContext, id: string): Promise<Workbook> {
  const row = await getUserRow(ctx, id);
  return {
    name: `employee-${row.login}-${today()}.xlsx`,
    bytes: await writeXlsx('Employee', EXPORT_COLUMNS, [sheetRow(row)]),
  };
}

/** `POST api/user/export/all/{clientId}`: every employee of the workspace (deleted ones marked), by name. */
export async function exportAll(ctx: RequestContext, clientId: string): Promise<Workbook> {
  assertOwnWorkspace(ctx, clientId);
  const rows = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.clientId, clientId)))
    .orderBy(asc(users.deletionMark), asc(users.lastName), asc(users.firstName));
  const workspace = ctx.client?.workspace ?? 'workspace';
  return {
    name: `employees-${workspace}-${today()}.xlsx`,
    bytes: await writeXlsx('Employees', EXPORT_COLUMNS, rows.map(sheetRow)),
  };
}

/**
 * `POST api/user/export/selected`: the chosen people of the caller's workspace, by name. An id of nobody in the
 * workspace refuses the whole export (404 `user_not_found`), as the one-person export does.
 */
export async function exportSelected(ctx: RequestContext, ids: string[]): Promise<Workbook> {
  const rows = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.clientId, ctx.tenant()), inArray(users.id, ids)))
    .orderBy(asc(users.deletionMark), asc(users.lastName), asc(users.firstName));
  if (rows.length !== ids.length) throw notFound('user_not_found');
  const workspace = ctx.client?.workspace ?? 'workspace';
  return {
    name: `employees-${workspace}-selected-${today()}.xlsx`,
    bytes: await writeXlsx('Employees', EXPORT_COLUMNS, rows.map(sheetRow)),
  };
}

/**
 * Work in a short transaction of the caller's workspace. Imports are streaming routes: no transaction (on PGlite,
 * no database) is held while a worker reads the sheet, so everyone else's requests go on meanwhile.
 */
export function inOwnWorkspace<T>(
  platform: Platform,
  ctx: RequestContext,
  work: (ctx: RequestContext) => Promise<T>,
): Promise<T> {
  return inTenant(platform.database, { clientId: ctx.tenant(), userId: ctx.me().id }, (db) => work({ ...ctx, db }));
}

/** The rows of an uploaded spreadsheet (a file of the workspace); an unreadable one answers `code`. */
export async function uploadedRows(
  platform: Platform,
  ctx: RequestContext,
  fileId: string,
  code: MessageCode,
): Promise<SheetRow[]> {
  const file = await inOwnWorkspace(platform, ctx, (own) => openFile(platform, own, fileId, 'original'));
  return readSpreadsheet(await readAll(file.stream), code);
}

/**
 * `POST api/user/import` (`{ file_id }`): the employees of an uploaded XLSX or CSV sheet, through the rules of
 * `register_many`; the report numbers rows as the sheet does.
 */
export async function importEmployees(platform: Platform, ctx: RequestContext, fileId: string): Promise<ImportReport> {
  const rows = await uploadedRows(platform, ctx, fileId, 'import_file_invalid');
  return inOwnWorkspace(platform, ctx, (own) =>
    registerMany(
      own,
      rows.map((r) => r.values),
      rows.map((r) => r.row),
    ),
  );
}
