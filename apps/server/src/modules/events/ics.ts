// RFC 5545 output: one event's `.ics` and a person's subscription feed. Times carry their zone (TZID) with a
// VTIMEZONE built from the zone's real offsets, so calendars expand a periodic event in its own zone as we do.
import { EVENT_SERIES_MAX_YEARS, type EventAnswer } from '@hallway/shared';
import type { EventRow } from './tables.js';
import { DAY_MS, floating } from './time.js';

export interface IcsPerson {
  name: string;
  email: string | null;
}
export interface IcsEvent {
  row: EventRow;
  organizer: IcsPerson;
  attendees: (IcsPerson & { answer: EventAnswer })[];
  /** Excluded occurrences that are not moved ones (those come as their own VEVENT with RECURRENCE-ID). */
  exdates: number[];
}

const PARTSTAT: Record<EventAnswer, string> = {
  accept: 'ACCEPTED',
  maybe: 'TENTATIVE',
  decline: 'DECLINED',
  none: 'NEEDS-ACTION',
};

/** TEXT values: backslash, semicolon, comma and newlines escaped (RFC 5545 3.3.11). */
export const escapeText = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
/** Parameter values in quotes cannot hold quotes. */
const param = (value: string) => `"${value.replace(/["\r\n]/g, '')}"`;

