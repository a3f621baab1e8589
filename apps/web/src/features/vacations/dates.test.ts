import { describe, expect, it } from 'vitest';
import { awayPerDay } from './AbsenceChart';
import { checkVacation, daysOf, monthRange, workingDays } from './dates';

const NOW = '2030-03-04'; // a Monday

describe('vacation dates', () => {
  it('counts working days without weekends and the workspace holidays', () => {
    expect(workingDays('2030-03-04', '2030-03-10')).toBe(5);
    expect(workingDays('2030-03-04', '2030-03-10', new Set(['2030-03-08']))).toBe(4);
    expect(workingDays('2030-03-09', '2030-03-10')).toBe(0);
    expect(workingDays('2030-03-10', '2030-03-04')).toBe(0);
  });

  it('knows a month and its days', () => {
    expect(monthRange('2030-02-14')).toEqual({ from: '2030-02-01', to: '2030-02-28' });
    expect(daysOf('2030-02-27', '2030-03-02')).toEqual(['2030-02-27', '2030-02-28', '2030-03-01', '2030-03-02']);
  });

  it('checks the rules of a request as the person types', () => {
    const base = { left: 10, others: [], now: NOW };
    expect(checkVacation({ ...base, start: null, end: null }).errors).toEqual({ start: 'required', end: 'required' });
    expect(checkVacation({ ...base, start: NOW, end: '2030-03-05' }).errors.start).toBe('vacation_start_past');
    expect(checkVacation({ ...base, start: '2030-03-06', end: '2030-03-05' }).errors.end).toBe(
      'vacation_end_before_start',
    );
    expect(checkVacation({ ...base, start: '2030-03-09', end: '2030-03-10' }).errors.end).toBe('vacation_no_days');
    expect(checkVacation({ ...base, start: '2030-03-11', end: '2030-03-29' }).errors.end).toBe('vacation_over_balance');
    const others = [{ start: '2030-03-13', end: '2030-03-15', status: 'approved' as const }];
    expect(checkVacation({ ...base, others, start: '2030-03-11', end: '2030-03-13' }).errors.start).toBe(
      'vacation_overlap',
    );
    const declined = [{ ...others[0], status: 'declined' as const }];
    expect(checkVacation({ ...base, others: declined, start: '2030-03-11', end: '2030-03-13' })).toEqual({
      days: 3,
      errors: {},
    });
  });

  it('counts a team’s people away each day, so overlaps show', () => {
    const vacation = (start: string, end: string, status: 'approved' | 'requested' | 'cancelled') =>
      ({ start, end, status }) as never;
    const people = [
      { user: {} as never, vacations: [vacation('2030-03-04', '2030-03-06', 'approved')] },
      { user: {} as never, vacations: [vacation('2030-03-06', '2030-03-07', 'requested')] },
      { user: {} as never, vacations: [vacation('2030-03-04', '2030-03-07', 'cancelled')] },
    ];
    expect(awayPerDay(people, daysOf('2030-03-04', '2030-03-08'))).toEqual([1, 1, 2, 1, 0]);
  });
});
