// Isolation-suite fixtures of the calendar: a single event and a weekly series of workspace A (with a moved
// occurrence, members, an answer, a sent reminder) and A's iCal token, and the bodies of the calls that need them.
import { pino } from 'pino';
import type { Harness } from '../../test/harness.js';
import { type FixtureWorkspace, registerBody, registerObject, valueParams } from '../../test/isolation/registry.js';
import { as } from '../posts/isolation.js';
import { sendReminders } from './reminders.js';

const DAY = 86_400_000;
const dayIn = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
const eventBody = (a: FixtureWorkspace, extra: Record<string, unknown> = {}) => ({
  name: 'Board meeting',
  date: dayIn(5),
  startTime: '10:00',
  endTime: '11:00',
  timeZone: 'UTC',
  members: [a.employee.id],
  ...extra,
});

registerObject('event', async (h: Harness, a) => {
  const event = await as(
    h,
    a.admin.token,
    'POST',
    '/api/event/',
    eventBody(a, { name: `Board meeting ${a.mark}`, description: `Secret agenda ${a.mark}` }),
  );
  await as(h, a.employee.token, 'PUT', `/api/event/${event._id}/answer`, { answer: 'accept' });
  await h.app.inject({
    method: 'GET',
    url: '/api/event/settings',
    headers: { authorization: `Bearer ${a.employee.token}` },
  });
  // A reminder sent for it: the job run as if ten minutes before.
  await sendReminders(h.platform, h.app.services, pino({ level: 'silent' }), Date.parse(event.start) - 10 * 60_000);
  return event._id as string;
});

registerObject('periodic_event', async (h, a) => {
  const series = await as(h, a.admin.token, 'POST', '/api/event/periodic_event', {
    ...eventBody(a, { name: `Weekly sync ${a.mark}` }),
    repeat: { period: 'week', count: 4 },
  });
  const second = new Date(Date.parse(series.start) + 7 * DAY).toISOString();
  await as(h, a.admin.token, 'PUT', `/api/event/periodic_event/${series._id}`, {
    ...eventBody(a, { name: `Weekly sync ${a.mark}, moved`, date: dayIn(12), startTime: '15:00', endTime: '16:00' }),
    scope: 'this',
    occurrence: second,
  });
  return series._id as string;
});

valueParams.event_from = new Date(Date.now() - DAY).toISOString();
valueParams.event_to = new Date(Date.now() + 40 * DAY).toISOString();
valueParams.periodic_all = 'true';
valueParams.feed_token = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics';

registerBody('POST /api/event/', ({ a }) => eventBody(a, { name: 'Phishing meeting' }));
registerBody('POST /api/event/periodic_event', ({ a }) => ({
  ...eventBody(a, { name: 'Phishing series' }),
  repeat: { period: 'day', count: 2 },
}));
registerBody('PUT /api/event/:id', ({ a }) => eventBody(a, { name: 'Rewritten by a stranger' }));
registerBody('PUT /api/event/periodic_event/:id', ({ a }) => ({
  ...eventBody(a, { name: 'Rewritten series' }),
  scope: 'all',
}));
registerBody('PUT /api/event/:id/answer', () => ({ answer: 'decline' }));
registerBody('PUT /api/event/:id/reminders', () => ({ minutes: [5] }));
registerBody('PUT /api/event/settings', () => ({ timeZone: 'Europe/Kyiv' }));
// Only the mail's own signature opens it: another workspace's person and event with a made-up one learn nothing.
registerBody('PUT /api/event/:id/answer/link', ({ a }) => ({
  answer: 'decline',
  user: a.employee.id,
  signature: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
}));
