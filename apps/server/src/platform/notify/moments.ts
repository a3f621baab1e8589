import { type TextLang, textLang } from '@hallway/shared';

/**
 * A date or time a notification speaks of, kept as data in the event's variables and written out only when the
 * entry is presented: in the recipient's language and, for a moment in time, their zone ("Fri, 11 Dec 2026, 11:00
 * CET" rather than "2026-12-11 11:00 (Europe/Berlin)"). A calendar day (a vacation's first day, an all-day event)
 * has no zone; `time` shows the clock alone (a reminder "at 11:00").
 */
export type Moment = { day: string } | { at: string; zone: string; time?: true };
/** A notification's variables as stored: plain text, or a moment. */
export type NotificationVars = Record<string, string | Moment>;

/** A calendar day `YYYY-MM-DD`. */
export const dayMoment = (day: string): Moment => ({ day });
/** An instant with the zone it was set in (the fallback when the recipient has none). */
export const instantMoment = (at: number | Date, zone: string, time?: true): Moment => ({
  at: new Date(at).toISOString(),
  zone,
  ...(time ? { time } : {}),
});

export function isMoment(value: unknown): value is Moment {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.day === 'string' || (typeof v.at === 'string' && typeof v.zone === 'string');
}

const LOCALES: Record<TextLang, string> = { en: 'en-GB', ru: 'ru-RU', uk: 'uk-UA' };

const validZone = (zone: string | null | undefined): zone is string => {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

const formats = new Map<string, Intl.DateTimeFormat>();
function format(lang: TextLang, zone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${lang}|${zone}|${JSON.stringify(options)}`;
  let known = formats.get(key);
  if (!known) {
    known = new Intl.DateTimeFormat(LOCALES[lang], { ...options, timeZone: zone });
    formats.set(key, known);
  }
  return known;
}

const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' };
const CLOCK: Intl.DateTimeFormatOptions = {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'short',
};
const WHEN: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  ...CLOCK,
};

/** The moment in `lang`; an instant in the recipient's `zone` when they have a valid one, else in its own. */
export function formatMoment(moment: Moment, lang: string, zone?: string | null): string {
  const language = textLang(lang);
  if ('day' in moment) {
    const day = Date.parse(`${moment.day}T00:00:00Z`);
    return Number.isNaN(day) ? moment.day : format(language, 'UTC', DAY).format(day);
  }
  const at = Date.parse(moment.at);
  if (Number.isNaN(at)) return moment.at;
  const shownZone = validZone(zone) ? zone : validZone(moment.zone) ? moment.zone : 'UTC';
  return format(language, shownZone, moment.time ? CLOCK : WHEN).format(at);
}
