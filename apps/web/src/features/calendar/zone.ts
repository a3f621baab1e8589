/**
 * Days and instants of the calendar page. FullCalendar runs in the person's named zone (luxon plugin), so the Dates
 * it hands out are "UTC-coerced": their UTC fields are the zone's wall clock.
 */
const pad = (n: number) => String(n).padStart(2, '0');
/** The day and the time a UTC-coerced Date names. */
export const zoneDay = (at: Date) => at.toISOString().slice(0, 10);
export const zoneClock = (at: Date) => ({ date: zoneDay(at), time: at.toISOString().slice(11, 16) });
/** A day as a Date at the browser's local midnight (the birthdays layer counts months that way). */
export const asLocalDate = (day: string) =>
  new Date(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
/** The zone the page shows: the person's own, else the workspace's, else the browser's. */
export function pageTimeZone(settings: { ownTimeZone: string | null; workspaceTimeZone: string | null } | undefined) {
  return settings?.ownTimeZone ?? settings?.workspaceTimeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}
/** The day after a YYYY-MM-DD day (an all-day event's exclusive end). */
export const dayAfter = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The months the birthdays layer asks for: the widget's call answers a month and the next. */
export function birthdayMonths(from: Date, to: Date): string[] {
  const months: string[] = [];
  const at = new Date(from.getFullYear(), from.getMonth(), 1);
  while (at < to) {
    months.push(`${at.getFullYear()}-${pad(at.getMonth() + 1)}-01`);
    at.setMonth(at.getMonth() + 2);
  }
  return months;
}
