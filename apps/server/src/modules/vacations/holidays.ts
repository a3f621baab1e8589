// The workspace's holidays: days off besides weekends, counted out of vacations' working days.
import { and, between, eq } from 'drizzle-orm';
import { authorize } from '../../platform/access/tenancy.js';
import { invalidFields } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { holidaysBetween, today } from './calendar.js';
import { vacationsPolicy } from './policy.js';
import { vacationHolidays } from './tables.js';

const yearRange = (year: number) => [`${year}-01-01`, `${year}-12-31`] as const;

/** `GET api/vacations/holidays?year=`. */
export async function holidaysOf(ctx: RequestContext, year = Number(today().slice(0, 4))) {
  const [from, to] = yearRange(year);
  return { result: await holidaysBetween(ctx, from, to), can: { edit: vacationsPolicy(ctx).manage } };
}

/**
 * `PUT api/vacations/holidays`: replaces a year's holidays. Vacations already saved keep their day counts (the
 * count a person agreed to); new requests and changes use the new calendar.
 */
export async function replaceHolidays(
  ctx: RequestContext,
  input: { year: number; days: { date: string; name: string }[] },
) {
  authorize(vacationsPolicy(ctx).manage);
  const [from, to] = yearRange(input.year);
  const outside = input.days.findIndex((d) => d.date < from || d.date > to);
  if (outside >= 0) throw invalidFields({ [`days.${outside}.date`]: 'validation' } as Record<string, 'validation'>);
  const clientId = ctx.tenant();
  await ctx.db
    .delete(vacationHolidays)
    .where(and(eq(vacationHolidays.clientId, clientId), between(vacationHolidays.day, from, to)));
  const unique = new Map(input.days.map((d) => [d.date, d.name]));
  if (unique.size) {
    await ctx.db.insert(vacationHolidays).values([...unique].map(([day, name]) => ({ clientId, day, name })));
  }
  return holidaysOf(ctx, input.year);
}
