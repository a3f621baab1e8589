import { monitorEventLoopDelay } from 'node:perf_hooks';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createHarness,
  type Harness,
  makeWorkspace,
  roundTrips,
  type TestWorkspace,
} from '../../test/harness.js';
import { allOccurrences, normalizeRepeat, seriesStop } from './recurrence.js';
import { floatOf, localOf, unfloat } from './time.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const DAY = 86_400_000;
const dayIn = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
/** The same day some years later (29 February: 1 March). */
function yearsAfter(date: string, years: number) {
  const d = new Date(`${date}T00:00:00Z`);
  return new Date(Date.UTC(d.getUTCFullYear() + years, d.getUTCMonth(), d.getUTCDate())).toISOString().slice(0, 10);
}
/** The Monday on or after a date. */
function mondayFrom(date: string) {
  const d = new Date(`${date}T00:00:00Z`);
  while (d.getUTCDay() !== 1) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
/** The last Sunday of March after today: Europe's daylight-saving start. */
function nextMarchChange() {
  const now = new Date();
  let year = now.getUTCFullYear();
  for (;;) {
    const d = new Date(Date.UTC(year, 2, 31));
    while (d.getUTCDay() !== 0) d.setUTCDate(d.getUTCDate() - 1);
    if (d.getTime() - 14 * DAY > now.getTime()) return d.toISOString().slice(0, 10);
    year++;
  }
}

const weekly = (
  ws: TestWorkspace,
  date: string,
  repeat: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) =>
  call(h, ws.admin, 'POST', '/api/event/periodic_event', {
    name: 'Weekly team meeting',
    date,
    startTime: '09:00',
    endTime: '09:30',
    timeZone: 'Europe/Kyiv',
    members: [ws.employee.id],
    repeat,
    ...extra,
  });

interface Occ {
  _id: string;
  occurrence: string;
  start: string;
  startTime: string;
  date: string;
  name: string;
  myAnswer: string | null;
  organizer: { _id: string };
  can: { answer: boolean };
}
async function occurrences(ws: TestWorkspace, from: string, to: string): Promise<Occ[]> {
  const res = await call(
    h,
    ws.employee,
    'GET',
    `/api/event/byClient/${ws.id}?from=${from}T00:00:00Z&to=${to}T00:00:00Z`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result;
}

describe('periodic events', () => {
  it('keeps a weekly 09:00 meeting at 09:00 local across the daylight-saving change', async () => {
    const change = nextMarchChange();
    const first = mondayFrom(new Date(Date.parse(change) - 13 * DAY).toISOString().slice(0, 10));
    const res = await weekly(await makeWorkspace(h), first, { period: 'week', count: 4 });
    expect(res.statusCode, res.body).toBe(200);
    const series = res.json().result;
    expect(series).toMatchObject({
      series_id: series._id,
      occurrence: null,
      rrule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO;COUNT=4',
      repeat: { period: 'week', interval: 1, weekdays: ['MO'], until: null, count: 4 },
    });
    // The same expansion the API uses, checked directly: 09:00 local every time, the UTC hour moves by one.
    const repeat = normalizeRepeat({ period: 'week', count: 4 }, first);
    const start = unfloat(floatOf(first, '09:00'), 'Europe/Kyiv');
    const all = allOccurrences({ start, end: start + 30 * 60_000, timeZone: 'Europe/Kyiv', repeat }, seriesStop(first));
    expect(all.map((o) => localOf(o.start, 'Europe/Kyiv').time)).toEqual(['09:00', '09:00', '09:00', '09:00']);
    expect(all.map((o) => new Date(o.start).toISOString().slice(11, 16))).toEqual(['07:00', '07:00', '06:00', '06:00']);
  });

  it('expands only inside the range, in the zone, through the API', async () => {
    const ws = await makeWorkspace(h);
    const change = nextMarchChange();
    const first = mondayFrom(new Date(Date.parse(change) - 13 * DAY).toISOString().slice(0, 10));
    const series = (await weekly(ws, first, { period: 'week', count: 4 })).json().result;
    const listed = await occurrences(ws, first, new Date(Date.parse(first) + 40 * DAY).toISOString().slice(0, 10));
    expect(listed.map((o) => o.startTime)).toEqual(['09:00', '09:00', '09:00', '09:00']);
    expect(listed.map((o) => o.start.slice(11, 16))).toEqual(['07:00', '07:00', '06:00', '06:00']);
    expect(new Set(listed.map((o) => o._id))).toEqual(new Set([series._id]));
    expect(listed.map((o) => o.occurrence)).toEqual(listed.map((o) => o.start));
    const third = new Date(Date.parse(first) + 14 * DAY).toISOString().slice(0, 10);
    const one = await occurrences(ws, third, new Date(Date.parse(third) + DAY).toISOString().slice(0, 10));
    expect(one.map((o) => o.date)).toEqual([third]);
    const occ = await call(h, ws.employee, 'GET', `/api/event/${series._id}?occurrence=${one[0].occurrence}`);
    expect(occ.json().result).toMatchObject({ date: third, startTime: '09:00', occurrence: one[0].occurrence });
    expect(
      (await call(h, ws.employee, 'GET', `/api/event/${series._id}?occurrence=${third}T01:00:00Z`)).statusCode,
    ).toBe(400);
  });

  it('reads a range in one statement with the organizer and the answer; a moved occurrence past its series too', async () => {
    const ws = await makeWorkspace(h);
    const monday = mondayFrom(dayIn(2));
    const series = (await weekly(ws, monday, { period: 'week', count: 2 }, { timeZone: 'UTC' })).json().result;
    const answered = await call(h, ws.employee, 'PUT', `/api/event/${series._id}/answer`, { answer: 'accept' });
    expect(answered.statusCode, answered.body).toBe(200);
    const to = new Date(Date.parse(monday) + 60 * DAY).toISOString().slice(0, 10);
    const list = await occurrences(ws, monday, to);
    const range = (from: string, until: string) =>
      roundTrips(h, () =>
        call(h, ws.employee, 'GET', `/api/event/byClient/${ws.id}?from=${from}T00:00:00Z&to=${until}T00:00:00Z`),
      );
    const quick = await range(monday, to);
    expect({ transactions: quick.transactions, queries: quick.queries }).toEqual({ transactions: 0, queries: 1 });
    expect(quick.result.json().result).toEqual(list);
    expect(list.map((o) => [o.myAnswer, o.organizer._id, o.can.answer])).toEqual([
      ['accept', ws.admin.id, true],
      ['accept', ws.admin.id, true],
    ]);

    // The second occurrence moves a month on, past the series' end: a range holding it alone reads the series too.
    const later = new Date(Date.parse(monday) + 35 * DAY).toISOString().slice(0, 10);
    const moved = await call(h, ws.admin, 'PUT', `/api/event/periodic_event/${series._id}`, {
      name: 'Weekly team meeting',
      date: later,
      startTime: '15:00',
      endTime: '16:00',
      timeZone: 'UTC',
      members: [ws.employee.id],
      scope: 'this',
      occurrence: list[1].occurrence,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const alone = await range(later, new Date(Date.parse(later) + DAY).toISOString().slice(0, 10));
    expect(alone.result.json().result).toMatchObject([
      { date: later, startTime: '15:00', series_id: series._id, myAnswer: 'accept', organizer: { _id: ws.admin.id } },
    ]);
    expect({ transactions: alone.transactions, queries: alone.queries }).toEqual({ transactions: 1, queries: 1 });
  });

  it('works on weekdays, months and years, with an end date', async () => {
    const ws = await makeWorkspace(h);
    const monday = mondayFrom(dayIn(2));
    const until = new Date(Date.parse(monday) + 13 * DAY).toISOString().slice(0, 10);
    const res = await weekly(ws, monday, { period: 'week', weekdays: ['MO', 'WE', 'FR'], until }, { timeZone: 'UTC' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.rrule).toMatch(/^FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,WE,FR;UNTIL=\d{8}T235959Z$/);
    const listed = await occurrences(ws, monday, new Date(Date.parse(monday) + 30 * DAY).toISOString().slice(0, 10));
    expect(listed).toHaveLength(6);
    const monthly = await weekly(ws, dayIn(5), { period: 'month', interval: 2, count: 3 }, { timeZone: 'UTC' });
    expect(monthly.json().result.rrule).toBe('FREQ=MONTHLY;INTERVAL=2;COUNT=3');
    const yearly = await weekly(ws, dayIn(5), { period: 'year', count: 2 }, { timeZone: 'UTC' });
    expect(yearly.json().result.rrule).toBe('FREQ=YEARLY;INTERVAL=1;COUNT=2');
    const daily = await weekly(ws, dayIn(5), { period: 'day', count: 5 }, { timeZone: 'UTC' });
    expect(daily.statusCode).toBe(200);
    expect(
      (
        await call(h, ws.admin, 'PUT', `/api/event/${daily.json().result._id}`, {
          name: 'Not like this',
          date: dayIn(5),
          startTime: '09:00',
          endTime: '10:00',
          members: [ws.employee.id],
        })
      ).json().code,
    ).toBe('event_is_periodic');
  });

  it('changes this occurrence, this and the following ones, or all, answering changed, deleted, new', async () => {
    const ws = await makeWorkspace(h);
    const monday = mondayFrom(dayIn(2));
    const series = (await weekly(ws, monday, { period: 'week', count: 6 }, { timeZone: 'UTC' })).json().result;
    const to = new Date(Date.parse(monday) + 60 * DAY).toISOString().slice(0, 10);
    const list = await occurrences(ws, monday, to);
    expect(list).toHaveLength(6);
    const base = {
      name: 'Weekly team meeting',
      startTime: '09:00',
      endTime: '09:30',
      timeZone: 'UTC',
      members: [ws.employee.id],
    };
    const put = (body: Record<string, unknown>) =>
      call(h, ws.admin, 'PUT', `/api/event/periodic_event/${series._id}`, body);

    // This occurrence: the second one moves to 15:00.
    const moved = await put({
      ...base,
      date: list[1].date,
      startTime: '15:00',
      endTime: '16:00',
      scope: 'this',
      occurrence: list[1].occurrence,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ changed: [], deleted: [] });
    expect(moved.json().new[0]).toMatchObject({
      series_id: series._id,
      occurrence: list[1].occurrence,
      startTime: '15:00',
      // It stays part of the series: the card offers this/following/all for it.
      repeat: series.repeat,
    });
    expect(series.repeat).not.toBeNull();
    const override = moved.json().new[0]._id;
    let now = await occurrences(ws, monday, to);
    expect(now.map((o) => o.startTime)).toEqual(['09:00', '15:00', '09:00', '09:00', '09:00', '09:00']);
    const again = await put({
      ...base,
      name: 'Weekly team meeting (late)',
      date: list[1].date,
      startTime: '16:00',
      endTime: '17:00',
      scope: 'this',
      occurrence: list[1].occurrence,
    });
    expect(again.json().changed[0]).toMatchObject({ _id: override, startTime: '16:00' });

    // This and the following: from the fourth one at 11:00.
    const split = await put({
      ...base,
      date: list[3].date,
      startTime: '11:00',
      endTime: '11:30',
      scope: 'following',
      occurrence: list[3].occurrence,
    });
    expect(split.statusCode, split.body).toBe(200);
    expect(split.json().changed[0]).toMatchObject({ _id: series._id, repeat: { count: null } });
    expect(split.json().new[0]).toMatchObject({ startTime: '11:00', date: list[3].date, repeat: { count: 6 } });
    now = await occurrences(ws, monday, to);
    expect(now.map((o) => o.startTime)).toEqual([
      '09:00',
      '16:00',
      '09:00',
      '11:00',
      '11:00',
      '11:00',
      '11:00',
      '11:00',
      '11:00',
    ]);
    const newSeries = split.json().new[0]._id;

    // All: renaming the old series keeps its moved occurrence, moving its time drops it.
    const renamed = await put({ ...base, name: 'Team sync', date: list[0].date, scope: 'all' });
    expect(renamed.json()).toMatchObject({ deleted: [], new: [] });
    now = await occurrences(ws, monday, to);
    expect(now.filter((o) => o._id === override)[0].name).toBe('Team sync');
    const retimed = await put({
      ...base,
      name: 'Team sync',
      date: list[0].date,
      startTime: '08:00',
      endTime: '08:30',
      scope: 'all',
    });
    expect(retimed.json().deleted).toEqual([{ _id: override, occurrence: list[1].occurrence }]);
    now = await occurrences(ws, monday, to);
    expect(now.filter((o) => o._id === series._id).map((o) => o.startTime)).toEqual(['08:00', '08:00', '08:00']);

    // Bad requests.
    expect(
      (await put({ ...base, date: list[0].date, scope: 'this', occurrence: `${list[0].date}T03:00:00Z` })).json()
        .fields,
    ).toEqual({
      occurrence: 'occurrence_not_found',
    });
    expect((await put({ ...base, date: list[0].date, scope: 'sometimes' })).json().fields?.scope).toBe('required');
    expect(
      (
        await call(h, ws.employee, 'PUT', `/api/event/periodic_event/${series._id}`, {
          ...base,
          date: list[0].date,
          scope: 'all',
        })
      ).statusCode,
    ).toBe(403);
    const single = (await call(h, ws.admin, 'POST', '/api/event/', { ...base, date: dayIn(3) })).json().result;
    expect(
      (
        await call(h, ws.admin, 'PUT', `/api/event/periodic_event/${single._id}`, {
          ...base,
          date: dayIn(3),
          scope: 'all',
        })
      ).json().code,
    ).toBe('event_not_periodic');

    // Deleting: one occurrence, then the following ones, then all.
    const del = (id: string, query: string) => call(h, ws.admin, 'DELETE', `/api/event/periodic_event/${id}?${query}`);
    const later = await occurrences(ws, monday, to);
    const mine = later.filter((o) => o._id === newSeries);
    const one = await del(newSeries, `all=false&occurrence=${mine[1].occurrence}`);
    expect(one.json().deleted).toEqual([{ _id: newSeries, occurrence: mine[1].occurrence }]);
    expect((await occurrences(ws, monday, to)).filter((o) => o._id === newSeries)).toHaveLength(5);
    const following = await del(newSeries, `following=true&occurrence=${mine[3].occurrence}`);
    expect(following.json().changed[0]).toMatchObject({ _id: newSeries });
    expect((await occurrences(ws, monday, to)).filter((o) => o._id === newSeries).map((o) => o.occurrence)).toEqual([
      mine[0].occurrence,
      mine[2].occurrence,
    ]);
    const all = await del(newSeries, 'all=true');
    expect(all.json().deleted).toEqual([{ _id: newSeries, occurrence: null }]);
    expect((await occurrences(ws, monday, to)).filter((o) => o._id === newSeries)).toEqual([]);
    expect((await del(single._id, 'all=true')).json().code).toBe('event_not_periodic');
  });
});

describe('iCal', () => {
  it('serves the personal feed and one event as RFC 5545 that ical.js reads back field by field', async () => {
    const ws = await makeWorkspace(h);
    const change = nextMarchChange();
    const first = mondayFrom(new Date(Date.parse(change) - 13 * DAY).toISOString().slice(0, 10));
    const series = (
      await weekly(
        ws,
        first,
        { period: 'week', count: 4 },
        {
          description: 'Agenda; status, risks\nand plans',
          place: 'Room 4, floor 2',
          link: 'https://meet.example/team',
          color: '#fa5252',
        },
      )
    ).json().result;
    const list = await occurrences(ws, first, new Date(Date.parse(first) + 40 * DAY).toISOString().slice(0, 10));
    // The third occurrence moves to 12:00, the fourth is cancelled.
    await call(h, ws.admin, 'PUT', `/api/event/periodic_event/${series._id}`, {
      name: 'Weekly team meeting (moved)',
      date: list[2].date,
      startTime: '12:00',
      endTime: '12:30',
      timeZone: 'Europe/Kyiv',
      members: [ws.employee.id],
      scope: 'this',
      occurrence: list[2].occurrence,
    });
    await call(h, ws.admin, 'DELETE', `/api/event/periodic_event/${series._id}?occurrence=${list[3].occurrence}`);
    await call(h, ws.employee, 'PUT', `/api/event/${series._id}/answer`, { answer: 'maybe' });
    const allDay = (
      await call(h, ws.admin, 'POST', '/api/event/', {
        name: 'Company offsite',
        date: dayIn(20),
        endDate: dayIn(21),
        allDay: true,
        members: [ws.employee.id],
      })
    ).json().result;

    const settings = (await call(h, ws.employee, 'GET', '/api/event/settings')).json().result;
    expect(settings.feedUrl).toMatch(
      new RegExp(`^http://hallway.test/api/calendar/feed/${ws.employee.id}/[A-Za-z0-9_-]{43}\\.ics$`),
    );
    const path = settings.feedUrl.replace('http://hallway.test', '');
    const res = await h.app.inject({ method: 'GET', url: path });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    expect(res.body.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);

    const calendar = new ICAL.Component(ICAL.parse(res.body));
    for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
    const vevents = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    const master = vevents.find((e) => e.uid === `${series._id}@hallway` && !e.isRecurrenceException())!;
    expect(master.summary).toBe('Weekly team meeting');
    expect(master.description).toBe('Agenda; status, risks\nand plans');
    expect(master.location).toBe('Room 4, floor 2');
    expect(master.component.getFirstPropertyValue('url')).toBe('https://meet.example/team');
    expect(master.component.getFirstPropertyValue('color')).toBe('#fa5252');
    expect(master.organizer).toBe(`mailto:${ws.admin.email}`);
    const attendees = master.attendees.map((a) => [a.getFirstValue(), a.getParameter('partstat')]);
    expect(attendees).toContainEqual([`mailto:${ws.employee.email}`, 'TENTATIVE']);
    expect(attendees).toContainEqual([`mailto:${ws.admin.email}`, 'ACCEPTED']);
    expect(master.startDate.zone.tzid).toBe('Europe/Kyiv');
    expect(master.startDate.toString()).toBe(`${first}T09:00:00`);
    expect(master.endDate.toString()).toBe(`${first}T09:30:00`);
    expect(master.isRecurring()).toBe(true);
    const exception = vevents.find((e) => e.isRecurrenceException())!;
    expect(exception.summary).toBe('Weekly team meeting (moved)');
    expect(exception.recurrenceId.toJSDate().toISOString()).toBe(list[2].occurrence);
    master.relateException(exception);

    // ical.js expands the rule in the zone: the same instants the API lists, the moved and cancelled ones applied.
    const iterator = master.iterator();
    const expanded: string[] = [];
    for (let next = iterator.next(); next; next = iterator.next()) {
      const details = master.getOccurrenceDetails(next);
      expanded.push(`${details.startDate.toJSDate().toISOString()} ${details.item.summary}`);
    }
    expect(expanded).toEqual([
      `${list[0].start} Weekly team meeting`,
      `${list[1].start} Weekly team meeting`,
      `${new Date(unfloat(floatOf(list[2].date, '12:00'), 'Europe/Kyiv')).toISOString()} Weekly team meeting (moved)`,
    ]);
    expect(list.map((o) => o.start.slice(11, 16))).toEqual(['07:00', '07:00', '06:00', '06:00']);

    const whole = vevents.find((e) => e.uid === `${allDay._id}@hallway`)!;
    expect(whole.startDate.isDate).toBe(true);
    expect(whole.startDate.toString()).toBe(dayIn(20));
    expect(whole.endDate.toString()).toBe(dayIn(22));

    // One event's download, and the token: another's or a regenerated one no longer works.
    const single = await call(h, ws.employee, 'GET', `/api/event/${allDay._id}/ics`);
    expect(single.headers['content-disposition']).toBe('attachment; filename="event.ics"');
    const only = new ICAL.Component(ICAL.parse(single.body)).getAllSubcomponents('vevent');
    expect(only.map((v) => new ICAL.Event(v).summary)).toEqual(['Company offsite']);
    const wrong = path.replace(/\/[A-Za-z0-9_-]{43}\.ics$/, `/${'A'.repeat(43)}.ics`);
    expect((await h.app.inject({ method: 'GET', url: wrong })).statusCode).toBe(404);
    const foreign = path.replace(ws.employee.id, ws.admin.id);
    expect((await h.app.inject({ method: 'GET', url: foreign })).statusCode).toBe(404);
    const renewed = (await call(h, ws.employee, 'POST', '/api/event/settings/feed')).json().result.feedUrl;
    expect(renewed).not.toBe(settings.feedUrl);
    expect((await h.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'GET', url: renewed.replace('http://hallway.test', '') })).statusCode).toBe(
      200,
    );
  });

  it('ends a series within ten years, and answers others while the longest ones are saved, downloaded and fed', {
    timeout: 300_000,
  }, async () => {
    const ws = await makeWorkspace(h);
    // The first of a month: a monthly series on it has every month (one on the 30th skips February).
    const now = new Date();
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1)).toISOString().slice(0, 10);
    const delay = monitorEventLoopDelay({ resolution: 20 });
    delay.enable();
    // Every 99 years, 730 times (both allowed one by one): 72,270 years, refused at once.
    const endless = await weekly(ws, date, { period: 'year', interval: 99, count: 730 });
    expect(endless.statusCode, endless.body).toBe(400);
    expect(endless.json().fields).toEqual({ 'repeat.count': 'repeat_too_long' });
    const beyond = await weekly(ws, date, { period: 'month', until: yearsAfter(date, 10).replace(/01$/, '02') });
    expect(beyond.json().fields).toEqual({ 'repeat.until': 'repeat_too_long' });
    expect((await weekly(ws, date, { period: 'year', count: 12 })).json().fields).toEqual({
      'repeat.count': 'repeat_too_long',
    });
    // Both ends given: the earlier one ends it, so a number beyond the years is fine before an end date.
    const both = await weekly(await makeWorkspace(h), date, { period: 'year', count: 20, until: yearsAfter(date, 2) });
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json().result.repeat).toMatchObject({ count: 20, until: yearsAfter(date, 2) });

    // The longest ones taken: ten years of months, 730 days of a week, eleven years.
    const longest = [
      { period: 'month', until: yearsAfter(date, 10) },
      { period: 'week', weekdays: ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'], count: 730 },
      { period: 'year', count: 11 },
    ];
    const series: { _id: string }[] = [];
    for (const repeat of longest) {
      const res = await weekly(ws, date, repeat);
      expect(res.statusCode, res.body).toBe(200);
      series.push(res.json().result);
    }
    // One saved before the limit, as long as the refused one: its downloads and the feed stay small too.
    await h.platform.database.query(
      `UPDATE events SET rrule = 'FREQ=YEARLY;INTERVAL=99;COUNT=730',
         repeat = '{"period":"year","interval":99,"weekdays":[],"until":null,"count":730}',
         last_end = ends_at + interval '72171 years' WHERE id = $1`,
      [series[2]._id],
    );
    const texts: string[] = [];
    for (const { _id } of series) {
      const ics = await call(h, ws.employee, 'GET', `/api/event/${_id}/ics`);
      expect(ics.statusCode).toBe(200);
      texts.push(ics.body);
    }
    const feedUrl = (await call(h, ws.employee, 'GET', '/api/event/settings')).json().result.feedUrl as string;
    for (let i = 0; i < 2; i++) {
      const feed = await h.app.inject({ method: 'GET', url: feedUrl.replace('http://hallway.test', '') });
      expect(feed.statusCode).toBe(200);
      expect(feed.body.match(/BEGIN:VEVENT/g)).toHaveLength(3);
    }
    delay.disable();
    // Generous for a loaded machine; saving and writing the longest series took 35–60 s at a stretch before.
    expect(delay.max / 1e6).toBeLessThan(2000);
    expect(Math.max(...texts.map((t) => t.length))).toBeLessThan(100_000);

    // A calendar reads the ten-year series at 09:00 Kyiv time to its last month, as the API lists it.
    const calendar = new ICAL.Component(ICAL.parse(texts[0]));
    for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
    const master = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    const starts: string[] = [];
    const iterator = master.iterator();
    for (let next = iterator.next(); next; next = iterator.next()) starts.push(next.toJSDate().toISOString());
    expect(starts).toHaveLength(121);
    const lastDay = yearsAfter(date, 10);
    const [last] = await occurrences(ws, lastDay, new Date(Date.parse(lastDay) + DAY).toISOString().slice(0, 10));
    expect(last).toMatchObject({ date: lastDay, startTime: '09:00' });
    expect(starts.at(-1)).toBe(last.start);
  });
});
