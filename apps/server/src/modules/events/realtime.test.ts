import { beforeAll, describe, expect, it } from 'vitest';
import { type Harness, makeUser, makeWorkspace } from '../../test/harness.js';
import { next, record, useLiveServer } from '../../test/live.js';

const live = useLiveServer();
const { online, http } = live;
let h: Harness;
beforeAll(() => {
  h = live.h;
});

const DAY = 86_400_000;
const dayIn = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
const body = (members: string[], extra: Record<string, unknown> = {}) => ({
  name: 'Quarterly planning',
  date: dayIn(3),
  startTime: '10:00',
  endTime: '11:00',
  timeZone: 'UTC',
  members,
  ...extra,
});

describe('calendar realtime', () => {
  it("sends event.changed to the members' and the organizer's rooms after each write, never to others", async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    const bystander = await makeUser(h, ws.id);
    const member = await online(ws, ws.employee);
    const organizer = await online(ws, ws.admin);
    const outside = await online(ws, bystander);
    const stranger = await online(other, other.employee);
    const outsideSeen = record(outside, 'event.changed');
    const strangerSeen = record(stranger, 'event.changed');

    const invited = next(member, 'event.changed');
    const created = await http(ws.admin, 'POST', '/api/event/', body([ws.employee.id]));
    expect(created.status).toBe(200);
    const id = created.body.result._id;
    expect(await invited).toEqual({ _id: id });

    // The organizer's other tabs hear of their own edit; the member too.
    const [moved, movedHere] = [next(member, 'event.changed'), next(organizer, 'event.changed')];
    expect(
      (
        await http(
          ws.admin,
          'PUT',
          `/api/event/${id}`,
          body([ws.employee.id], { startTime: '12:00', endTime: '13:00' }),
        )
      ).status,
    ).toBe(200);
    expect(await moved).toEqual({ _id: id });
    expect(await movedHere).toEqual({ _id: id });

    // An answer reaches the organizer.
    const answered = next(organizer, 'event.changed');
    expect((await http(ws.employee, 'PUT', `/api/event/${id}/answer`, { answer: 'accept' })).status).toBe(200);
    expect(await answered).toEqual({ _id: id });

    // A member removed by an edit still hears of it (the event leaves their calendar); the one added hears too.
    const [removed, added] = [next(member, 'event.changed'), next(outside, 'event.changed')];
    expect(
      (await http(ws.admin, 'PUT', `/api/event/${id}`, body([bystander.id], { startTime: '12:00', endTime: '13:00' })))
        .status,
    ).toBe(200);
    expect(await removed).toEqual({ _id: id });
    expect(await added).toEqual({ _id: id });
    const deleted = next(outside, 'event.changed');
    expect((await http(ws.admin, 'DELETE', `/api/event/${id}`)).status).toBe(200);
    expect(await deleted).toEqual({ _id: id });
    // The bystander heard only once they were a member; the other workspace never.
    expect(outsideSeen).toHaveLength(2);
    expect(strangerSeen).toEqual([]);
  });

  it('a periodic change reaches the members of the series', async () => {
    const ws = await makeWorkspace(h);
    const series = (
      await http(ws.admin, 'POST', '/api/event/periodic_event', {
        ...body([ws.employee.id]),
        repeat: { period: 'day', count: 3 },
      })
    ).body.result;
    const member = await online(ws, ws.employee);
    const heard = next(member, 'event.changed');
    const second = new Date(Date.parse(series.start) + DAY).toISOString();
    const res = await http(
      ws.admin,
      'DELETE',
      `/api/event/periodic_event/${series._id}?all=false&occurrence=${encodeURIComponent(second)}`,
    );
    expect(res.status).toBe(200);
    expect(await heard).toEqual({ _id: series._id });
  });
});
