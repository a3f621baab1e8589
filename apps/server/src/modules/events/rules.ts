// The §5 Events rules on a form's values: local date and times in a zone become instants, refused with field codes.
import { EVENT_MAX_DAYS, EVENT_REPEAT_MAX, type EventBody, type MessageCode } from '@hallway/shared';
import { allOccurrences, normalizeRepeat, type Occurrence, type Repeat, ruleText, seriesStop } from './recurrence.js';
import { DAY_MS, floating, floatOf, unfloat } from './time.js';

export type FieldErrors = Record<string, MessageCode>;

export interface Timing {
  start: number;
  end: number;
  allDay: boolean;
  timeZone: string;
}

/**
 * The instants a form names, or the field errors. `checkPast` (a new event, or one whose start moves): the date may
 * not be before today in the zone, and today's start time may not have passed.
 */
export function timingOf(
  body: Pick<EventBody, 'date' | 'startTime' | 'endTime' | 'endDate' | 'allDay'>,
  timeZone: string,
  now: number,
  checkPast: boolean,
  errors: FieldErrors,
): Timing | null {
  const allDay = body.allDay ?? false;
  const endDate = body.endDate ?? body.date;
  const today = floating(now, timeZone);
  const todayDate = new Date(today).toISOString().slice(0, 10);
  if (!allDay) {
    if (!body.startTime) errors.startTime = 'required';
    if (!body.endTime) errors.endTime = 'required';
  }
  if (checkPast && body.date < todayDate) errors.date = 'event_date_past';
  if (errors.startTime || errors.endTime || errors.date) return null;
  let floatStart: number;
  let floatEnd: number;
  if (allDay) {
    floatStart = floatOf(body.date);
    floatEnd = floatOf(endDate) + DAY_MS;
    if (endDate < body.date) errors.endDate = 'event_end_invalid';
  } else {
    floatStart = floatOf(body.date, body.startTime);
    floatEnd = floatOf(endDate, body.endTime);
    if (checkPast && body.date === todayDate && floatStart <= today) errors.startTime = 'event_time_past';
    if (floatEnd <= floatStart)
      errors[body.endDate && body.endDate !== body.date ? 'endDate' : 'endTime'] = 'event_end_invalid';
  }
  if (!errors.endDate && !errors.endTime && floatEnd - floatStart > EVENT_MAX_DAYS * DAY_MS) {
    errors.endDate = 'event_too_long';
  }
  if (Object.keys(errors).length) return null;
  return { start: unfloat(floatStart, timeZone), end: unfloat(floatEnd, timeZone), allDay, timeZone };
}

export interface SeriesPlan {
  repeat: Repeat;
  rrule: string;
  occurrences: Occurrence[];
}

/**
 * A repetition checked against the §5 rules and expanded once, to know its first and last occurrence. A series ends
 * within EVENT_SERIES_MAX_YEARS of its first date (its end date, or its last occurrence for a number of them), so
 * its expansion, its `.ics` and the feed stay small whatever period, interval and count it names.
 */
export function seriesOf(
  input: Parameters<typeof normalizeRepeat>[0],
  date: string,
  timing: Timing,
  errors: FieldErrors,
): SeriesPlan | null {
  const repeat = normalizeRepeat(input, date);
  const stop = seriesStop(date);
  if (!repeat.until && !repeat.count) errors.repeat = 'repeat_end_required';
  else if (repeat.until && repeat.until < date) errors['repeat.until'] = 'repeat_until_invalid';
  else if (repeat.until && floatOf(repeat.until) > stop) errors['repeat.until'] = 'repeat_too_long';
  if (Object.keys(errors).length) return null;
  const timingOfSeries = { start: timing.start, end: timing.end, timeZone: timing.timeZone, repeat };
  const occurrences = allOccurrences(timingOfSeries, stop);
  if (occurrences.length === 0) {
    errors['repeat.until'] = 'repeat_until_invalid';
    return null;
  }
  if (occurrences.length > EVENT_REPEAT_MAX) {
    errors.repeat = 'repeat_too_many';
    return null;
  }
  // Fewer than its number before the stop (an end date, if any, is before it): the rest would fall later.
  if (repeat.count && !repeat.until && occurrences.length < repeat.count) {
    errors['repeat.count'] = 'repeat_too_long';
    return null;
  }
  return { repeat, rrule: ruleText(repeat, timing.timeZone), occurrences };
}