/** Lines longer than 75 octets are folded (RFC 5545 3.1), never inside a UTF-8 character. */
function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  let limit = 75;
  for (const char of line) {
    const length = Buffer.byteLength(char, 'utf8');
    if (size + length > limit) {
      parts.push(current);
      current = '';
      size = 0;
      limit = 74;
    }
    current += char;
    size += length;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const stamp = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
const localStamp = (floatMs: number) => stamp(floatMs).replace('Z', '');
const dateStamp = (floatMs: number) => localStamp(floatMs).slice(0, 8);

function offsetText(minutes: number) {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

const offsetAt = (ms: number, zone: string) => Math.round((floating(ms, zone) - ms) / 60_000);

interface OffsetChange {
  at: number;
  from: number;
  to: number;
}

/** Zone-years whose offset changes are known: a zone's rules do not change while the process runs. */
const knownYears = new Map<string, OffsetChange[]>();
const KNOWN_YEARS_MAX = 5000;

/** The offset changes of a zone in one year: a daily scan, then to the minute (about 365 look-ups). */
function changesIn(zone: string, year: number): OffsetChange[] {
  const key = `${zone} ${year}`;
  const known = knownYears.get(key);
  if (known) return known;
  const start = Date.UTC(year, 0, 1);
  const end = Date.UTC(year + 1, 0, 1);
  const changes: OffsetChange[] = [];
  let previous = offsetAt(start, zone);
  for (let day = start; day < end; day += DAY_MS) {
    const next = offsetAt(day + DAY_MS, zone);
    if (next === previous) continue;
    let lo = day;
    let hi = day + DAY_MS;
    while (hi - lo > 60_000) {
      const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
      if (offsetAt(mid, zone) === previous) lo = mid;
      else hi = mid;
    }
    changes.push({ at: hi, from: previous, to: next });
    previous = next;
  }
  if (knownYears.size >= KNOWN_YEARS_MAX) knownYears.delete(knownYears.keys().next().value!);
  knownYears.set(key, changes);
  return changes;
}

/** Lets other requests run between the pieces of a large calendar. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The zone's VTIMEZONE for the years its events touch: one STANDARD/DAYLIGHT part per offset change found, which
 * any RFC 5545 reader understands without a zone database. Each run of consecutive years opens with the offset in
 * force on its first day (readers take no offset for times before the first part).
 */
export async function vtimezone(zone: string, years: Iterable<number>): Promise<string[]> {
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`];
  let previousYear = Number.NaN;
  for (const year of [...new Set(years)].sort((a, b) => a - b)) {
    if (year !== previousYear + 1) {
      const initial = offsetText(offsetAt(Date.UTC(year, 0, 1), zone));
      lines.push('BEGIN:STANDARD', `DTSTART:${year}0101T000000`, `TZOFFSETFROM:${initial}`, `TZOFFSETTO:${initial}`);
      lines.push('END:STANDARD');
    }
    previousYear = year;
    const cached = knownYears.has(`${zone} ${year}`);
    for (const change of changesIn(zone, year)) {
      const kind = change.to > change.from ? 'DAYLIGHT' : 'STANDARD';
      lines.push(
        `BEGIN:${kind}`,
        // DTSTART of a part is the local time before the change.
        `DTSTART:${localStamp(change.at + change.from * 60_000)}`,
        `TZOFFSETFROM:${offsetText(change.from)}`,
        `TZOFFSETTO:${offsetText(change.to)}`,
        `END:${kind}`,
      );
    }
    if (!cached) await breathe();
  }
  lines.push('END:VTIMEZONE');
  return lines;
}

/**
 * The local years an event touches, from its start to its last end, at most EVENT_SERIES_MAX_YEARS + 1 after its
 * start (a series saved before that limit may end far later; readers keep the last offset past the parts given).
 */
export function yearsOf(row: Pick<EventRow, 'start' | 'lastEnd' | 'timeZone'>): number[] {
  const yearAt = (ms: number) => new Date(floating(ms, row.timeZone)).getUTCFullYear();
  const from = yearAt(row.start.getTime());
  const to = Math.min(from + EVENT_SERIES_MAX_YEARS + 1, yearAt(row.lastEnd.getTime()));
  const years: number[] = [];
  for (let year = from; year <= to; year++) years.push(year);
  return years;
}

function time(name: string, ms: number, row: EventRow): string {
  if (row.allDay) return `${name};VALUE=DATE:${dateStamp(floating(ms, row.timeZone))}`;
  return `${name};TZID=${row.timeZone}:${localStamp(floating(ms, row.timeZone))}`;
}

const cn = (person: IcsPerson) => `CN=${param(person.name || person.email || 'Hallway')}`;

function vevent(item: IcsEvent, uid: (row: EventRow) => string, publicUrl: string): string[] {
  const { row } = item;
  const lines = [
    'BEGIN:VEVENT',
    `UID:${uid(row)}`,
    `DTSTAMP:${stamp(row.updated.getTime())}`,
    `CREATED:${stamp(row.created.getTime())}`,
    `LAST-MODIFIED:${stamp(row.updated.getTime())}`,
    `SEQUENCE:${Math.floor((row.updated.getTime() - row.created.getTime()) / 1000)}`,
    time('DTSTART', row.start.getTime(), row),
    time('DTEND', row.end.getTime(), row),
    `SUMMARY:${escapeText(row.name)}`,
  ];
  if (row.occurrence) lines.push(time('RECURRENCE-ID', row.occurrence.getTime(), row));
  if (row.rrule) lines.push(`RRULE:${row.rrule}`);
  for (const ex of item.exdates) lines.push(time('EXDATE', ex, row));
  if (row.description) lines.push(`DESCRIPTION:${escapeText(row.description)}`);
  if (row.place) lines.push(`LOCATION:${escapeText(row.place)}`);
  if (row.link) lines.push(`URL:${row.link}`, `CONFERENCE;VALUE=URI;FEATURE=VIDEO:${row.link}`);
  lines.push(`COLOR:${row.color}`, `X-HALLWAY-LINK:${publicUrl}/calendar/?event=${row.seriesId ?? row.id}`);
  lines.push(`CLASS:${row.isPublic ? 'PUBLIC' : 'PRIVATE'}`);
  if (item.organizer.email) lines.push(`ORGANIZER;${cn(item.organizer)}:mailto:${item.organizer.email}`);
  for (const a of item.attendees) {
    if (!a.email) continue;
    lines.push(`ATTENDEE;${cn(a)};ROLE=REQ-PARTICIPANT;PARTSTAT=${PARTSTAT[a.answer]}:mailto:${a.email}`);
  }
  lines.push('END:VEVENT');
  return lines;
}

/** Events written between two breaths of a large calendar. */
const EVENTS_PER_PIECE = 200;

/**
 * A VCALENDAR of the events (series with their moved occurrences as separate VEVENTs of the same UID). Written a
 * piece at a time (a zone-year, a few hundred events), yielding between pieces, so a large feed never holds the
 * event loop.
 */
export async function calendarText(
  items: IcsEvent[],
  options: { name: string; publicUrl: string; method?: string },
): Promise<string> {
  const uid = (row: EventRow) => `${row.seriesId ?? row.id}@hallway`;
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Hallway//Calendar//EN', 'CALSCALE:GREGORIAN'];
  if (options.method) lines.push(`METHOD:${options.method}`);
  lines.push(`X-WR-CALNAME:${escapeText(options.name)}`, `NAME:${escapeText(options.name)}`);
  const zones = new Map<string, Set<number>>();
  for (const { row } of items) {
    if (row.allDay) continue;
    const years = zones.get(row.timeZone) ?? new Set<number>();
    for (const year of yearsOf(row)) years.add(year);
    zones.set(row.timeZone, years);
  }
  const out: string[] = [];
  const flush = () => {
    for (const line of lines) out.push(fold(line));
    lines.length = 0;
  };
  for (const [zone, years] of zones) {
    lines.push(...(await vtimezone(zone, years)));
    flush();
  }
  for (let i = 0; i < items.length; i++) {
    lines.push(...vevent(items[i], uid, options.publicUrl));
    if ((i + 1) % EVENTS_PER_PIECE === 0) {
      flush();
      await breathe();
    }
  }
  lines.push('END:VCALENDAR');
  flush();
  return `${out.join('\r\n')}\r\n`;
}
