import type { BirthdayDto } from '@hallway/shared';

export interface BirthdayMonth {
  /** YYYY-MM */
  month: string;
  people: BirthdayDto[];
}

/** The widget's list (already in date order) split by the month it is celebrated in, keeping the order. */
export function byMonth(list: BirthdayDto[]): BirthdayMonth[] {
  const months: BirthdayMonth[] = [];
  for (const person of list) {
    const month = person.date.slice(0, 7);
    const last = months[months.length - 1];
    if (last?.month === month) last.people.push(person);
    else months.push({ month, people: [person] });
  }
  return months;
}

/** The person's local date as the server expects it (YYYY-MM-DD), so "today" is the reader's today. */
export function localDate(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
