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

/** The local wall-clock fields of an instant, as the UTC fields of a "floating" time (ms). */
export function floating(utcMs: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatOf(zone).formatToParts(new Date(utcMs))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
}

/**
 * The instant a local wall-clock time (given as a floating time's UTC fields) names in the zone. A time skipped by
 * a daylight-saving jump lands after the jump; a repeated hour takes its first instant.
 */
export function unfloat(floatMs: number, zone: string): number {
  const first = floatMs - (floating(floatMs, zone) - floatMs);
  const second = floatMs - (floating(first, zone) - first);
  if (floating(second, zone) === floatMs) return Math.min(first, second);
  return floating(first, zone) === floatMs ? first : second;
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
export function timeOfFloat(floatMs: number): string {
  return new Date(floatMs).toISOString().slice(11, 16);
}

/** The local date and time of an instant in the zone. */
export function localOf(utcMs: number, zone: string): { date: string; time: string } {
  const f = floating(utcMs, zone);
  return { date: dateOfFloat(f), time: timeOfFloat(f) };
}
