import type { AnniversaryDto, BirthdayDto } from '@hallway/shared';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { RequestContext } from '../../platform/http/context.js';
import { fullName } from './presenter.js';
import { users } from './tables.js';

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const pad = (n: number) => String(n).padStart(2, '0');

/** This month and next as of `today` (YYYY-MM-DD). */
function window(today: string) {
  const [year, month] = today.split('-').map(Number);
  return { year, month, nextMonth: month === 12 ? 1 : month + 1, nextYear: month === 12 ? year + 1 : year };
}

/** Active people of the workspace whose `column` date falls in this month or next. */
function peopleByDayOf(ctx: RequestContext, column: PgColumn, month: number, nextMonth: number) {
  return ctx.db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      position: users.position,
      department: users.department,
      pics: users.pics,
      day: sql<string>`${column}::text`,
    })
    .from(users)
    .where(
      and(
        eq(users.clientId, ctx.tenant()),
        eq(users.deletionMark, false),
        isNotNull(column),
        sql`extract(month from ${column}) IN (${month}, ${nextMonth})`,
      ),
    );
}

/** When a yearly date (YYYY-MM-DD of any year) is next celebrated in the window; 29 February → 28th outside leap years. */
function celebrated(day: string, w: ReturnType<typeof window>) {
  const [born, m, d] = day.split('-').map(Number);
  const y = m === w.month ? w.year : w.nextYear;
  const shown = m === 2 && d === 29 && !isLeap(y) ? 28 : d;
  return { born, m, d, y, date: `${y}-${pad(m)}-${pad(shown)}` };
}

/** The person part of a birthday or an anniversary. */
const cardOf = (r: Awaited<ReturnType<typeof peopleByDayOf>>[number]) => ({
  _id: r.id,
  name: fullName(r),
  avatar: r.pics[0]?.mini ?? r.pics[0]?.src ?? null,
  position: r.position,
  department: r.department,
});

const byDateThenName = (a: { date: string; name: string }, b: { date: string; name: string }) =>
  a.date.localeCompare(b.date) || a.name.localeCompare(b.name);

/**
 * The birthdays widget (`GET api/clients/{id}/birthdays`): active people born this month or next, in calendar
 * order, each with the date it is celebrated and a flag for today. `today` is the caller's local date when the web
 * sends it, else the server's UTC date. 29 February is celebrated on the 28th outside leap years.
 */
export async function upcomingBirthdays(ctx: RequestContext, today: string): Promise<BirthdayDto[]> {
  const w = window(today);
  const rows = await peopleByDayOf(ctx, users.birthDate, w.month, w.nextMonth);
  return rows
    .map((r) => {
      const { m, d, date } = celebrated(r.day, w);
      return {
        ...cardOf(r),
        birthday: `${pad(m)}-${pad(d)}`,
        date,
        today: date === today,
      };
    })
    .sort(byDateThenName);
}

/**
 * Work anniversaries (`GET api/clients/{id}/anniversaries`): active people whose `workingSince` day and month fall
 * this month or next, with the whole years they will have been at the company on that day — one year or more only,
 * so this year's newcomers are left out. Same window, order, `today` and 29 February rule as the birthdays.
 */
export async function upcomingAnniversaries(ctx: RequestContext, today: string): Promise<AnniversaryDto[]> {
  const w = window(today);
  const rows = await peopleByDayOf(ctx, users.workingSince, w.month, w.nextMonth);
  return rows
    .map((r) => {
      const { born, y, date } = celebrated(r.day, w);
      return {
        ...cardOf(r),
        since: r.day,
        years: y - born,
        date,
        today: date === today,
      };
    })
    .filter((a) => a.years >= 1)
    .sort(byDateThenName);
}
