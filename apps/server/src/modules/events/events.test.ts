import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createHarness,
  type Harness,
  makeUser,
  makeWorkspace,
  type TestUser,
  type TestWorkspace,
} from '../../test/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const DAY = 86_400_000;
const dayIn = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

function eventOf(ws: TestWorkspace, extra: Record<string, unknown> = {}) {
  return {
    name: 'Quarterly planning',
    date: dayIn(3),
    startTime: '10:00',
    endTime: '11:30',
    timeZone: 'UTC',
    members: [ws.employee.id],
    ...extra,
  };
}
const create = (ws: TestWorkspace, extra: Record<string, unknown> = {}) =>
  call(h, ws.admin, 'POST', '/api/event/', eventOf(ws, extra));
const range = (ws: TestWorkspace, who: { token: string }, from: string, to: string, scope = 'visible') =>
  call(h, who, 'GET', `/api/event/byClient/${ws.id}?from=${from}&to=${to}&scope=${scope}`);

describe('single events', () => {
  it('creates, reads, lists in a range, edits and deletes an event; members and the organizer see it', async () => {
    const ws = await makeWorkspace(h);
    const res = await create(ws, {
      description: 'Numbers, plans, coffee',
      color: '#12b886',
      link: 'https://meet.example/q3',
      place: 'Room 4',
    });
    expect(res.statusCode, res.body).toBe(200);
    const event = res.json().result;
    expect(event).toMatchObject({
      name: 'Quarterly planning',
      description: 'Numbers, plans, coffee',
      color: '#12b886',
      link: 'https://meet.example/q3',
      place: 'Room 4',
      allDay: false,
      date: dayIn(3),
      startTime: '10:00',
      endTime: '11:30',
      endDate: dayIn(3),
      timeZone: 'UTC',
      start: `${dayIn(3)}T10:00:00.000Z`,
      end: `${dayIn(3)}T11:30:00.000Z`,
      series_id: null,
      occurrence: null,
      repeat: null,
      organizer: { _id: ws.admin.id },
      counts: { accept: 1, maybe: 0, decline: 0, none: 1 },
      membersCount: 2,
      myAnswer: 'accept',
      myReminders: [10],
      can: { edit: true, delete: true, answer: true },
    });

    const seen = await call(h, ws.employee, 'GET', `/api/event/${event._id}`);
    expect(seen.json().result).toMatchObject({ myAnswer: 'none', can: { edit: false, delete: false, answer: true } });
    expect(
      seen
        .json()
        .result.members.map((m: { user: { _id: string } }) => m.user._id)
        .sort(),
    ).toEqual([ws.admin.id, ws.employee.id].sort());

    const listed = await range(ws, ws.employee, `${dayIn(0)}T00:00:00Z`, `${dayIn(10)}T00:00:00Z`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().result.map((e: { _id: string }) => e._id)).toEqual([event._id]);
    expect(listed.json().result[0].members).toBeUndefined();
    expect((await range(ws, ws.employee, `${dayIn(4)}T00:00:00Z`, `${dayIn(10)}T00:00:00Z`)).json().result).toEqual([]);

    const outsider = await makeUser(h, ws.id);
    expect((await call(h, outsider, 'GET', `/api/event/${event._id}`)).statusCode).toBe(404);
    expect((await range(ws, outsider, `${dayIn(0)}T00:00:00Z`, `${dayIn(10)}T00:00:00Z`)).json().result).toEqual([]);

    const edited = await call(h, ws.admin, 'PUT', `/api/event/${event._id}`, {
      ...eventOf(ws),
      name: 'Quarterly planning, moved',
      startTime: '14:00',
      endTime: '15:00',
      members: [ws.employee.id, outsider.id],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().result).toMatchObject({ startTime: '14:00', membersCount: 3, counts: { none: 2 } });
    expect((await call(h, outsider, 'GET', `/api/event/${event._id}`)).statusCode).toBe(200);

    expect((await call(h, ws.employee, 'PUT', `/api/event/${event._id}`, eventOf(ws))).statusCode).toBe(403);
    expect((await call(h, ws.employee, 'DELETE', `/api/event/${event._id}`)).statusCode).toBe(403);
    const removed = await call(h, ws.admin, 'DELETE', `/api/event/${event._id}`);
    expect(removed.json()).toEqual({ result: { _id: event._id } });
    expect((await call(h, ws.admin, 'GET', `/api/event/${event._id}`)).statusCode).toBe(404);
  });

  it('members by department are resolved to the department people; public events are seen by everyone', async () => {
    const ws = await makeWorkspace(h);
    const sales = [
      await makeUser(h, ws.id, { department: 'Sales' }),
      await makeUser(h, ws.id, { department: 'Sales' }),
    ];
    await makeUser(h, ws.id, { department: 'Sales', deleted: true });
    const res = await create(ws, { members: [], departments: ['Sales'], public: true });
    expect(res.statusCode, res.body).toBe(200);
    const event = res.json().result;
    expect(event).toMatchObject({ departments: ['Sales'], membersCount: 3, public: true });
    const full = (await call(h, ws.admin, 'GET', `/api/event/${event._id}`)).json().result;
    expect(full.members.filter((m: { via: string }) => m.via === 'department')).toHaveLength(2);
    expect((await call(h, sales[0], 'GET', `/api/event/${event._id}`)).json().result.myAnswer).toBe('none');
    const viewer = await call(h, ws.employee, 'GET', `/api/event/${event._id}`);
    expect(viewer.json().result).toMatchObject({ myAnswer: null, can: { answer: false } });
    expect(
      (await call(h, ws.employee, 'PUT', `/api/event/${event._id}/answer`, { answer: 'accept' })).json().code,
    ).toBe('event_not_member');
  });

  it('takes an event of the organizer alone: the organizer counts as its participant, also in an edit', async () => {
    const ws = await makeWorkspace(h);
    for (const members of [[], [ws.admin.id]]) {
      const res = await create(ws, { members });
      expect(res.statusCode, res.body).toBe(200);
      const event = res.json().result;
      expect(event.membersCount).toBe(1);
      const read = await call(h, ws.admin, 'GET', `/api/event/${event._id}`);
      expect(read.json().result.members.map((m: { user: { _id: string } }) => m.user._id)).toEqual([ws.admin.id]);
    }
    const shared = (await create(ws)).json().result;
    const alone = await call(h, ws.admin, 'PUT', `/api/event/${shared._id}`, eventOf(ws, { members: [] }));
    expect(alone.statusCode, alone.body).toBe(200);
    expect(alone.json().result.membersCount).toBe(1);
    const series = await call(
      h,
      ws.admin,
      'POST',
      '/api/event/periodic_event',
      eventOf(ws, { members: [], repeat: { period: 'week', count: 3 } }),
    );
    expect(series.statusCode, series.body).toBe(200);
    expect(series.json().result.membersCount).toBe(1);
  });

  it('refuses every §5 rule with its field code', async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    const today = new Date().toISOString().slice(0, 10);
    const past = new Date(Date.now() - 60 * 60_000);
    const pastTime = past.toISOString().slice(11, 16);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', 'required'],
      [{ name: 'Short' }, 'name', 'event_name_short'],
      [{ name: 'x'.repeat(101) }, 'name', 'too_long'],
      [{ date: undefined }, 'date', 'required'],
      [{ date: dayIn(-1) }, 'date', 'event_date_past'],
      // Far dates: year 0 is no date of the database, and an all-day event on 9999-12-31 ends in year 10000.
      [{ date: '0000-01-01' }, 'date', 'date_out_of_range'],
      [{ allDay: true, date: '9999-12-31' }, 'date', 'date_out_of_range'],
      [{ endDate: '2201-01-01' }, 'endDate', 'date_out_of_range'],
      [{ startTime: undefined }, 'startTime', 'required'],
      [{ endTime: '09:00' }, 'endTime', 'event_end_invalid'],
      [{ endDate: dayIn(40), endTime: '09:00' }, 'endDate', 'event_too_long'],
      [{ members: [other.employee.id] }, 'members', 'member_unknown'],
      [{ link: 'http://meet.example/x' }, 'link', 'link_invalid'],
      [{ link: 'not a link' }, 'link', 'link_invalid'],
      [{ timeZone: 'Mars/Olympus' }, 'timeZone', 'time_zone_invalid'],
      [{ color: 'red' }, 'color', 'color_invalid'],
    ];
    if (past.toISOString().slice(0, 10) === today) {
      cases.push([{ date: today, startTime: pastTime, endTime: '23:59' }, 'startTime', 'event_time_past']);
    }
    for (const [extra, field, code] of cases) {
      const res = await create(ws, extra);
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().fields?.[field], `${JSON.stringify(extra)} → ${res.body}`).toBe(code);
    }
    const periodic = (repeat: Record<string, unknown>) =>
      call(h, ws.admin, 'POST', '/api/event/periodic_event', eventOf(ws, { repeat }));
    for (const [repeat, field, code] of [
      [{ period: 'week' }, 'repeat', 'repeat_end_required'],
      [{ period: 'week', count: 1 }, 'repeat.count', 'repeat_count_min'],
      [{ period: 'day', until: dayIn(1) }, 'repeat.until', 'repeat_until_invalid'],
      [{ period: 'day', count: 1000 }, 'repeat.count', 'repeat_too_many'],
      [{ period: 'day', until: '9999-12-31' }, 'repeat.until', 'date_out_of_range'],
      [{ count: 3 }, 'repeat.period', 'required'],
    ] as const) {
      const res = await periodic(repeat);
      expect(res.statusCode, JSON.stringify(repeat)).toBe(400);
      expect(res.json().fields?.[field], `${JSON.stringify(repeat)} → ${res.body}`).toBe(code);
    }
    const noRepeat = await call(h, ws.admin, 'POST', '/api/event/periodic_event', eventOf(ws));
    expect(noRepeat.json().fields?.repeat).toBe('required');
  });

  it('refuses people without the rights, other workspaces and ranges that are too long', async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    const event = (await create(ws)).json().result;
    const noCalendar = await makeUser(h, ws.id, { rights: { calendar: false } });
    const noCreate = await makeUser(h, ws.id, { rights: { events_create: false } });
    const body = eventOf(ws);
    expect((await call(h, noCreate, 'POST', '/api/event/', body)).statusCode).toBe(403);
    expect((await call(h, noCalendar, 'POST', '/api/event/', body)).statusCode).toBe(403);
    expect((await call(h, noCalendar, 'GET', `/api/event/${event._id}`)).statusCode).toBe(403);
    expect((await range(ws, noCalendar, `${dayIn(0)}T00:00:00Z`, `${dayIn(5)}T00:00:00Z`)).statusCode).toBe(403);
    expect((await range(ws, other.admin, `${dayIn(0)}T00:00:00Z`, `${dayIn(5)}T00:00:00Z`)).statusCode).toBe(403);
    expect((await call(h, other.admin, 'GET', `/api/event/${event._id}`)).statusCode).toBe(404);
    expect((await call(h, other.admin, 'DELETE', `/api/event/${event._id}`)).statusCode).toBe(404);
    const tooLong = await range(ws, ws.admin, `${dayIn(0)}T00:00:00Z`, `${dayIn(500)}T00:00:00Z`);
    expect(tooLong.json().fields?.to).toBe('event_range_invalid');
    const farOff = await range(ws, ws.admin, '0000-01-01T00:00:00Z', '0000-01-05T00:00:00Z');
    expect(farOff.statusCode, farOff.body).toBe(400);
    expect(farOff.json().fields).toEqual({ from: 'date_out_of_range', to: 'date_out_of_range' });
    const farOccurrence = await call(h, ws.admin, 'GET', `/api/event/${event._id}?occurrence=9999-12-31T00:00:00Z`);
    expect(farOccurrence.json().fields).toEqual({ occurrence: 'date_out_of_range' });
    expect((await call(h, ws.admin, 'GET', `/api/event/byClient/${ws.id}`)).statusCode).toBe(400);

    // The range says whether its reader may create events, as the create call decides it.
    const canCreate = async (who: TestUser) =>
      (await range(ws, who, `${dayIn(0)}T00:00:00Z`, `${dayIn(5)}T00:00:00Z`)).json().can;
    expect(await canCreate(noCreate)).toEqual({ create: false });
    expect(await canCreate(ws.employee)).toEqual({ create: true });
    expect(await canCreate(ws.admin)).toEqual({ create: true });

    const access = await call(h, ws.employee, 'GET', `/api/user/${ws.id}/events/access_for/${noCreate.id}`);
    expect(access.json().result).toEqual({ user_id: noCreate.id, calendar: true, events_create: false });
    const none = await call(h, ws.employee, 'GET', `/api/user/${ws.id}/events/access_for/${noCalendar.id}`);
    expect(none.json().result).toMatchObject({ calendar: false, events_create: false });
    expect(
      (await call(h, ws.employee, 'GET', `/api/user/${ws.id}/events/access_for/${other.employee.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await call(h, other.employee, 'GET', `/api/user/${ws.id}/events/access_for/${ws.employee.id}`)).statusCode,
    ).toBe(403);
  });

  it('keeps the answer counters true under 50 concurrent answers', { timeout: 60_000 }, async () => {
    const ws = await makeWorkspace(h);
    const people = [];
    for (let i = 0; i < 50; i++) people.push(await makeUser(h, ws.id));
    const event = (await create(ws, { members: people.map((p) => p.id) })).json().result;
    expect(event.counts).toEqual({ accept: 1, maybe: 0, decline: 0, none: 50 });
    const answers = ['accept', 'maybe', 'decline'] as const;
    const results = await Promise.all(
      people.map((p, i) => call(h, p, 'PUT', `/api/event/${event._id}/answer`, { answer: answers[i % 3] })),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const after = (await call(h, ws.admin, 'GET', `/api/event/${event._id}`)).json().result;
    expect(after.counts).toEqual({ accept: 1 + 17, maybe: 17, decline: 16, none: 0 });
    // Changing one's mind moves one count, the same answer twice moves none.
    await call(h, people[0], 'PUT', `/api/event/${event._id}/answer`, { answer: 'decline' });
    const again = await call(h, people[0], 'PUT', `/api/event/${event._id}/answer`, { answer: 'decline' });
    expect(again.json().result).toMatchObject({ myAnswer: 'decline', counts: { accept: 17, maybe: 17, decline: 17 } });
    const visible = after.members.filter((m: { answer: string }) => m.answer !== 'none');
    expect(visible).toHaveLength(51);
    const asMember = (await call(h, people[1], 'GET', `/api/event/${event._id}`)).json().result;
    expect(asMember.members.filter((m: { answer: string }) => m.answer !== 'none')).toHaveLength(1);
    const invalid = await call(h, people[1], 'PUT', `/api/event/${event._id}/answer`, { answer: 'none' });
    expect(invalid.statusCode).toBe(400);
  });

  it('lets members choose their reminder offsets', async () => {
    const ws = await makeWorkspace(h);
    const event = (await create(ws)).json().result;
    const set = await call(h, ws.employee, 'PUT', `/api/event/${event._id}/reminders`, { minutes: [60, 10, 1440] });
    expect(set.json().result).toEqual({ _id: event._id, myReminders: [10, 60, 1440] });
    expect((await call(h, ws.employee, 'GET', `/api/event/${event._id}`)).json().result.myReminders).toEqual([
      10, 60, 1440,
    ]);
    for (const minutes of [[10, 10], [-1], [20_000], [1, 2, 3, 4, 5, 6]]) {
      expect((await call(h, ws.employee, 'PUT', `/api/event/${event._id}/reminders`, { minutes })).statusCode).toBe(
        400,
      );
    }
    const stranger = await makeUser(h, ws.id);
    expect((await call(h, stranger, 'PUT', `/api/event/${event._id}/reminders`, { minutes: [] })).statusCode).toBe(404);
  });

  it('sets the person and workspace time zones the calendar starts with', async () => {
    const ws = await makeWorkspace(h);
    const first = await call(h, ws.employee, 'GET', '/api/event/settings');
    expect(first.json().result).toMatchObject({ timeZone: 'UTC', ownTimeZone: null, workspaceTimeZone: null });
    const client = await call(h, ws.admin, 'PUT', `/api/clients/${ws.id}`, { settings: { timeZone: 'Europe/Kyiv' } });
    expect(client.statusCode, client.body).toBe(200);
    expect((await call(h, ws.employee, 'GET', '/api/event/settings')).json().result.timeZone).toBe('Europe/Kyiv');
    const own = await call(h, ws.employee, 'PUT', '/api/event/settings', { timeZone: 'America/New_York' });
    expect(own.json().result).toMatchObject({ timeZone: 'America/New_York', ownTimeZone: 'America/New_York' });
    expect(
      (await call(h, ws.employee, 'PUT', '/api/event/settings', { timeZone: 'Nowhere/Land' })).json().fields,
    ).toEqual({ timeZone: 'time_zone_invalid' });
    const profile = await call(h, ws.employee, 'GET', `/api/user/${ws.employee.id}`);
    expect(profile.json().result?.timeZone ?? profile.json().timeZone).toBe('America/New_York');
    // A form without a zone takes the person's.
    const made = await call(h, ws.admin, 'POST', '/api/event/', { ...eventOf(ws), timeZone: undefined });
    expect(made.json().result.timeZone).toBe('Europe/Kyiv');
  });
});

describe('groups as members', () => {
  const newGroup = async (owner: { token: string }, type: 'public' | 'private', name: string) => {
    const res = await call(h, owner, 'POST', '/api/group/', { name, description: `About ${name}`, type });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result as { _id: string };
  };

  it("resolves a group to its members and keeps the group on the event; a group the caller can't read is refused", async () => {
    const ws = await makeWorkspace(h);
    const joiner = await makeUser(h, ws.id);
    const club = await newGroup(ws.employee, 'public', 'Runners');
    expect((await call(h, joiner, 'POST', `/api/group/${club._id}/join`)).statusCode).toBe(200);

    const res = await create(ws, { members: [], groups: [club._id] });
    expect(res.statusCode, res.body).toBe(200);
    const event = res.json().result;
    expect(event).toMatchObject({ groups: [club._id], membersCount: 3, counts: { accept: 1, none: 2 } });
    const read = (await call(h, ws.admin, 'GET', `/api/event/${event._id}`)).json().result;
    const members = read.members.map((m: { user: { _id: string }; via: string }) => [m.user._id, m.via]);
    expect(members).toEqual(
      expect.arrayContaining([
        [ws.admin.id, 'person'],
        [ws.employee.id, 'group'],
        [joiner.id, 'group'],
      ]),
    );
    expect((await call(h, joiner, 'GET', `/api/event/${event._id}`)).json().result.myAnswer).toBe('none');

    const secret = await newGroup(ws.employee, 'private', 'Secret circle');
    const before = (await range(ws, ws.admin, `${dayIn(0)}T00:00:00Z`, `${dayIn(10)}T00:00:00Z`)).json().result.length;
    const refused = await create(ws, { name: 'Secret meeting', groups: [club._id, secret._id] });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('group_not_found');
    const after = (await range(ws, ws.admin, `${dayIn(0)}T00:00:00Z`, `${dayIn(10)}T00:00:00Z`)).json().result;
    expect(after.length).toBe(before);

    const edited = await call(h, ws.admin, 'PUT', `/api/event/${event._id}`, eventOf(ws, { members: [joiner.id] }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().result).toMatchObject({ groups: [], membersCount: 2 });
  });
});
