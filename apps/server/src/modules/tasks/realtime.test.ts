// Two people on one desk see each other's changes: after a change commits, the room `desk:{id}` (joined with
// `desk.subscribe` by those who read the desk) gets the card's and lanes' events; nobody else does.
import { beforeAll, describe, expect, it } from 'vitest';
import { type Harness, makeUser, makeWorkspace } from '../../test/harness.js';
import { next, record, useLiveServer } from '../../test/live.js';

const live = useLiveServer();
const { online, http } = live;
let h: Harness;
beforeAll(() => {
  h = live.h;
});

describe('desk realtime events', () => {
  it('tells the desk room of new cards, moves, edits, lanes and the finish, after they committed', async () => {
    const ws = await makeWorkspace(h);
    const outsider = await makeUser(h, ws.id, { firstName: 'Otto', lastName: 'Outside' });
    const desk = (await http(ws.admin, 'POST', '/api/task_tracker/desk', { name: 'Live', members: [ws.employee.id] }))
      .body.result;
    const [todo, doing] = desk.lanes;
    const watcher = await online(ws, ws.employee);
    expect(await watcher.timeout(30_000).emitWithAck('desk.subscribe', { desk_id: desk._id })).toEqual({
      result: true,
    });
    const other = await online(ws, outsider);
    expect(await other.timeout(30_000).emitWithAck('desk.subscribe', { desk_id: desk._id })).toMatchObject({
      code: 'desk_not_found',
    });
    const overheard = record(other, 'task.created');

    const created = next(watcher, 'task.created').then(async (payload) => {
      // The card can already be read: the event left after the commit.
      const seen = await http(ws.employee, 'GET', `/api/task/${payload.task}`);
      return { payload, seen };
    });
    const card = (await http(ws.admin, 'PUT', `/api/task_tracker/${desk._id}/${todo._id}/add_task`, { name: 'A' })).body
      .result;
    const { payload, seen } = await created;
    expect(payload).toEqual({ desk: desk._id, task: card._id, lane: todo._id });
    expect(seen.status).toBe(200);

    const moved = next(watcher, 'task.moved');
    await http(ws.admin, 'PUT', `/api/task_tracker/${desk._id}/move_task`, { task: card._id, lane: doing._id });
    expect(await moved).toMatchObject({ task: card._id, from: todo._id, lane: doing._id, version: 2 });

    const updated = next(watcher, 'task.updated');
    await http(ws.admin, 'PUT', `/api/task/${card._id}`, { version: 2, name: 'A2' });
    expect(await updated).toMatchObject({ task: card._id, version: 3 });

    const lanes = next(watcher, 'lane.changed');
    await http(ws.admin, 'POST', `/api/task_tracker/${desk._id}/lane`, { name: 'Review' });
    expect(await lanes).toEqual({ desk: desk._id });

    const finished = next(watcher, 'desk.updated');
    await http(ws.admin, 'PUT', `/api/task_tracker/${desk._id}/finish`);
    expect(await finished).toEqual({ desk: desk._id, status: 'finished' });

    // A refused change announces nothing: the next event is the restore's.
    const refused = record(watcher, 'task.created');
    const closed = await http(ws.admin, 'PUT', `/api/task_tracker/${desk._id}/${todo._id}/add_task`, { name: 'B' });
    expect(closed.status).toBe(409);
    const restored = next(watcher, 'desk.updated');
    await http(ws.admin, 'PUT', `/api/task_tracker/${desk._id}/restore`);
    expect(await restored).toEqual({ desk: desk._id, status: 'active' });
    expect(refused).toEqual([]);
    expect(overheard).toEqual([]);
  });
});
