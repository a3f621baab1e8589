import { describe, expect, it } from 'vitest';
import { dayMoment, formatMoment, instantMoment } from './moments.js';

// Issue 27 item 5: notifications and their mails spoke in raw ISO dates ("2026-12-07 – 2026-12-11",
// "2026-12-11 11:00 (Europe/Berlin)") whatever the recipient's language.
describe('a moment in a notification', () => {
  const eleven = Date.parse('2026-12-11T10:00:00Z');

  it("writes a day in the recipient's language", () => {
    expect(formatMoment(dayMoment('2026-12-07'), 'en')).toBe('7 December 2026');
    expect(formatMoment(dayMoment('2026-12-07'), 'ru')).toBe('7 декабря 2026 г.');
    expect(formatMoment(dayMoment('2026-12-07'), 'ua')).toBe('7 грудня 2026 р.');
  });

  it("writes an instant in the recipient's zone, else in the zone it was set in", () => {
    const meeting = instantMoment(eleven, 'Europe/Berlin');
    expect(formatMoment(meeting, 'en')).toBe('Fri, 11 Dec 2026, 11:00 CET');
    expect(formatMoment(meeting, 'en', 'Europe/London')).toBe('Fri, 11 Dec 2026, 10:00 GMT');
    expect(formatMoment(meeting, 'ru', 'Europe/Berlin')).toBe('пт, 11 дек. 2026 г., 11:00 GMT+1');
    // A zone that is not one (a stale setting) falls back to the moment's own.
    expect(formatMoment(meeting, 'en', 'Mars/Olympus')).toBe('Fri, 11 Dec 2026, 11:00 CET');
  });

  it('writes the clock alone when asked (a reminder "at 11:00")', () => {
    expect(formatMoment(instantMoment(eleven, 'Europe/Berlin', true), 'en')).toBe('11:00 CET');
  });

  it('answers what it cannot read as it is, never throwing', () => {
    expect(formatMoment({ day: 'not a day' }, 'en')).toBe('not a day');
    expect(formatMoment({ at: 'never', zone: 'UTC' }, 'en')).toBe('never');
  });
});
