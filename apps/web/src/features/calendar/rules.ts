import {
  EVENT_DESCRIPTION_MAX,
  EVENT_NAME_MAX,
  EVENT_NAME_MIN,
  EVENT_PLACE_MAX,
  EVENT_REPEAT_INTERVAL_MAX,
  EVENT_REPEAT_MAX,
  EVENT_SERIES_MAX_YEARS,
  eventBody,
} from '@hallway/shared';
import { type Repeat, WEEKDAYS, type Weekday } from './types';

/** The length counter shows from here on (spec portal §5: remaining/total). */
export const NAME_COUNTER_FROM = 80;

/** The numbers a field's messages name ("more than 5", "at most 100"); the server's field codes carry none. */
export const FIELD_PARAMS: Record<string, Record<string, number>> = {
  name: { min: EVENT_NAME_MIN, max: EVENT_NAME_MAX },
  description: { max: EVENT_DESCRIPTION_MAX },
  place: { max: EVENT_PLACE_MAX },
  count: { max: EVENT_REPEAT_MAX, years: EVENT_SERIES_MAX_YEARS },
  until: { years: EVENT_SERIES_MAX_YEARS },
};

/** A text field checked by the shared `eventBody` schema, the server's own rule: the code of its first broken rule. */
function textRule(field: 'name' | 'description' | 'place', value: string): RuleError | undefined {
  const checked = eventBody.shape[field].safeParse(value);
  return checked.success ? undefined : { code: checked.error.issues[0].message, params: FIELD_PARAMS[field] };
}

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

/** The last day a series starting on `date` may run to: EVENT_SERIES_MAX_YEARS later (29 February: 1 March). */
export function seriesLastDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const at = new Date(Date.UTC(y + EVENT_SERIES_MAX_YEARS, m - 1, d));
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
  const name = textRule('name', values.name);
  if (name) errors.name = name.code === 'required' ? { code: 'required' } : name;

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
  const description = textRule('description', values.description);
  if (description) errors.description = description;
  const place = textRule('place', values.place);
  if (place) errors.place = place;

  if (values.repeats) {
    if (values.ends === 'count') {
      if (values.count === '') errors.count = { code: 'repeat_end_required' };
      else if (values.count < 2) errors.count = { code: 'repeat_count_min' };
    } else if (!values.until) errors.until = { code: 'repeat_end_required' };
    else if (values.date && values.until < values.date) errors.until = { code: 'repeat_until_invalid' };
    else if (values.date && values.until > seriesLastDay(values.date)) {
      errors.until = { code: 'repeat_too_long', params: FIELD_PARAMS.until };
    }
  }
  return errors;
}

/** The repetition the server takes, or none. Weekdays only for a weekly one (none = the weekday of the date). */
export function repeatOf(values: EventValues): Repeat | undefined {
  if (!values.repeats) return undefined;
  return {
    period: values.period,
    interval: Math.max(1, Math.min(EVENT_REPEAT_INTERVAL_MAX, Math.trunc(values.interval) || 1)),
    weekdays: values.period === 'week' ? values.weekdays : [],
    until: values.ends === 'until' ? values.until : null,
    count: values.ends === 'count' && values.count !== '' ? values.count : null,
  };
}
