// RFC 5545 output: one event's `.ics` and a person's subscription feed. Times carry their zone (TZID) with a
// VTIMEZONE built from the zone's real offsets, so calendars expand a periodic event in its own zone as we do.
import type { EventAnswer } from '@hallway/shared';
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

/**
 * The zone's VTIMEZONE for the years the events span: one STANDARD/DAYLIGHT part per offset change found (by a
 * daily scan, then to the minute), which any RFC 5545 reader understands without a zone database.
 */
export function vtimezone(zone: string, fromYear: number, toYear: number): string[] {
  const start = Date.UTC(fromYear, 0, 1);
  const end = Date.UTC(toYear + 1, 0, 1);
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`];
  let previous = offsetAt(start, zone);
  const changes: { at: number; from: number; to: number }[] = [];
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
  if (!changes.length) {
    const offset = offsetText(previous);
    lines.push('BEGIN:STANDARD', 'DTSTART:19700101T000000', `TZOFFSETFROM:${offset}`, `TZOFFSETTO:${offset}`);
    lines.push('END:STANDARD');
  }
  for (const change of changes) {
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
  lines.push('END:VTIMEZONE');
  return lines;
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

/** A VCALENDAR of the events (series with their moved occurrences as separate VEVENTs of the same UID). */
export function calendarText(items: IcsEvent[], options: { name: string; publicUrl: string; method?: string }): string {
  const uid = (row: EventRow) => `${row.seriesId ?? row.id}@hallway`;
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Hallway//Calendar//EN', 'CALSCALE:GREGORIAN'];
  if (options.method) lines.push(`METHOD:${options.method}`);
  lines.push(`X-WR-CALNAME:${escapeText(options.name)}`, `NAME:${escapeText(options.name)}`);
  const zones = new Map<string, { from: number; to: number }>();
  for (const { row } of items) {
    if (row.allDay) continue;
    const from = new Date(row.start.getTime()).getUTCFullYear();
    const to = new Date(row.lastEnd.getTime()).getUTCFullYear();
    const known = zones.get(row.timeZone);
    zones.set(row.timeZone, { from: Math.min(known?.from ?? from, from), to: Math.max(known?.to ?? to, to) });
  }
  for (const [zone, years] of zones) lines.push(...vtimezone(zone, years.from, years.to));
  for (const item of items) lines.push(...vevent(item, uid, options.publicUrl));
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
