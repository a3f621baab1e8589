import { describe, expect, it } from 'vitest';
import { newEventValues } from './EventForm';
import { addDays, repeatOf, seriesLastDay, validateEvent, wallClock, weekdayOf } from './rules';

// 2025-03-30 07:30 UTC: 10:30 in Kyiv (summer time began at 04:00 local that night), 09:30 in Berlin.
const NOW = new Date('2025-03-30T07:30:00Z');
const base = (zone: string) => ({
  ...newEventValues(zone, { date: '2025-03-30', startTime: '12:00', endTime: '13:00', members: ['p1'] }, NOW),
  name: 'Quarterly review',
});

describe('event rules', () => {
  it('reads today and the time now on the event zone’s clock', () => {
    expect(wallClock(NOW, 'Europe/Kyiv')).toEqual({ date: '2025-03-30', time: '10:30' });
    expect(wallClock(NOW, 'America/New_York')).toEqual({ date: '2025-03-30', time: '03:30' });
    expect(weekdayOf('2025-03-31')).toBe('MO');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
  });

  it('judges "time passed today" in the event’s zone', () => {
    const values = { ...base('Europe/Kyiv'), startTime: '10:00', endTime: '11:00' };
    expect(validateEvent(values, { timeZone: 'Europe/Kyiv', now: NOW }).startTime?.code).toBe('event_time_past');
    // 10:00 in New York is still ahead.
    expect(validateEvent(values, { timeZone: 'America/New_York', now: NOW }).startTime).toBeUndefined();
    // An edit that keeps its start is not judged by the clock.
    expect(validateEvent(values, { timeZone: 'Europe/Kyiv', now: NOW, checkPast: false })).toEqual({});
  });

  it('lets an all-day event span days and refuses an end date before the date', () => {
    const values = { ...base('UTC'), allDay: true, startTime: '', endTime: '', endDate: '2025-04-02' };
    expect(validateEvent(values, { timeZone: 'UTC', now: NOW })).toEqual({});
    expect(validateEvent({ ...values, endDate: '2025-03-29' }, { timeZone: 'UTC', now: NOW }).endDate?.code).toBe(
      'event_end_invalid',
    );
  });

  it('sends weekdays only for a weekly repetition, and the chosen end only', () => {
    const values = { ...base('UTC'), repeats: true, weekdays: ['MO' as const, 'TH' as const], count: 4 as const };
    expect(repeatOf(values)).toEqual({ period: 'week', interval: 1, weekdays: ['MO', 'TH'], until: null, count: 4 });
    expect(repeatOf({ ...values, period: 'month', ends: 'until', until: '2025-12-31' })).toEqual({
      period: 'month',
      interval: 1,
      weekdays: [],
      until: '2025-12-31',
      count: null,
    });
    expect(repeatOf({ ...values, repeats: false })).toBeUndefined();
  });

  it('ends a repetition at most ten years after its date, as the server does', () => {
    const values = { ...base('UTC'), repeats: true, ends: 'until' as const };
    const check = (until: string) => validateEvent({ ...values, until }, { timeZone: 'UTC', now: NOW }).until;
    expect(check('2035-03-30')).toBeUndefined();
    expect(check('2035-03-31')).toEqual({ code: 'repeat_too_long', params: { years: 10 } });
    expect(seriesLastDay('2028-02-29')).toBe('2038-03-01');
  });
});
