import type { UiLang } from '../../i18n';
import type { CalendarEvent } from './types';

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

/** A time of day in the reader's clock ("09:00"). */
export const timeText = (iso: string, lang: UiLang) =>
  new Intl.DateTimeFormat(lang, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
