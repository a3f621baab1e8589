// The workspace's calendar of working days: Monday to Friday, except its holidays.
import { VACATION_LENGTH_MAX_DAYS } from '@hallway/shared';
import { and, asc, between, eq } from 'drizzle-orm';
import { AppError } from '../../platform/errors/app-error.js';
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

/** 400 `range_too_long`: a range (`to`) of more than `days` days. */
export const rangeTooLong = (days: number) =>
  new AppError(400, 'range_too_long', { days }, { fields: { to: 'range_too_long' } });

/**
 * Every day from `from` to `to`, both included, counted rather than compared (a date past year 9999 has no
 * `YYYY-MM-DD` and compares wrongly), and at most `max` of them whatever the dates: callers refuse longer ranges
 * with their own code first.
 */
export function daysOf(from: string, to: string, max: number): string[] {
  const span = daysBetween(from, to);
  const days: string[] = [];
  for (let i = 0; i <= span && i < max; i++) days.push(addDays(from, i));
  return days;
}

/** Working days from `start` to `end`, both included (a vacation: at most VACATION_LENGTH_MAX_DAYS of them). */
export async function workingDays(ctx: RequestContext, start: string, end: string): Promise<number> {
  const holidays = new Set((await holidaysBetween(ctx, start, end)).map((h) => h.date));
  return daysOf(start, end, VACATION_LENGTH_MAX_DAYS).filter((day) => !isWeekend(day) && !holidays.has(day)).length;
}
