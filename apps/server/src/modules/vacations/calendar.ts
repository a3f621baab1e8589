// The workspace's calendar of working days: Monday to Friday, except its holidays.
import { and, asc, between, eq } from 'drizzle-orm';
import type { RequestContext } from '../../platform/http/context.js';
import { vacationHolidays } from './tables.js';

const DAY_MS = 86_400_000;
export const toDay = (date: Date) => date.toISOString().slice(0, 10);
export const today = () => toDay(new Date());
export const addDays = (day: string, n: number) => toDay(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS));
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
export const isWeekend = (day: string) => {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6;
};

export async function holidaysBetween(ctx: RequestContext, from: string, to: string) {
  return ctx.db
    .select({ date: vacationHolidays.day, name: vacationHolidays.name })
    .from(vacationHolidays)
    .where(and(eq(vacationHolidays.clientId, ctx.tenant()), between(vacationHolidays.day, from, to)))
    .orderBy(asc(vacationHolidays.day));
}

/** Working days from `start` to `end`, both included. */
export async function workingDays(ctx: RequestContext, start: string, end: string): Promise<number> {
  const holidays = new Set((await holidaysBetween(ctx, start, end)).map((h) => h.date));
  let count = 0;
  for (let day = start; day <= end; day = addDays(day, 1)) if (!isWeekend(day) && !holidays.has(day)) count++;
  return count;
}
