import type { TextLang } from './catalogue.js';
import type { Weekday } from './schemas/events.js';

/** A periodic event's rule as the events module keeps it (`EventDto.repeat`). */
export interface RepeatRule {
  period: 'day' | 'week' | 'month' | 'year';
  interval: number;
  weekdays: readonly Weekday[];
  /** The last day `YYYY-MM-DD`, or null. */
  until: string | null;
  count: number | null;
}

interface Words {
  every: Record<RepeatRule['period'], string>;
  everyN: Record<RepeatRule['period'], string>;
  on: string;
  until: string;
  count: string;
  weekdays: Record<Weekday, string>;
  locale: string;
}

const WORDS: Record<TextLang, Words> = {
  en: {
    every: { day: 'Every day', week: 'Every week', month: 'Every month', year: 'Every year' },
    everyN: { day: 'Every {n} days', week: 'Every {n} weeks', month: 'Every {n} months', year: 'Every {n} years' },
    on: 'on {days}',
    until: 'until {date}',
    count: '{n} times',
    weekdays: {
      MO: 'Monday',
      TU: 'Tuesday',
      WE: 'Wednesday',
      TH: 'Thursday',
      FR: 'Friday',
      SA: 'Saturday',
      SU: 'Sunday',
    },
    locale: 'en-GB',
  },
  ru: {
    every: { day: 'Каждый день', week: 'Каждую неделю', month: 'Каждый месяц', year: 'Каждый год' },
    everyN: { day: 'Каждые {n} дн.', week: 'Каждые {n} нед.', month: 'Каждые {n} мес.', year: 'Каждые {n} г.' },
    on: 'по дням: {days}',
    until: 'до {date}',
    count: 'повторов: {n}',
    weekdays: {
      MO: 'понедельник',
      TU: 'вторник',
      WE: 'среда',
      TH: 'четверг',
      FR: 'пятница',
      SA: 'суббота',
      SU: 'воскресенье',
    },
    locale: 'ru-RU',
  },
  uk: {
    every: { day: 'Щодня', week: 'Щотижня', month: 'Щомісяця', year: 'Щороку' },
    everyN: { day: 'Кожні {n} дн.', week: 'Кожні {n} тиж.', month: 'Кожні {n} міс.', year: 'Кожні {n} р.' },
    on: 'у дні: {days}',
    until: 'до {date}',
    count: 'повторів: {n}',
    weekdays: {
      MO: 'понеділок',
      TU: 'вівторок',
      WE: 'середа',
      TH: 'четвер',
      FR: "п'ятниця",
      SA: 'субота',
      SU: 'неділя',
    },
    locale: 'uk-UA',
  },
};

/** A weekday's name in the language ("Monday", "понедельник"), as the rules' words and the calendar's form say it. */
export const weekdayName = (day: Weekday, lang: TextLang): string => WORDS[lang].weekdays[day];

const put = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_whole, key: string) => String(values[key] ?? ''));

/**
 * A repeat rule in words, the same on the calendar's pages and in its mails: "Every 2 weeks, on Monday, Wednesday,
 * until 30 June 2027".
 */
export function repeatWords(rule: RepeatRule, lang: TextLang): string {
  const words = WORDS[lang];
  const parts = [rule.interval > 1 ? put(words.everyN[rule.period], { n: rule.interval }) : words.every[rule.period]];
  if (rule.period === 'week' && rule.weekdays.length)
    parts.push(put(words.on, { days: rule.weekdays.map((day) => words.weekdays[day]).join(', ') }));
  if (rule.until) {
    const day = new Intl.DateTimeFormat(words.locale, {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    parts.push(put(words.until, { date: day.format(new Date(`${rule.until}T00:00:00Z`)) }));
  } else if (rule.count) parts.push(put(words.count, { n: rule.count }));
  return parts.join(', ');
}
