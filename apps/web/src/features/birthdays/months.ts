export interface BirthdayMonth<T extends { date: string }> {
  /** YYYY-MM */
  month: string;
  people: T[];
}

/** The widget's list (already in date order) split by the month it is celebrated in, keeping the order. */
export function byMonth<T extends { date: string }>(list: T[]): BirthdayMonth<T>[] {
  const months: BirthdayMonth<T>[] = [];
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
