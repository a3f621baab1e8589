import { repeatWords } from '@hallway/shared';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inSystem } from '../../platform/db/tenant.js';
import { formatMoment, rangeMoment } from '../../platform/notify/moments.js';
import { call, createHarness, type Harness, makeUser, makeWorkspace, type TestUser } from '../../test/harness.js';
import { settled } from '../../test/notifications.js';
import { users } from '../users/tables.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ JOBS: '1' });
});
afterAll(() => h.close());

const DAY = 86_400_000;
const dayIn = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
/** An occurrence's start as an English notification writes it for someone in UTC ("Fri, 11 Dec 2026, 14:00 UTC"). */
const when = (days: number, time: string) => formatMoment({ at: `${dayIn(days)}T${time}:00Z`, zone: 'UTC' }, 'en');

/** The person's entries of the centre's `events` section, newest first, without invitations. */
async function entries(clientId: string, who: TestUser) {
  await settled(h, clientId);
  const res = await call(h, who, 'GET', `/api/notification/${clientId}/events/${who.id}/now`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().result as { code: string; title: string; text: string; link: string }[])
    .filter((e) => e.code !== 'events.invite')
    .map((e) => ({ code: e.code, title: e.title, text: e.text, link: e.link }));
}

const ok = async (who: TestUser, method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => {
  const res = await call(h, who, method, url, body);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json();
};

const body = (members: string[], extra: Record<string, unknown> = {}) => ({
  name: 'Quarterly planning',
  date: dayIn(3),
  startTime: '10:00',
  endTime: '11:00',
  timeZone: 'UTC',
  place: 'Room 4',
  members,
  ...extra,
});

describe('members hear of changes and cancellations', () => {
  it('a single event: time, place and link changes and the deletion reach its members, never the actor', async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    const colleague = await makeUser(h, ws.id, { firstName: 'Carl', lastName: 'Colleague' });
    const event = (await ok(ws.admin, 'POST', '/api/event/', body([ws.employee.id, colleague.id]))).result;
    const link = `/calendar/?event=${event._id}`;
    // Another workspace's organizer changes their own event meanwhile.
    const theirs = (await ok(other.admin, 'POST', '/api/event/', body([other.employee.id]))).result;
    await ok(
      other.admin,
      'PUT',
      `/api/event/${theirs._id}`,
      body([other.employee.id], { startTime: '12:00', endTime: '13:00' }),
    );

    // Only the description: nobody is told.
    await ok(
      ws.admin,
      'PUT',
      `/api/event/${event._id}`,
      body([ws.employee.id, colleague.id], { description: 'Agenda' }),
    );
    expect(await entries(ws.id, ws.employee)).toEqual([]);

    await ok(
      ws.admin,
      'PUT',
      `/api/event/${event._id}`,
      body([ws.employee.id, colleague.id], { startTime: '14:00', endTime: '15:00' }),
    );
    const moved = {
      code: 'events.changed',
      title: 'Ada Admin changed the event Quarterly planning',
      text: `Now: ${when(3, '14:00')}`,
      link,
    };
    expect(await entries(ws.id, ws.employee)).toEqual([moved]);
    expect(await entries(ws.id, colleague)).toEqual([moved]);
    expect(await entries(ws.id, ws.admin)).toEqual([]);

    // A new place; a person added now gets the invitation only.
    const late = await makeUser(h, ws.id);
    await ok(
      ws.admin,
      'PUT',
      `/api/event/${event._id}`,
      body([ws.employee.id, colleague.id, late.id], { startTime: '14:00', endTime: '15:00', place: 'Room 7' }),
    );
    expect((await entries(ws.id, ws.employee)).map((e) => e.code)).toEqual(['events.changed', 'events.changed']);
    expect(await entries(ws.id, late)).toEqual([]);

    // Carl is taken off the members: he is told so, and hears nothing more of the event.
    await ok(
      ws.admin,
      'PUT',
      `/api/event/${event._id}`,
      body([ws.employee.id, late.id], { startTime: '14:00', endTime: '15:00', place: 'Room 7' }),
    );
    const removed = {
      code: 'events.removed',
      title: 'You were taken off Quarterly planning',
      text: `Ada Admin took you off the members of Quarterly planning (${when(3, '14:00')})`,
      link: '/calendar/',
    };
    expect((await entries(ws.id, colleague))[0]).toEqual(removed);
    expect((await entries(ws.id, ws.employee)).map((e) => e.code)).toEqual(['events.changed', 'events.changed']);

    await ok(ws.admin, 'DELETE', `/api/event/${event._id}`);
    const cancelled = {
      code: 'events.cancelled',
      title: 'Ada Admin cancelled the event Quarterly planning',
      text: `${when(3, '14:00')}`,
      link: '/calendar/',
    };
    expect((await entries(ws.id, ws.employee))[0]).toEqual(cancelled);
    expect((await entries(ws.id, late))[0]).toEqual(cancelled);
    expect((await entries(ws.id, colleague))[0]).toEqual(removed);
    expect(await entries(ws.id, ws.admin)).toEqual([]);

    // The other workspace's member heard only of their own event; nobody here got an entry of theirs.
    expect(await entries(other.id, other.employee)).toEqual([
      {
        code: 'events.changed',
        title: 'Ada Admin changed the event Quarterly planning',
        text: `Now: ${when(3, '12:00')}`,
        link: `/calendar/?event=${theirs._id}`,
      },
    ]);
    const { rows } = await h.platform.database.query(
      `SELECT DISTINCT n.client_id, u.client_id AS user_client FROM notifications n JOIN users u ON u.id = n.user_id
       WHERE n.code IN ('events.changed', 'events.cancelled') AND n.client_id IN ($1, $2)`,
      [ws.id, other.id],
    );
    for (const row of rows as { client_id: string; user_client: string }[]) expect(row.client_id).toBe(row.user_client);
  });

  it('a series: one occurrence, this and following, one cancelled occurrence and the whole series', async () => {
    const ws = await makeWorkspace(h);
    const series = (
      await ok(ws.admin, 'POST', '/api/event/periodic_event', {
        ...body([ws.employee.id], { name: 'Weekly team meeting' }),
        repeat: { period: 'day', count: 6 },
      })
    ).result;
    const occurrence = (n: number) => new Date(Date.parse(series.start) + n * DAY).toISOString();
    const codes = async () => (await entries(ws.id, ws.employee)).map((e) => `${e.code} ${e.text}`);

    // The second occurrence moves to 16:00.
    await ok(ws.admin, 'PUT', `/api/event/periodic_event/${series._id}`, {
      ...body([ws.employee.id], { name: 'Weekly team meeting', date: dayIn(4), startTime: '16:00', endTime: '17:00' }),
      repeat: { period: 'day', count: 6 },
      scope: 'this',
      occurrence: occurrence(1),
    });
    expect(await codes()).toEqual([`events.changed Now: ${when(4, '16:00')}`]);

    // From the fourth on, another room: the members carried to the new series are told.
    await ok(ws.admin, 'PUT', `/api/event/periodic_event/${series._id}`, {
      ...body([ws.employee.id], { name: 'Weekly team meeting', date: dayIn(6), place: 'Room 9' }),
      repeat: { period: 'day', count: 3 },
      scope: 'following',
      occurrence: occurrence(3),
    });
    expect((await codes())[0]).toBe(`events.changed Now: ${when(6, '10:00')}`);

    // The third occurrence is cancelled, then what is left of the series.
    await ok(ws.admin, 'DELETE', `/api/event/periodic_event/${series._id}?all=false&occurrence=${occurrence(2)}`);
    expect((await codes())[0]).toBe(`events.cancelled ${when(5, '10:00')}`);
    await ok(ws.admin, 'DELETE', `/api/event/periodic_event/${series._id}?all=true`);
    expect((await codes())[0]).toBe(`events.cancelled ${when(3, '10:00')}`);
    expect(await entries(ws.id, ws.admin)).toEqual([]);
  });
});

