import type { BirthdayDto } from '@hallway/shared';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/http/context.js';
import { fullName } from './presenter.js';
import { users } from './tables.js';

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The birthdays widget (`GET api/clients/{id}/birthdays`): active people born this month or next, in calendar
 * order, each with the date it is celebrated and a flag for today. `today` is the caller's local date when the web
 * sends it, else the server's UTC date. 29 February is celebrated on the 28th outside leap years.
 */
export async function upcomingBirthdays(ctx: RequestContext, today: string): Promise<BirthdayDto[]> {
  const [year, month] = today.split('-').map(Number);
  const nextMonth = month === 12 ? 1 : month + 1;
  const nextYear = month === 12 ? year + 1 : year;
  const rows = await ctx.db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      position: users.position,
      department: users.department,
      pics: users.pics,
      birthDate: users.birthDate,
    })
    .from(users)
    .where(
      and(
        eq(users.clientId, ctx.tenant()),
        eq(users.deletionMark, false),
        isNotNull(users.birthDate),
        sql`extract(month from ${users.birthDate}) IN (${month}, ${nextMonth})`,
      ),
    );
  return rows
    .map((r) => {
      const [, m, d] = r.birthDate!.split('-').map(Number);
      const y = m === month ? year : nextYear;
      const day = m === 2 && d === 29 && !isLeap(y) ? 28 : d;
      const date = `${y}-${pad(m)}-${pad(day)}`;
      return {
        _id: r.id,
        name: fullName(r),
        avatar: r.pics[0]?.mini ?? r.pics[0]?.src ?? null,
        position: r.position,
        department: r.department,
        birthday: `${pad(m)}-${pad(d)}`,
        date,
        today: date === today,
      };
    })
    .sort((a, b) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name));
}
