import type { PollItem, PollType } from '@hallway/shared/polls';
import { Badge } from '@mantine/core';
import { IconEye, IconLock, IconMask } from '@tabler/icons-react';
import type { UiLang } from '../../i18n';
import { formatDay, formatDayTime } from '../../i18n/dates';
import { usePollsTexts } from './texts';

const TYPE_COLOR: Record<PollType, string> = { opened: 'blue', closed: 'grape', anonymous: 'gray' };
const TYPE_ICON = { opened: IconEye, closed: IconLock, anonymous: IconMask };

/** The poll's type as a badge with its icon (open, closed, anonymous). */
export function TypeBadge({ type, size = 'sm' }: { type: PollType; size?: 'xs' | 'sm' | 'md' }) {
  const { t } = usePollsTexts();
  const Icon = TYPE_ICON[type];
  return (
    <Badge
      variant="light"
      color={TYPE_COLOR[type]}
      radius="sm"
      size={size}
      leftSection={<Icon size={12} aria-hidden />}
    >
      {t(`types.${type}`)}
    </Badge>
  );
}

export { TYPE_ICON };

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['minute', 60],
  ['hour', 3600],
  ['day', 86_400],
  ['week', 7 * 86_400],
  ['month', 30 * 86_400],
];

const formatters = new Map<UiLang, Intl.RelativeTimeFormat>();

/** "in 3 days", "2 hours ago": a moment relative to now, in the interface's language. */
export function relativeTime(date: string, lang: UiLang, now = Date.now()): string {
  let formatter = formatters.get(lang);
  if (!formatter) {
    formatter = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' });
    formatters.set(lang, formatter);
  }
  const seconds = (new Date(date).getTime() - now) / 1000;
  const abs = Math.abs(seconds);
  let unit: Intl.RelativeTimeFormatUnit = 'minute';
  let size = 60;
  for (const [name, length] of UNITS) {
    if (abs >= length) {
      unit = name;
      size = length;
    }
  }
  return formatter.format(Math.round(seconds / size), unit);
}

/** When the poll ends, or ended: relative and as a date; "No deadline" for one its author finishes. */
export function DeadlineText({ poll }: { poll: Pick<PollItem, 'deadline' | 'finished' | 'finished_at'> }) {
  const { t, lang } = usePollsTexts();
  if (poll.finished) {
    return <>{poll.finished_at ? t('card.ended', { date: formatDay(poll.finished_at, lang) }) : t('card.finished')}</>;
  }
  if (!poll.deadline) return <>{t('card.noDeadline')}</>;
  return (
    <>{t('card.deadline', { relative: relativeTime(poll.deadline, lang), date: formatDayTime(poll.deadline, lang) })}</>
  );
}
