// Wall-clock time in IANA zones without a date library: Intl gives a zone's offset at an instant, which is all the
// calendar needs to turn a form's local date and time into UTC and back.

const formats = new Map<string, Intl.DateTimeFormat>();
function formatOf(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(zone, format);
  }
  return format;
}

/** `floating` as Intl answers it: a few microseconds a call, and a month's calendar makes tens of thousands. */
export function exactFloating(utcMs: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatOf(zone).formatToParts(new Date(utcMs))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
}

/**
 * A zone's offset over each quarter of an hour, as Intl gave it at both ends of the quarter: the same at both, it
 * holds throughout (no zone changes its offset twice within 15 minutes); different, the quarter holds a change and
 * is answered exactly each time (NaN). Started over beyond `MAX_QUARTERS` entries.
 */
const QUARTER_MS = 900_000;
const MAX_QUARTERS = 200_000;
const quarters = new Map<string, number>();

/** The local wall-clock fields of an instant, as the UTC fields of a "floating" time (ms; seconds kept). */
export function floating(utcMs: number, zone: string): number {
  const quarter = Math.floor(utcMs / QUARTER_MS);
  const key = `${zone} ${quarter}`;
  let offset = quarters.get(key);
  if (offset === undefined) {
    const start = quarter * QUARTER_MS;
    const end = start + QUARTER_MS - 1000;
    const atStart = exactFloating(start, zone) - start;
    offset = exactFloating(end, zone) - end === atStart ? atStart : Number.NaN;
    if (quarters.size >= MAX_QUARTERS) quarters.clear();
    quarters.set(key, offset);
  }
  return Number.isNaN(offset) ? exactFloating(utcMs, zone) : Math.floor(utcMs / 1000) * 1000 + offset;
}

/**
 * The instant a local wall-clock time (given as a floating time's UTC fields) names in the zone. A time skipped by
 * a daylight-saving jump lands after the jump; a repeated hour takes its first instant.
 */
export function unfloat(floatMs: number, zone: string): number {
  // The zone's offsets a day before and a day after (no zone changes twice within two days): a local time taken at
  // each, the earlier that shows that local time; none does when the time was skipped, and the offset before the
  // jump puts it after. (Taking the offset at the local time read as UTC missed the first of a repeated hour east
  // of UTC.)
  const offset = (at: number) => floating(at, zone) - at;
  const early = floatMs - offset(floatMs - DAY_MS);
  const late = floatMs - offset(floatMs + DAY_MS);
  const shows = (t: number) => floating(t, zone) === floatMs;
  if (shows(early) && shows(late)) return Math.min(early, late);
  if (shows(late)) return late;
  return early;
}

/** `YYYY-MM-DD` + `HH:mm` as a floating time. */
export function floatOf(date: string, time = '00:00'): number {
  const [y, m, d] = date.split('-').map(Number);
  const [h, min] = time.split(':').map(Number);
  return Date.UTC(y, m - 1, d, h, min);
}

export const DAY_MS = 86_400_000;

export function dateOfFloat(floatMs: number): string {
  return new Date(floatMs).toISOString().slice(0, 10);
}

/** The local date and time of an instant in the zone. */
export function localOf(utcMs: number, zone: string): { date: string; time: string } {
  const iso = new Date(floating(utcMs, zone)).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}
