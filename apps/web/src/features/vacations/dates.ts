import type { VacationDto } from '@hallway/shared';
import dayjs from 'dayjs';

/** Dates are `YYYY-MM-DD` strings in the person's own calendar. */
export const ISO = 'YYYY-MM-DD';
export const today = () => dayjs().format(ISO);

/** The first and last day of the month of `date`. */
export function monthRange(date: string) {
  const day = dayjs(date);
  return { from: day.startOf('month').format(ISO), to: day.endOf('month').format(ISO) };
}

/** Every day from `from` to `to`, inclusive. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  let day = dayjs(from);
  const end = dayjs(to);
  while (!day.isAfter(end, 'day')) {
    days.push(day.format(ISO));
    day = day.add(1, 'day');
  }
  return days;
}

export const isWeekend = (date: string) => {
  const weekday = dayjs(date).day();
  return weekday === 0 || weekday === 6;
};

/** Working days of a vacation, as the server counts them: not Saturday, Sunday or a holiday of the workspace. */
export function workingDays(start: string, end: string, holidays: ReadonlySet<string> = new Set()): number {
  if (!start || !end || end < start) return 0;
  return daysOf(start, end).filter((day) => !isWeekend(day) && !holidays.has(day)).length;
}

/** Vacations that still count: requested or approved. */
export const isActive = (vacation: Pick<VacationDto, 'status'>) =>
  vacation.status === 'requested' || vacation.status === 'approved';

export interface VacationCheck {
  start: string | null;
  end: string | null;
  /** Days left of the balance, this vacation's own days given back when it is being edited. */
  left: number;
  /** The person's other vacations (the edited one excluded). */
  others: Pick<VacationDto, 'start' | 'end' | 'status'>[];
  holidays?: ReadonlySet<string>;
  now?: string;
}

/**
 * The rules of spec portal §5 "Vacation", checked as the person types (the server checks them again): the start
 * later than today, the end not before it, at least one working day, no overlap with one's own vacations, within
 * the balance. Answers catalogue codes per field, like the server's `fields`.
 */
export function checkVacation({ start, end, left, others, holidays, now = today() }: VacationCheck) {
  const errors: { start?: string; end?: string } = {};
  if (!start) errors.start = 'required';
  else if (start <= now) errors.start = 'vacation_start_past';
  if (!end) errors.end = 'required';
  else if (start && end < start) errors.end = 'vacation_end_before_start';
  const days = start && end && end >= start ? workingDays(start, end, holidays) : 0;
  if (!errors.start && !errors.end && start && end) {
    if (days === 0) errors.end = 'vacation_no_days';
    else if (others.some((other) => isActive(other) && other.start <= end && start <= other.end)) {
      errors.start = 'vacation_overlap';
    } else if (days > left) errors.end = 'vacation_over_balance';
  }
  return { days, errors };
}
