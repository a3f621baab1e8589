import { Text } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import type { UiLang } from '../../i18n';
import { tip } from '../../ui/SharedTooltip';
import { useWallTexts } from './texts';

/** One clock for every "5 minutes ago" on the page: a tick a minute re-renders only the times. */
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    timer = setInterval(() => {
      now = Date.now();
      for (const notify of listeners) notify();
    }, 60_000);
  }
  return () => {
    listeners.delete(listener);
    if (!listeners.size && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

const getNow = () => now;

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['minute', 60],
  ['hour', 3600],
  ['day', 86_400],
];

/**
 * Intl formatters by language and options, made once: building one costs ~1 ms on a phone, and a feed page has
 * two per post (its time and its exact date on hover) on every render.
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.RelativeTimeFormat>();
function formatter<T extends Intl.DateTimeFormat | Intl.RelativeTimeFormat>(key: string, make: () => T): T {
  let made = formatters.get(key) as T | undefined;
  if (!made) {
    made = make();
    formatters.set(key, made);
  }
  return made;
}
const relative = (lang: UiLang) =>
  formatter(`relative ${lang}`, () => new Intl.RelativeTimeFormat(lang, { numeric: 'auto' }));
const dayMonth = (lang: UiLang, withYear: boolean) =>
  formatter(
    `day ${lang} ${withYear}`,
    () => new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'short', ...(withYear ? { year: 'numeric' } : {}) }),
  );

/** "5 minutes ago" for the last week, then a date; `null` under 45 seconds (the caller says "just now"). */
export function relativeTime(iso: string, lang: UiLang, at = Date.now()): string | null {
  const seconds = Math.round((at - new Date(iso).getTime()) / 1000);
  if (seconds < 45) return null;
  if (seconds < 7 * 86_400) {
    const rtf = relative(lang);
    for (let i = UNITS.length - 1; i >= 0; i--) {
      const [unit, size] = UNITS[i];
      if (seconds >= size || i === 0) return rtf.format(-Math.max(1, Math.round(seconds / size)), unit);
    }
  }
  const date = new Date(iso);
  return dayMonth(lang, date.getFullYear() !== new Date(at).getFullYear()).format(date);
}

export const fullDate = (iso: string, lang: UiLang) =>
  formatter(`full ${lang}`, () => new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeStyle: 'short' })).format(
    new Date(iso),
  );

/** A relative time that stays current, with the exact date on hover and for machines. */
export function TimeAgo({ iso, size = 'xs' }: { iso: string; size?: 'xs' | 'sm' }) {
  const { t, lang } = useWallTexts();
  const at = useSyncExternalStore(subscribe, getNow);
  const exact = fullDate(iso, lang);
  return (
    <Text component="time" dateTime={iso} size={size} c="dimmed" {...tip(exact)}>
      {relativeTime(iso, lang, Math.max(at, Date.now())) ?? t('time.justNow')}
    </Text>
  );
}
