import { describe, expect, it } from 'vitest';
import { nextRun } from './schedule.js';

describe('nextRun', () => {
  it("reads the schedule in the workspace's zone across both changes of daylight saving time", () => {
    const daily = '0 9 * * *';
    // Berlin moves its clocks forward on 29 March 2026 and back on 25 October 2026.
    expect(nextRun(daily, 'Europe/Berlin', new Date('2026-03-28T06:00:00Z')).toISOString()).toBe(
      '2026-03-28T08:00:00.000Z',
    );
    expect(nextRun(daily, 'Europe/Berlin', new Date('2026-03-28T12:00:00Z')).toISOString()).toBe(
      '2026-03-29T07:00:00.000Z',
    );
    expect(nextRun(daily, 'Europe/Berlin', new Date('2026-10-24T12:00:00Z')).toISOString()).toBe(
      '2026-10-25T08:00:00.000Z',
    );
    expect(nextRun(daily, 'UTC', new Date('2026-03-28T12:00:00Z')).toISOString()).toBe('2026-03-29T09:00:00.000Z');
  });
});