describe('the invitation e-mail', () => {
  it('carries the event as invite.ics (METHOD:REQUEST) that ical.js reads back, recorded in the outbox', async () => {
    const ws = await makeWorkspace(h);
    const res = await call(h, ws.admin, 'POST', '/api/event/periodic_event', {
      ...body([ws.employee.id], {
        name: 'Weekly design review',
        timeZone: 'Europe/Kyiv',
        link: 'https://meet.example/dr',
      }),
      repeat: { period: 'week', count: 4 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const event = res.json().result;
    await settled(h, ws.id);
    const { rows } = await h.platform.database.query(
      'SELECT "to", subject, attachments FROM outbox WHERE client_id = $1 ORDER BY created',
      [ws.id],
    );
    const mails = rows as { to: string; subject: string; attachments: Record<string, unknown>[] }[];
    // Only the member is invited; the organizer gets no mail of their own action.
    expect(mails.map((m) => m.to)).toEqual([ws.employee.email]);
    expect(mails[0].subject).toBe('Ada Admin invites you: Weekly design review');
    const [file] = mails[0].attachments;
    expect(file).toMatchObject({ filename: 'invite.ics', contentType: 'text/calendar; charset=utf-8; method=REQUEST' });
    const text = file.content as string;
    expect(file.size).toBe(Buffer.byteLength(text));

    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
    const [vevent] = calendar.getAllSubcomponents('vevent');
    const parsed = new ICAL.Event(vevent);
    expect(parsed.uid).toBe(`${event._id}@hallway`);
    expect(parsed.summary).toBe('Weekly design review');
    expect(parsed.location).toBe('Room 4');
    expect(parsed.startDate.zone.tzid).toBe('Europe/Kyiv');
    expect(parsed.startDate.toString()).toBe(`${dayIn(3)}T10:00:00`);
    expect(parsed.startDate.toJSDate().toISOString()).toBe(event.start);
    expect(parsed.endDate.toJSDate().toISOString()).toBe(event.end);
    expect(vevent.getFirstPropertyValue('rrule')?.toString()).toBe(
      `FREQ=WEEKLY;COUNT=4;BYDAY=${weekdayOf(event.start)}`,
    );
    expect(parsed.component.getFirstPropertyValue('url')).toBe('https://meet.example/dr');
    expect(parsed.organizer).toBe(`mailto:${ws.admin.email}`);
    const attendees = parsed.attendees.map((a) => [a.getFirstValue(), a.getParameter('partstat')]);
    expect(attendees).toContainEqual([`mailto:${ws.admin.email}`, 'ACCEPTED']);
    expect(attendees).toContainEqual([`mailto:${ws.employee.email}`, 'NEEDS-ACTION']);
    // ical.js expands the rule in the zone: four weekly occurrences at 10:00 Kyiv time, as the API lists them.
    const expanded = parsed.iterator();
    const starts: string[] = [];
    for (let next = expanded.next(); next; next = expanded.next()) starts.push(next.toString());
    expect(starts).toEqual([0, 7, 14, 21].map((d) => `${dayIn(3 + d)}T10:00:00`));
  });
});

describe('the invitation mail in words', () => {
  /** The text of the one mail `to` got in the workspace. */
  async function mailTo(clientId: string, to: string) {
    await settled(h, clientId);
    const { rows } = await h.platform.database.query(
      'SELECT subject, text, html FROM outbox WHERE client_id = $1 AND "to" = $2',
      [clientId, to],
    );
    expect(rows).toHaveLength(1);
    return rows[0] as { subject: string; text: string; html: string };
  }
  const answerLink = (text: string, label: string) => {
    const url = new URL(text.match(new RegExp(`${label}: (\\S+)`))![1]);
    return {
      path: url.pathname,
      answer: url.searchParams.get('answer'),
      user: url.searchParams.get('u')!,
      signature: url.searchParams.get('s')!,
    };
  };

  it('says when it ends, where, how to join, how often and what, in the recipient’s language and zone, with links that answer for them', async () => {
    const ws = await makeWorkspace(h);
    await inSystem(h.platform.database, (tx) =>
      tx.update(users).set({ lang: 'ru', timeZone: 'Asia/Tbilisi' }).where(eq(users.id, ws.employee.id)),
    );
    const res = await call(h, ws.admin, 'POST', '/api/event/periodic_event', {
      ...body([ws.employee.id], {
        name: 'Design review',
        endTime: '11:30',
        timeZone: 'Europe/Kyiv',
        link: 'https://meet.example/dr',
        description: 'Bring the Q3 numbers',
      }),
      repeat: { period: 'week', count: 4 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const event = res.json().result;
    const mail = await mailTo(ws.id, ws.employee.email);
    const when = formatMoment(
      rangeMoment(Date.parse(event.start), Date.parse(event.end), 'Europe/Kyiv'),
      'ru',
      'Asia/Tbilisi',
    );
    // 10:00 in Kyiv is 12:00 in Tbilisi, where the employee is.
    expect(when).toMatch(/12:00–13:30/);
    const paragraphs = mail.text.split('\n\n');
    expect(paragraphs.slice(0, 7)).toEqual([
      'Ada Admin приглашает вас: Design review',
      when,
      `Повторяется: ${repeatWords(event.repeat, 'ru')}`,
      'Место: Room 4',
      'Подключиться онлайн: https://meet.example/dr',
      'Bring the Q3 numbers',
      expect.stringMatching(/^Принять: http/),
    ]);
    expect(mail.html).toContain('<a href="https://meet.example/dr">');

    // The accept link answers for the employee without a session; the page it opens sends what it carries.
    const accept = answerLink(mail.text, 'Принять');
    expect(accept).toMatchObject({ path: `/invitation/${event._id}`, answer: 'accept', user: ws.employee.id });
    const put = (payload: Record<string, unknown>, id = event._id) =>
      h.app.inject({ method: 'PUT', url: `/api/event/${id}/answer/link`, payload });
    const answered = await put({ answer: 'accept', user: accept.user, signature: accept.signature });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().result).toMatchObject({
      _id: event._id,
      myAnswer: 'accept',
      event: { name: 'Design review', place: 'Room 4', link: 'https://meet.example/dr', start: event.start },
    });
    const seen = await call(h, ws.employee, 'GET', `/api/event/${event._id}`);
    expect(seen.json().result.myAnswer).toBe('accept');
    // The decline link of the same mail carries the same signature: the page may change its answer.
    expect(answerLink(mail.text, 'Отклонить').signature).toBe(accept.signature);
    expect(
      (await put({ answer: 'decline', user: accept.user, signature: accept.signature })).json().result.myAnswer,
    ).toBe('decline');

    // Refused with a bare 404: another person, another event, a made-up signature.
    const other = (await ok(ws.admin, 'POST', '/api/event/', body([ws.employee.id]))).result;
    for (const [payload, id] of [
      [{ answer: 'accept', user: ws.admin.id, signature: accept.signature }, event._id],
      [{ answer: 'accept', user: accept.user, signature: accept.signature }, other._id],
      // One character changed: the first, whose six bits all count (a last character may carry unused bits).
      [
        {
          answer: 'accept',
          user: accept.user,
          signature: `${accept.signature[0] === 'A' ? 'B' : 'A'}${accept.signature.slice(1)}`,
        },
        event._id,
      ],
    ] as const) {
      const refused = await put(payload, id);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().code).toBe('not_found');
    }
    // Taken off the (private) event, the link no longer answers: they no longer see it.
    await ok(ws.admin, 'PUT', `/api/event/periodic_event/${event._id}`, {
      ...body([]),
      name: 'Design review',
      endTime: '11:30',
      timeZone: 'Europe/Kyiv',
      scope: 'all',
    });
    expect((await put({ answer: 'accept', user: accept.user, signature: accept.signature })).statusCode).toBe(404);
  });

  it('leaves out what the event does not have', async () => {
    const ws = await makeWorkspace(h);
    await ok(ws.admin, 'POST', '/api/event/', body([ws.employee.id], { place: '', allDay: true, endDate: dayIn(5) }));
    const mail = await mailTo(ws.id, ws.employee.email);
    const paragraphs = mail.text.split('\n\n');
    expect(paragraphs[1]).toBe(formatMoment({ day: dayIn(3), until: dayIn(5) }, 'en'));
    expect(paragraphs[2]).toMatch(/^Accept: http/);
    expect(mail.text).not.toMatch(/Where:|Repeats:|Join online:/);
  });
});

function weekdayOf(iso: string) {
  const local = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Kyiv', weekday: 'short' }).format(new Date(iso));
  return local.slice(0, 2).toUpperCase();
}
