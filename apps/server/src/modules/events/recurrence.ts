// Periodic events (portal §3 Event "repetition"): RFC 5545 rules expanded with the `rrule` library in the event's
// own zone. The rule runs on "floating" times (local wall-clock fields held as UTC fields), and each occurrence is
// turned back into an instant in the zone, so a weekly 09:00 meeting stays 09:00 local across daylight-saving changes.
import {
  EVENT_REPEAT_MAX,
  EVENT_SERIES_MAX_YEARS,
  type EventRepeat,
  type eventRepeat,
  WEEKDAYS,
} from '@hallway/shared';
import rrulePackage, { type Options } from 'rrule';
import type { z } from 'zod';
import { DAY_MS, floating, floatOf, unfloat } from './time.js';

const { RRule } = rrulePackage;

export interface Repeat {
  period: 'day' | 'week' | 'month' | 'year';
  interval: number;
  weekdays: (typeof WEEKDAYS)[number][];
  until: string | null;
  count: number | null;
}

const FREQ = { day: RRule.DAILY, week: RRule.WEEKLY, month: RRule.MONTHLY, year: RRule.YEARLY } as const;
const RRULE_DAYS = [RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA, RRule.SU];

export function normalizeRepeat(repeat: EventRepeat | z.input<typeof eventRepeat>, startDate: string): Repeat {
  // A weekly rule without weekdays repeats on the weekday of its first date.
  const weekday = WEEKDAYS[(new Date(floatOf(startDate)).getUTCDay() + 6) % 7];
  return {
    period: repeat.period,
    interval: repeat.interval ?? 1,
    weekdays:
      repeat.period === 'week' ? [...new Set(repeat.weekdays?.length ? repeat.weekdays : [weekday])].sort(byDay) : [],
    until: repeat.until ?? null,
    count: repeat.count ?? null,
  };
}
const byDay = (a: string, b: string) => WEEKDAYS.indexOf(a as never) - WEEKDAYS.indexOf(b as never);

/** The rule on floating times, starting at the floating start; `stop`: no occurrence after this floating time. */
function floatingRule(repeat: Repeat, floatStart: number, stop?: number) {
  const options: Partial<Options> = {
    freq: FREQ[repeat.period],
    interval: repeat.interval,
    dtstart: new Date(floatStart),
  };
  if (repeat.weekdays.length) options.byweekday = repeat.weekdays.map((d) => RRULE_DAYS[WEEKDAYS.indexOf(d)]);
  if (repeat.count) options.count = repeat.count;
  // The end date is a local day: its last second, floating.
  const until = repeat.until ? floatOf(repeat.until) + DAY_MS - 1000 : undefined;
  const last = stop === undefined ? until : Math.min(until ?? stop, stop);
  if (last !== undefined) options.until = new Date(last);
  return new RRule(options);
}

/** The RRULE text (RFC 5545, without DTSTART): UNTIL as the UTC instant of the end day's last second in the zone. */
export function ruleText(repeat: Repeat, zone: string): string {
  const options: Partial<Options> = { freq: FREQ[repeat.period], interval: repeat.interval };
  if (repeat.weekdays.length) options.byweekday = repeat.weekdays.map((d) => RRULE_DAYS[WEEKDAYS.indexOf(d)]);
  if (repeat.count) options.count = repeat.count;
  if (repeat.until) options.until = new Date(unfloat(floatOf(repeat.until) + DAY_MS - 1000, zone));
  return RRule.optionsToString(options).replace(/^RRULE:/, '');
}

export interface SeriesTiming {
  /** Instants of the first occurrence. */
  start: number;
  end: number;
  timeZone: string;
  repeat: Repeat;
}

export interface Occurrence {
  /** The occurrence as the rule makes it (the RECURRENCE-ID). */
  start: number;
  end: number;
}

/** The wall-clock length of an event (09:00–10:00 stays an hour of the wall clock on any day). */
const floatingLength = (t: Pick<SeriesTiming, 'start' | 'end' | 'timeZone'>) =>
  floating(t.end, t.timeZone) - floating(t.start, t.timeZone);

function occurrenceAt(floatStart: number, length: number, zone: string): Occurrence {
  return { start: unfloat(floatStart, zone), end: unfloat(floatStart + length, zone) };
}

/** The last floating time a series starting on `date` may have an occurrence at: EVENT_SERIES_MAX_YEARS later. */
export function seriesStop(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return Date.UTC(y + EVENT_SERIES_MAX_YEARS, m - 1, d) + DAY_MS - 1000;
}

/**
 * Every occurrence of a rule from its start up to `stop` (a floating time; at most EVENT_REPEAT_MAX + 1, so a rule
 * that makes too many is seen), used when a series is saved: the first occurrence becomes its start, the last one's
 * end its `lastEnd`. The expansion never looks past `stop`, however sparse the rule.
 */
export function allOccurrences(timing: SeriesTiming, stop: number): Occurrence[] {
  const floatStart = floating(timing.start, timing.timeZone);
  const length = floatingLength(timing);
  const rule = floatingRule(timing.repeat, floatStart, stop);
  return rule.all((_d, i) => i <= EVENT_REPEAT_MAX).map((d) => occurrenceAt(d.getTime(), length, timing.timeZone));
}

/**
 * The floating starts a rule makes within [after, before], kept: a rule's expansion is a pure function of these, the
 * same month is asked for by everyone who opens the calendar, and rrule walks every year from the series' start to
 * get there (`rebuildYear` was a tenth of a month's calendar). Started over beyond `MAX_EXPANSIONS` entries.
 */
const MAX_EXPANSIONS = 20_000;
const expansions = new Map<string, number[]>();
function floatingStartsBetween(repeat: Repeat, floatStart: number, after: number, before: number): number[] {
  const key = `${JSON.stringify(repeat)} ${floatStart} ${after} ${before}`;
  let starts = expansions.get(key);
  if (!starts) {
    starts = floatingRule(repeat, floatStart)
      .between(new Date(after), new Date(before), true)
      .map((d) => d.getTime());
    if (expansions.size >= MAX_EXPANSIONS) expansions.clear();
    expansions.set(key, starts);
  }
  return starts;
}

/** Occurrences overlapping [from, to), without the excluded ones: only the range is expanded. */
export function occurrencesBetween(
  timing: SeriesTiming,
  from: number,
  to: number,
  excluded: readonly number[] = [],
): Occurrence[] {
  const floatStart = floating(timing.start, timing.timeZone);
  const length = floatingLength(timing);
  // Floating times differ from instants by at most 14 hours: widen by a day each side, then filter exactly.
  const candidates = floatingStartsBetween(timing.repeat, floatStart, from - length - DAY_MS, to + DAY_MS);
  const skip = new Set(excluded);
  return candidates
    .map((start) => occurrenceAt(start, length, timing.timeZone))
    .filter((o) => o.start < to && o.end > from && !skip.has(o.start));
}

/** Whether the rule makes an occurrence starting at this instant. */
export function hasOccurrence(timing: SeriesTiming, start: number): boolean {
  return occurrencesBetween(timing, start, start + 1).some((o) => o.start === start);
}
