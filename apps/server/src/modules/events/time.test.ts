import { describe, expect, it } from 'vitest';
import { exactFloating, floating, unfloat } from './time.js';

describe('floating time', () => {
  // Daylight-saving changes on whole hours, on half hours (Newfoundland, Lord Howe's 30-minute shift), a zone
  // without any, and one far from UTC; each checked minute by minute (and at odd seconds) around its changes.
  const zones = ['Europe/Kyiv', 'America/St_Johns', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'Pacific/Chatham', 'UTC'];
  const changes = [
    '2026-03-08T00:00:00Z',
    '2026-03-29T00:00:00Z',
    '2026-04-05T00:00:00Z',
    '2026-10-25T00:00:00Z',
    '2026-11-01T00:00:00Z',
  ];

  it('answers what Intl answers for the instant itself, on and around every change of offset', () => {
    for (const zone of zones) {
      for (const day of changes) {
        const from = Date.parse(day) - 86_400_000;
        for (let t = from; t < from + 3 * 86_400_000; t += 60_000 + 7_013) {
          expect(floating(t, zone), `${zone} ${new Date(t).toISOString()}`).toBe(exactFloating(t, zone));
        }
      }
    }
  });

  it('turns a wall-clock time back into its instant, a skipped one after the jump', () => {
    // Kyiv skips 03:00–03:59 on 29 March 2026 and repeats 03:00–03:59 on 25 October.
    expect(new Date(unfloat(Date.UTC(2026, 2, 29, 3, 30), 'Europe/Kyiv')).toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    expect(new Date(unfloat(Date.UTC(2026, 9, 25, 3, 30), 'Europe/Kyiv')).toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
    expect(new Date(unfloat(Date.UTC(2026, 5, 1, 9, 0), 'America/St_Johns')).toISOString()).toBe(
      '2026-06-01T11:30:00.000Z',
    );
  });
});
