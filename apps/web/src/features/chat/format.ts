import dayjs from 'dayjs';
import { formatDay, formatTime } from '../../i18n/dates';
import type { ShownMsg } from './cache';

/** Messages of one sender within this time of each other are drawn as one group (one name, one picture). */
const GROUP_MS = 5 * 60_000;

/** The day a separator names: today, yesterday, or the day as the language writes it. */
export function dayLabel(date: string, texts: { today: string; yesterday: string }): string {
  const day = dayjs(date);
  if (day.isSame(dayjs(), 'day')) return texts.today;
  if (day.isSame(dayjs().subtract(1, 'day'), 'day')) return texts.yesterday;
  return formatDay(date);
}

/** A room's last message time: the time today, the day before that. */
export const listTime = (date: string) => (dayjs(date).isSame(dayjs(), 'day') ? formatTime(date) : formatDay(date));

export interface Row {
  msg: ShownMsg;
  /** A day separator goes above it. */
  day: boolean;
  /** It starts a group (the sender's name and picture are drawn). */
  head: boolean;
}

/** The history (oldest first) as rows: day separators, and runs of one sender's messages drawn as one group. */
export function rowsOf(msgs: ShownMsg[]): Row[] {
  return msgs.map((msg, i) => {
    const prev = msgs[i - 1];
    const day = !prev || !dayjs(prev.date).isSame(msg.date, 'day');
    const head =
      day ||
      prev.senderId !== msg.senderId ||
      !!msg.reply_to ||
      new Date(msg.date).getTime() - new Date(prev.date).getTime() > GROUP_MS;
    return { msg, day, head };
  });
}

/** The text split into plain parts and the `@Name` of the people it mentions, for highlighting. */
export function mentionParts(text: string, names: string[]): { text: string; mention: boolean }[] {
  const wanted = names.filter(Boolean).map((name) => `@${name}`);
  if (!wanted.length) return [{ text, mention: false }];
  const escaped = wanted.sort((a, b) => b.length - a.length).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return text
    .split(new RegExp(`(${escaped.join('|')})`, 'g'))
    .filter((part) => part !== '')
    .map((part) => ({ text: part, mention: wanted.includes(part) }));
}
