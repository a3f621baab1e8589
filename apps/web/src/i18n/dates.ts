import dayjs from 'dayjs';
import 'dayjs/locale/ru';
import 'dayjs/locale/uk';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { i18n, UI_LANGS, type UiLang } from './index';

/**
 * Dates follow the interface language. Only the signed-in pages format dates, so this loads with the shell
 * (shell/Shell.tsx) rather than with the sign-in page; a page that formats dates is always inside the shell.
 */
dayjs.extend(localizedFormat);
const followLanguage = () => void dayjs.locale(i18n.language ?? 'ru');
followLanguage();
i18n.subscribe(followLanguage);

/**
 * How a bare day is written, and typed into a date field (ui/DayInput.tsx), in each language: the day-month-year
 * digits Russian and Ukrainian readers expect, and in English the month's name ("27 Nov 2026"), which readers used to
 * month first (11/27) and to day first (27/11) read alike. Never a numeric day in English.
 */
export const DAY_FORMATS: Record<UiLang, string> = { ru: 'DD.MM.YYYY', uk: 'DD.MM.YYYY', en: 'D MMM YYYY' };

const langOf = (lang?: UiLang | null): UiLang => lang ?? i18n.language ?? 'ru';

/** A day (`YYYY-MM-DD`, or a moment: its day in local time) as the language writes it. */
export function formatDay(date: string | Date, lang?: UiLang | null): string {
  const written = langOf(lang);
  return dayjs(date).locale(written).format(DAY_FORMATS[written]);
}

/** A moment's local time as the language writes it: "2:30 PM", "14:30". */
export const formatTime = (date: string | Date, lang?: UiLang | null): string =>
  new Intl.DateTimeFormat(langOf(lang), { timeStyle: 'short' }).format(new Date(date));

/** A moment as its day (`formatDay`) and its local time: "27 Nov 2026, 2:30 PM", "27.11.2026, 14:30". */
export function formatDayTime(date: string | Date, lang?: UiLang | null): string {
  const written = langOf(lang);
  return `${formatDay(date, written)}, ${formatTime(date, written)}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Every way a month is named in the interface languages (full, short, as after a day), lower case, no dot. */
let monthNames: Map<string, number> | undefined;
function namesOfMonths(): Map<string, number> {
  const names = new Map<string, number>();
  for (const lang of UI_LANGS) {
    for (let month = 0; month < 12; month++) {
      const day = dayjs(new Date(2000, month, 15)).locale(lang);
      const written = [day.format('MMMM'), day.format('MMM'), day.format('D MMMM'), day.format('D MMM')];
      for (const name of written) names.set(name.replace(/^\d+ /, '').replace(/\.$/, '').toLowerCase(), month + 1);
    }
  }
  return names;
}

/** The month (1–12) a word names: one of its names, or the start (3 letters or more) of only that month's names. */
function monthOf(word: string): number | null {
  monthNames ??= namesOfMonths();
  const exact = monthNames.get(word);
  if (exact !== undefined) return exact;
  if (word.length < 3) return null;
  const months = new Set([...monthNames].filter(([name]) => name.startsWith(word)).map(([, month]) => month));
  return months.size === 1 ? [...months][0] : null;
}

/**
 * A typed day as `YYYY-MM-DD`, or null while it is not (yet) a whole, real day. Read whatever the language: the
 * ISO `2026-11-27`, the dotted `27.11.2026`, and a day with its month named, `27 Nov 2026` (also `27 November 2026`,
 * `27 нояб. 2026`, `27 листопада 2026`). Slashes are refused: 11/12/2026 is a different day on each side of the
 * Atlantic.
 */
export function parseDay(text: string): string | null {
  const typed = text.trim().toLowerCase().replace(/\s+/g, ' ');
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(typed);
  const dotted = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(typed);
  const named = /^(\d{1,2})\.? ?(\p{L}+)\.?,? (\d{4})$/u.exec(typed);
  const parts: [year: number, month: number | null, day: number] | null = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : dotted
      ? [Number(dotted[3]), Number(dotted[2]), Number(dotted[1])]
      : named
        ? [Number(named[3]), monthOf(named[2]), Number(named[1])]
        : null;
  if (!parts) return null;
  const [year, month, day] = parts;
  if (month === null || year < 1000) return null;
  const result = `${year}-${pad(month)}-${pad(day)}`;
  // 31.02 rolls over into March in Date and dayjs: a day that does not exist is no day.
  return dayjs(result).format('YYYY-MM-DD') === result ? result : null;
}
