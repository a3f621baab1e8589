import { describe, expect, it } from 'vitest';
import { createTokens } from '../auth/tokens.js';
import { dayMoment, formatMoment, formatVar, instantMoment, personalLinks, rangeMoment } from './moments.js';

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

  it('writes a range of days or of times as one, the day once when it is the same', () => {
    // ICU puts thin spaces around a range's dash.
    expect(formatMoment(dayMoment('2026-12-07', '2026-12-11'), 'en').replace(/\u2009/g, ' ')).toBe(
      '7 – 11 December 2026',
    );
    expect(formatMoment(dayMoment('2026-12-07', '2026-12-07'), 'en')).toBe('7 December 2026');
    const meeting = rangeMoment(eleven, eleven + 90 * 60_000, 'Europe/Berlin');
    expect(formatMoment(meeting, 'en')).toBe('Fri, 11 Dec 2026, 11:00–12:30 CET');
    expect(formatMoment(rangeMoment(eleven, eleven + 86_400_000, 'Europe/Berlin'), 'en').replace(/\u2009/g, ' ')).toBe(
      'Fri, 11 Dec 2026, 11:00 CET – Sat, 12 Dec 2026, 11:00 CET',
    );
  });

  it('writes a rule in words and a personal link only for its one reader', () => {
    const rule = { period: 'week', interval: 2, weekdays: ['MO', 'WE'], until: '2027-06-30', count: null } as const;
    expect(formatVar({ repeat: rule }, 'en')).toBe('Every 2 weeks, on Monday, Wednesday, until 30 June 2027');
    expect(formatVar({ repeat: rule }, 'uk')).toBe('Кожні 2 тиж., у дні: понеділок, середа, до 30 червня 2027 р.');
    const link = { personal: '/invitation/e1', query: 'answer=accept' };
    expect(formatVar(link, 'en')).toBe('');
    const tokens = createTokens('s'.repeat(48), '1h');
    const url = new URL(formatVar(link, 'en', null, personalLinks('https://intranet.test', tokens, 'u1')));
    expect(url.origin + url.pathname).toBe('https://intranet.test/invitation/e1');
    expect(url.searchParams.get('answer')).toBe('accept');
    expect(url.searchParams.get('u')).toBe('u1');
    expect(tokens.verifyLink('u1', '/invitation/e1', url.searchParams.get('s')!)).toBe(true);
    expect(tokens.verifyLink('u2', '/invitation/e1', url.searchParams.get('s')!)).toBe(false);
    expect(tokens.verifyLink('u1', '/invitation/e2', url.searchParams.get('s')!)).toBe(false);
  });

  it('writes the clock alone when asked (a reminder "at 11:00")', () => {
    expect(formatMoment(instantMoment(eleven, 'Europe/Berlin', true), 'en')).toBe('11:00 CET');
  });

  it('answers what it cannot read as it is, never throwing', () => {
    expect(formatMoment({ day: 'not a day' }, 'en')).toBe('not a day');
    expect(formatMoment({ at: 'never', zone: 'UTC' }, 'en')).toBe('never');
  });
});
