import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMPLOYEE_LOGIN, seedDemo } from '../../bootstrap/demo.js';
import { call, createHarness, type Harness, makeUser, makeWorkspace } from '../../test/harness.js';
import { sendReminders } from './reminders.js';

const DEMO_PASSWORD = 'demo-test-pass';
const MINUTE = 60_000;
let h: Harness;
beforeAll(async () => {
  h = await createHarness({ DEMO_PASSWORD });
  // The demo seeds only an empty installation: before the tests add workspaces.
  await seedDemo(h.platform, pino({ level: 'silent' }));
});
afterAll(() => h.close());

const log = pino({ level: 'silent' });
/** Reminders sent so far for one event (the demo's events have reminders of their own at any hour). */
async function sentFor(eventId: string) {
  const { rows } = await h.platform.database.query(
    'SELECT count(*)::int AS n FROM event_reminders_sent WHERE event_id = $1',
    [eventId],
  );
  return Number((rows[0] as { n: number }).n);
}
/** Runs `passes` reminder passes at once at `now` and answers how many reminders of `eventId` they sent. */
async function run(eventId: string, now: number, passes = 1) {
  const before = await sentFor(eventId);
  await Promise.all(Array.from({ length: passes }, () => sendReminders(h.platform, h.app.services, log, now)));
  return (await sentFor(eventId)) - before;
}

async function reminderEvents(eventId: string) {
  const { rows } = await h.platform.database.query(
    `SELECT recipients FROM notification_events WHERE code = 'events.reminder' AND link = $1 ORDER BY created`,
    [`/calendar/?event=${eventId}`],
  );
  return rows.map((r) => ((r as { recipients: { ids: string[] } }).recipients.ids ?? []).sort());
}

describe('event reminders', () => {
  it('reminds members once when under 10 minutes remain, at their own offsets, never those who declined', async () => {
    const ws = await makeWorkspace(h);
    const late = await makeUser(h, ws.id);
    const declined = await makeUser(h, ws.id);
    const start = new Date(Math.floor(Date.now() / MINUTE) * MINUTE + 3 * 60 * MINUTE);
    const res = await call(h, ws.admin, 'POST', '/api/event/', {
      name: 'Architecture review',
      date: start.toISOString().slice(0, 10),
      startTime: start.toISOString().slice(11, 16),
      endTime: new Date(start.getTime() + 60 * MINUTE).toISOString().slice(11, 16),
      endDate: new Date(start.getTime() + 60 * MINUTE).toISOString().slice(0, 10),
      timeZone: 'UTC',
      members: [ws.employee.id, late.id, declined.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    const event = res.json().result;
    await call(h, late, 'PUT', `/api/event/${event._id}/reminders`, { minutes: [60, 5] });
    await call(h, declined, 'PUT', `/api/event/${event._id}/answer`, { answer: 'decline' });
    const at = start.getTime();

    // An hour before: only the person who asked for 60 minutes.
    expect(await run(event._id, at - 60 * MINUTE)).toBe(1);
    expect(await reminderEvents(event._id)).toEqual([[late.id]]);
    // Eleven minutes before: nobody's 10-minute reminder yet.
    expect(await run(event._id, at - 11 * MINUTE)).toBe(0);
    // Under ten minutes: two passes at once (as two processes would) send each reminder once.
    expect(await run(event._id, at - 9.5 * MINUTE, 2)).toBe(2);
    expect(await run(event._id, at - 9 * MINUTE)).toBe(0);
    const sent = await reminderEvents(event._id);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual([ws.admin.id, ws.employee.id].sort());
    // Five minutes before: the second offset of `late`; a pass long after the time sends nothing late.
    expect(await run(event._id, at - 5 * MINUTE)).toBe(1);
    expect(await run(event._id, at + 30 * MINUTE)).toBe(0);
  });

  it('reminds of each occurrence of a periodic event, not of a cancelled one', async () => {
    const ws = await makeWorkspace(h);
    const first = new Date(Math.floor(Date.now() / MINUTE) * MINUTE + 2 * 24 * 60 * MINUTE);
    const series = (
      await call(h, ws.admin, 'POST', '/api/event/periodic_event', {
        name: 'Daily stand-up',
        date: first.toISOString().slice(0, 10),
        startTime: first.toISOString().slice(11, 16),
        endTime: new Date(first.getTime() + 15 * MINUTE).toISOString().slice(11, 16),
        endDate: new Date(first.getTime() + 15 * MINUTE).toISOString().slice(0, 10),
        timeZone: 'UTC',
        members: [ws.employee.id],
        repeat: { period: 'day', count: 3 },
      })
    ).json().result;
    const second = first.getTime() + 24 * 60 * MINUTE;
    const third = second + 24 * 60 * MINUTE;
    await call(
      h,
      ws.admin,
      'DELETE',
      `/api/event/periodic_event/${series._id}?occurrence=${new Date(second).toISOString()}`,
    );
    expect(await run(series._id, first.getTime() - 10 * MINUTE)).toBe(2);
    expect(await run(series._id, second - 10 * MINUTE)).toBe(0);
    expect(await run(series._id, third - 10 * MINUTE)).toBe(2);
  });

  it('gives the demo workspace a month of events with a weekly team meeting', async () => {
    const login = await call(h, null, 'POST', '/api/login', { login: DEMO_EMPLOYEE_LOGIN, password: DEMO_PASSWORD });
    const anna = { token: login.json().token };
    const clientId = (await call(h, anna, 'GET', '/api/user/me')).json().result.client._id;
    const from = new Date(Date.now() - 14 * 24 * 60 * MINUTE).toISOString();
    const to = new Date(Date.now() + 30 * 24 * 60 * MINUTE).toISOString();
    const res = await call(h, anna, 'GET', `/api/event/byClient/${clientId}?from=${from}&to=${to}`);
    expect(res.statusCode, res.body).toBe(200);
    const list: { name: string; startTime: string; allDay: boolean; timeZone: string }[] = res.json().result;
    expect(list.length).toBeGreaterThanOrEqual(10); // how many fall in the window depends on today's weekday
    const weekly = list.filter((e) => e.name === 'Weekly team meeting');
    expect(weekly.length).toBeGreaterThanOrEqual(5);
    expect(new Set(weekly.map((e) => `${e.startTime} ${e.timeZone}`))).toEqual(new Set(['10:00 Europe/Berlin']));
    expect(list.some((e) => e.allDay)).toBe(true);
    const settings = (await call(h, anna, 'GET', '/api/event/settings')).json().result;
    expect(settings.workspaceTimeZone).toBe('Europe/Berlin');
  });
});
