import { describe, expect, it } from 'vitest';
import { formatDay, formatDayTime, parseDay } from './dates';

describe('one way to write a day per language', () => {
  it('writes a day as the date fields show it', () => {
    expect(formatDay('2026-11-27', 'en')).toBe('27 Nov 2026');
    expect(formatDay('2026-03-05', 'en')).toBe('5 Mar 2026');
    expect(formatDay('2026-11-27', 'ru')).toBe('27.11.2026');
    expect(formatDay('2026-03-05', 'uk')).toBe('05.03.2026');
  });

  it('writes a moment as its local day and time', () => {
    const at = new Date(2026, 10, 27, 14, 30);
    expect(formatDayTime(at, 'ru')).toBe('27.11.2026, 14:30');
    expect(formatDayTime(at, 'en')).toMatch(/^27 Nov 2026, 2:30\sPM$/);
  });

  it('reads a typed day in the ISO, dotted and named-month forms', () => {
    for (const typed of [
      '2026-11-27',
      '27.11.2026',
      '27 Nov 2026',
      ' 27  nov. 2026 ',
      '27 November 2026',
      '27 нояб. 2026',
      '27 ноября 2026',
      '27 листопада 2026',
      '27 лист 2026',
    ]) {
      expect(parseDay(typed), typed).toBe('2026-11-27');
    }
    expect(parseDay('5.3.2026')).toBe('2026-03-05');
  });

  it('reads nothing from a day that is unfinished, ambiguous or does not exist', () => {
    for (const typed of [
      '',
      '27.11.202',
      '27 Nov',
      '11/27/2026',
      '27/11/2026',
      '31.02.2026',
      '2026-13-01',
      '27 Ju 2026',
    ]) {
      expect(parseDay(typed), typed).toBeNull();
    }
  });
});
