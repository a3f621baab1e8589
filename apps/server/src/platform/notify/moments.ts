import { type RepeatRule, repeatWords, type TextLang, textLang } from '@hallway/shared';
import type { Tokens } from '../auth/tokens.js';

/**
 * A date or time a notification speaks of, kept as data in the event's variables and written out only when the
 * entry is presented: in the recipient's language and, for a moment in time, their zone ("Fri, 11 Dec 2026, 11:00
 * CET" rather than "2026-12-11 11:00 (Europe/Berlin)"). A calendar day (a vacation's first day, an all-day event)
 * has no zone; `time` shows the clock alone (a reminder "at 11:00"); `until` makes either a range ("11:00–12:30",
 * "7–11 December 2026").
 */
export type Moment = { day: string; until?: string } | { at: string; zone: string; time?: true; until?: string };
/** A periodic event's rule, written out in the recipient's words ("Every week, on Monday"). */
export type RepeatVar = { repeat: RepeatRule };
/**
 * A link that acts for the one person reading it (an invitation's "accept"): a path of the web app, signed for each
 * recipient when their mail is written (`PersonalLinks`); empty wherever no one person reads it (the centre, chats).
 */
export type PersonalLink = { personal: string; query?: string };
/** A notification's variable as stored: plain text, a moment, a rule or a personal link. */
export type NotificationVar = string | Moment | RepeatVar | PersonalLink;
/** A notification's variables as stored. */
export type NotificationVars = Record<string, NotificationVar>;
/** Writes a personal link's full address for the recipient; absent where there is no one recipient. */
export type PersonalLinks = (link: PersonalLink) => string;

/** The personal links of `userId`'s mail: the path, its query, the person and the path's signature for them. */
export const personalLinks =
  (publicUrl: string, tokens: Pick<Tokens, 'linkSignature'>, userId: string): PersonalLinks =>
  (link) => {
    const query = new URLSearchParams(link.query);
    query.set('u', userId);
    query.set('s', tokens.linkSignature(userId, link.personal));
    return `${publicUrl}${link.personal}?${query}`;
  };

/** A calendar day `YYYY-MM-DD`, or the days from `day` to `until`. */
export const dayMoment = (day: string, until?: string): Moment => ({
  day,
  ...(until && until !== day ? { until } : {}),
});
/** An instant with the zone it was set in (the fallback when the recipient has none). */
export const instantMoment = (at: number | Date, zone: string, time?: true): Moment => ({
  at: new Date(at).toISOString(),
  zone,
  ...(time ? { time } : {}),
});
/** The time from `at` to `until` in the zone it was set in. */
export const rangeMoment = (at: number | Date, until: number | Date, zone: string): Moment => ({
  at: new Date(at).toISOString(),
  zone,
  until: new Date(until).toISOString(),
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
    if (Number.isNaN(day)) return moment.day;
    const days = format(language, 'UTC', DAY);
    const until = moment.until ? Date.parse(`${moment.until}T00:00:00Z`) : Number.NaN;
    return until > day ? days.formatRange(day, until) : days.format(day);
  }
  const at = Date.parse(moment.at);
  if (Number.isNaN(at)) return moment.at;
  const shownZone = validZone(zone) ? zone : validZone(moment.zone) ? moment.zone : 'UTC';
  const shown = format(language, shownZone, moment.time ? CLOCK : WHEN);
  const until = moment.until ? Date.parse(moment.until) : Number.NaN;
  return until > at ? shown.formatRange(at, until) : shown.format(at);
}

const isRepeat = (value: object): value is RepeatVar => 'repeat' in value && !!value.repeat;

/** A variable as the recipient reads it: text as it is, the rest written in `lang` (and `zone`). */
export function formatVar(value: NotificationVar, lang: string, zone?: string | null, links?: PersonalLinks): string {
  if (typeof value === 'string') return value;
  if (isMoment(value)) return formatMoment(value, lang, zone);
  if (isRepeat(value)) return repeatWords(value.repeat, textLang(lang));
  return 'personal' in value && links ? links(value) : '';
}
