import { type Repeat, WEEKDAYS, type Weekday } from './types';

/** The event rules of spec portal §5 as the server checks them (docs/api.md "Calendar and events"). */
export const EVENT_NAME_MIN = 6;
export const EVENT_NAME_MAX = 100;
export const DESCRIPTION_MAX = 5000;
export const PLACE_MAX = 200;
export const REPEAT_COUNT_MAX = 730;
/** The length counter shows from here on (spec portal §5: remaining/total). */
export const NAME_COUNTER_FROM = 80;

/** The numbers a field's messages name ("more than 5", "at most 100"); the server's field codes carry none. */
export const FIELD_PARAMS: Record<string, Record<string, number>> = {
  name: { min: EVENT_NAME_MIN - 1, max: EVENT_NAME_MAX },
  description: { max: DESCRIPTION_MAX },
  place: { max: PLACE_MAX },
  count: { max: REPEAT_COUNT_MAX },
};

/** The form's values: wall-clock date and times in `timeZone`, like the server takes them. */
export interface EventValues {
  name: string;
  date: string;
  startTime: string;
  endTime: string;
  endDate: string;
  allDay: boolean;
  color: string;
  description: string;
  link: string;
  place: string;
  members: string[];
  departments: string[];
  groups: string[];
  repeats: boolean;
  period: Repeat['period'];
  interval: number;
  weekdays: Weekday[];
  ends: 'until' | 'count';
  until: string;
  count: number | '';
  reminders: number[];
}

/** A field's broken rule as the server's code, with the numbers its message needs. */
export interface RuleError {
  code: string;
  params?: Record<string, number>;
}
export type EventErrors = Partial<Record<keyof EventValues, RuleError>>;

const pad = (n: number) => String(n).padStart(2, '0');

/** Today's date and the time now as a wall clock in `timeZone` (YYYY-MM-DD, HH:mm). */
export function wallClock(at: Date, timeZone: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** The weekday code of a YYYY-MM-DD date. */
export function weekdayOf(date: string): Weekday {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return WEEKDAYS[(day + 6) % 7];
}

/** A YYYY-MM-DD date moved by whole days. */
export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;
}

/** Whole days from one YYYY-MM-DD date to another. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && !!url.hostname;
  } catch {
    return false;
  }
}

/**
 * Every broken rule of the form, by field. `timeZone` is the event's zone: "not in the past" is judged by its clock.
 * `checkPast` is false when an edit keeps the start where it was (the server checks the past only when it moves).
 */
export function validateEvent(
  values: EventValues,
  { timeZone, now = new Date(), checkPast = true }: { timeZone: string; now?: Date; checkPast?: boolean },
): EventErrors {
  const errors: EventErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = { code: 'required' };
  else if (name.length < EVENT_NAME_MIN) errors.name = { code: 'event_name_short', params: FIELD_PARAMS.name };
  else if (name.length > EVENT_NAME_MAX) errors.name = { code: 'too_long', params: FIELD_PARAMS.name };

  const today = wallClock(now, timeZone);
  if (!values.date) errors.date = { code: 'required' };
  else if (checkPast && values.date < today.date) errors.date = { code: 'event_date_past' };

  if (!values.allDay) {
    if (!values.startTime) errors.startTime = { code: 'required' };
    else if (checkPast && values.date === today.date && values.startTime < today.time) {
      errors.startTime = { code: 'event_time_past' };
    }
    if (!values.endTime) errors.endTime = { code: 'required' };
  }
  const endDate = values.endDate || values.date;
  if (values.date && endDate < values.date) errors.endDate = { code: 'event_end_invalid' };
  else if (
    !values.allDay &&
    values.startTime &&
    values.endTime &&
    endDate === values.date &&
    values.endTime <= values.startTime
  ) {
    errors.endTime = { code: 'event_end_invalid' };
  }

  if (values.link.trim() && !isHttpsUrl(values.link.trim())) errors.link = { code: 'link_invalid' };
  if (values.description.length > DESCRIPTION_MAX) {
    errors.description = { code: 'too_long', params: FIELD_PARAMS.description };
  }
  if (values.place.length > PLACE_MAX) errors.place = { code: 'too_long', params: FIELD_PARAMS.place };
  if (values.members.length === 0 && values.departments.length === 0 && values.groups.length === 0) {
    errors.members = { code: 'event_members_required' };
  }

  if (values.repeats) {
    if (values.ends === 'count') {
      if (values.count === '') errors.count = { code: 'repeat_end_required' };
      else if (values.count < 2) errors.count = { code: 'repeat_count_min' };
    } else if (!values.until) errors.until = { code: 'repeat_end_required' };
    else if (values.date && values.until < values.date) errors.until = { code: 'repeat_until_invalid' };
  }
  return errors;
}

/** The repetition the server takes, or none. Weekdays only for a weekly one (none = the weekday of the date). */
export function repeatOf(values: EventValues): Repeat | undefined {
  if (!values.repeats) return undefined;
  return {
    period: values.period,
    interval: Math.max(1, Math.min(99, Math.trunc(values.interval) || 1)),
    weekdays: values.period === 'week' ? values.weekdays : [],
    until: values.ends === 'until' ? values.until : null,
    count: values.ends === 'count' && values.count !== '' ? values.count : null,
  };
}
