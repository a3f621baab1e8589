// The absence chart of /vacations (portal §7 `GET api/user/vacations` with dept and search): people grouped by
// their administrative department, paged by people, with their vacations crossing the range; and its xlsx export.
import { PassThrough } from 'node:stream';
import { VACATION_CHART_PAGE, VACATION_RANGE_MAX_DAYS, type VacationChart } from '@hallway/shared';
import { and, asc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type ExcelJS from 'exceljs';
import { rowsOf } from '../../platform/db/client.js';
import { containing } from '../../platform/db/like.js';
import { invalidFields } from '../../platform/errors/app-error.js';
import { exportRow, loadExcel } from '../../platform/files/sheet-cells.js';
import type { RequestContext } from '../../platform/http/context.js';
import { administrativeDepartment, findDepartment, inAdministrativeSubtree } from '../structure/index.js';
import { personCards, unknownPerson } from '../users/index.js';
import { users } from '../users/tables.js';
import { addDays, daysBetween, daysOf, holidaysBetween, isWeekend, rangeTooLong, today } from './calendar.js';
import { present } from './service.js';
import { vacations } from './tables.js';

export interface ChartQuery {
  from?: string;
  to?: string;
  dept?: string;
  search?: string;
  page: number;
}

/** The range asked for, or this month; at most a year. */
export function rangeOf(query: { from?: string; to?: string }) {
  const now = today();
  const from = query.from ?? `${now.slice(0, 7)}-01`;
  const nextMonth = addDays(`${from.slice(0, 7)}-01`, 32).slice(0, 7);
  const to = query.to ?? addDays(`${nextMonth}-01`, -1);
  if (to < from) throw invalidFields({ to: 'validation' });
  if (daysBetween(from, to) >= VACATION_RANGE_MAX_DAYS) throw rangeTooLong(VACATION_RANGE_MAX_DAYS);
  return { from, to };
}

interface PersonRow {
  id: string;
  dept_id: string | null;
  dept_name: string | null;
}

/**
 * Active people matching the filters, in chart order (department, then name); `limit` null: all of them. The order
 * is the people's own `department` (the administrative tree writes its department's name there on every change, and
 * people outside the tree keep the one they were given), so a page walks `users_client_chart_idx` and stops after
 * `limit` rows instead of joining and sorting everyone; the department's id is looked up for the page's people only.
 */
async function people(ctx: RequestContext, query: ChartQuery, limit: number | null) {
  const clientId = ctx.tenant();
  const filters: SQL[] = [];
  if (query.dept) {
    const dept = await findDepartment(ctx, query.dept);
    filters.push(inAdministrativeSubtree(clientId, dept.id, sql`u.id`));
  }
  if (query.search) {
    const like = containing(query.search.toLowerCase());
    filters.push(sql`u.search_text LIKE ${like}`);
  }
  const where = sql`u.client_id = ${clientId} AND NOT u.deletion_mark ${filters.length ? sql`AND ${sql.join(filters, sql` AND `)}` : sql``}`;
  const [{ total }] = await rowsOf<{ total: number }>(
    ctx.db,
    sql`SELECT count(*)::int AS total FROM users u WHERE ${where}`,
  );
  const rows = await rowsOf<PersonRow>(
    ctx.db,
    sql`SELECT p.id, ${administrativeDepartment(clientId, sql`p.id`)} AS dept_id, p.dept_name
        FROM (SELECT u.id, nullif(u.department, '') AS dept_name, u.last_name, u.first_name FROM users u
              WHERE ${where}
              ORDER BY nullif(u.department, ''), u.last_name, u.first_name, u.id
              ${limit === null ? sql`` : sql`LIMIT ${limit} OFFSET ${query.page * limit}`}) p
        ORDER BY p.dept_name, p.last_name, p.first_name, p.id`,
  );
  return { total, rows };
}

async function vacationsOf(ctx: RequestContext, ids: string[], from: string, to: string) {
  if (!ids.length) return [];
  return ctx.db
    .select({ vacation: vacations, chief: users.chief })
    .from(vacations)
    .innerJoin(users, eq(users.id, vacations.userId))
    .where(
      and(
        eq(vacations.clientId, ctx.tenant()),
        inArray(vacations.userId, ids),
        inArray(vacations.status, ['requested', 'approved']),
        lte(vacations.start, to),
        gte(vacations.end, from),
      ),
    )
    .orderBy(asc(vacations.start));
}

/** `GET api/user/vacations`. */
export async function chart(ctx: RequestContext, query: ChartQuery): Promise<VacationChart> {
  const { from, to } = rangeOf(query);
  const { total, rows } = await people(ctx, query, VACATION_CHART_PAGE);
  const ids = rows.map((r) => r.id);
  const [cards, found] = [await personCards(ctx.db, ids), await vacationsOf(ctx, ids, from, to)];
  const dtos = await present(
    ctx,
    found.map((f) => ({ ...f.vacation, chief: f.chief })),
  );
  const byPerson = new Map<string, typeof dtos>();
  for (const dto of dtos) byPerson.set(dto.user._id, [...(byPerson.get(dto.user._id) ?? []), dto]);
  const result: VacationChart['result'] = [];
  for (const row of rows) {
    // Grouped by the department's name, as ordered: two departments of one name share a group.
    const dept = row.dept_name === null ? null : { _id: row.dept_id, name: row.dept_name };
    let group = result.at(-1);
    if (!group || group.dept?.name !== dept?.name) {
      group = { dept, people: [] };
      result.push(group);
    }
    group.people.push({ user: cards.get(row.id) ?? unknownPerson(row.id), vacations: byPerson.get(row.id) ?? [] });
  }
  return { result, page: query.page, pages: Math.ceil(total / VACATION_CHART_PAGE), total, from, to };
}

const FILL = {
  approved: 'FF40C057',
  requested: 'FFFAB005',
  dayOff: 'FFE9ECEF',
} as const;
const solid = (argb: string): ExcelJS.Fill => ({ type: 'pattern', pattern: 'solid', fgColor: { argb } });

/**
 * `GET api/user/vacations/export`: the chart of everyone matching the filters as an xlsx sheet, a column per day.
 * The data is read in the request's transaction; the workbook is then streamed as it is written.
 */
export async function exportChart(ctx: RequestContext, query: ChartQuery) {
  const { from, to } = rangeOf(query);
  const { rows } = await people(ctx, { ...query, page: 0 }, null);
  const ids = rows.map((r) => r.id);
  const cards = await personCards(ctx.db, ids);
  const found = await vacationsOf(ctx, ids, from, to);
  const holidays = new Set((await holidaysBetween(ctx, from, to)).map((h) => h.date));
  const byPerson = new Map<string, { start: string; end: string; status: string }[]>();
  for (const { vacation: v } of found) byPerson.set(v.userId, [...(byPerson.get(v.userId) ?? []), v]);
  const days = daysOf(from, to, VACATION_RANGE_MAX_DAYS);

  const stream = new PassThrough();
  const Excel = await loadExcel();
  const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
  workbook.creator = 'Hallway';
  const sheet = workbook.addWorksheet('Vacations', { views: [{ state: 'frozen', xSplit: 3, ySplit: 1 }] });
  sheet.columns = [
    { header: 'Department', key: 'dept', width: 24 },
    { header: 'Name', key: 'name', width: 26 },
    { header: 'Position', key: 'position', width: 22 },
    ...days.map((day) => ({ header: day.slice(5), key: day, width: 6 })),
  ];
  const header = sheet.getRow(1);
  header.font = { bold: true };
  days.forEach((day, i) => {
    if (isWeekend(day) || holidays.has(day)) header.getCell(4 + i).fill = solid(FILL.dayOff);
  });
  header.commit();
  void (async () => {
    try {
      for (const row of rows) {
        const card = cards.get(row.id) ?? unknownPerson(row.id);
        const line = sheet.addRow(exportRow({ dept: row.dept_name ?? '', name: card.name, position: card.position }));
        const planned = byPerson.get(row.id) ?? [];
        days.forEach((day, i) => {
          const cell = line.getCell(4 + i);
          const on = planned.find((v) => v.start <= day && v.end >= day);
          if (on) {
            cell.value = on.status === 'approved' ? 'V' : 'R';
            cell.fill = solid(on.status === 'approved' ? FILL.approved : FILL.requested);
          } else if (isWeekend(day) || holidays.has(day)) cell.fill = solid(FILL.dayOff);
        });
        line.commit();
      }
      await workbook.commit();
    } catch (err) {
      stream.destroy(err as Error);
    }
  })();
  return { name: `vacations-${from}-${to}.xlsx`, stream };
}
