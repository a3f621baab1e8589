import type { UiLang } from '../../i18n';
import type { CalendarEvent, Repeat } from './types';

type T = (key: never, values?: Record<string, unknown>) => string;

/** When an event happens, in the reader's own clock: "Mon, 3 March 2025, 09:00 – 10:00" or the days of an all-day one. */
export function whenText(event: Pick<CalendarEvent, 'start' | 'end' | 'allDay' | 'date' | 'endDate'>, lang: UiLang) {
  if (event.allDay) {
    const day = new Intl.DateTimeFormat(lang, {
      weekday: 'short',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const first = day.format(new Date(`${event.date}T00:00:00Z`));
    if (!event.endDate || event.endDate === event.date) return first;
    return `${first} – ${day.format(new Date(`${event.endDate}T00:00:00Z`))}`;
  }
  const start = new Date(event.start);
  const end = new Date(event.end);
  const day = new Intl.DateTimeFormat(lang, { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric' });
  const time = new Intl.DateTimeFormat(lang, { hour: '2-digit', minute: '2-digit' });
  if (start.toDateString() === end.toDateString()) {
    return `${day.format(start)}, ${time.format(start)} – ${time.format(end)}`;
  }
  return `${day.format(start)}, ${time.format(start)} – ${day.format(end)}, ${time.format(end)}`;
}

/** "Every 2 weeks on Monday, Wednesday, until 30 June 2025". */
export function repeatText(repeat: Repeat, t: T, lang: UiLang): string {
  const every =
    repeat.interval > 1
      ? t(`repeatText.${repeat.period}N` as never, { count: repeat.interval })
      : t(`repeatText.${repeat.period}` as never);
  const parts = [every];
  if (repeat.period === 'week' && repeat.weekdays.length) {
    parts.push(
      t('repeatText.on' as never, { days: repeat.weekdays.map((day) => t(`weekdaysLong.${day}` as never)).join(', ') }),
    );
  }
  if (repeat.until) {
    const date = new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    parts.push(t('repeatText.until' as never, { date: date.format(new Date(`${repeat.until}T00:00:00Z`)) }));
  } else if (repeat.count) parts.push(t('repeatText.count' as never, { count: repeat.count }));
  return parts.join(', ');
}

/** A time of day in the reader's clock ("09:00"). */
export const timeText = (iso: string, lang: UiLang) =>
  new Intl.DateTimeFormat(lang, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
