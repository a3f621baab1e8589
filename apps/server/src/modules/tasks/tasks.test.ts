// Desks, lanes and cards through HTTP: happy paths, the "Bad input" (a card to another desk's lane, editing
// a desk one is not a member of, a period ending before it starts, another workspace's ids), access, the version
// conflict, moves that need confirmation, finish and restore, comments with parent `task`, history, notifications.
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

async function desk(ws: TestWorkspace, body: Record<string, unknown> = {}, who: TestUser = ws.admin) {
  const res = await call(h, who, 'POST', '/api/task_tracker/desk', { name: 'Launch', ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result;
}

async function card(ws: TestWorkspace, deskId: string, laneId: string, body: Record<string, unknown> = {}) {
  const res = await call(h, ws.admin, 'PUT', `/api/task_tracker/${deskId}/${laneId}/add_task`, {
    name: 'Print the flyers',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result;
}

const getDesk = async (who: TestUser, id: string) => call(h, who, 'GET', `/api/task_tracker/${id}`);
const laneNames = (d: { lanes: { name: string; tasks: { name: string }[] }[] }) =>
  d.lanes.map((l) => `${l.name}: ${l.tasks.map((t) => t.name).join(', ')}`);

async function told(ws: TestWorkspace, code: string) {
  const { rows } = await h.platform.database.query(
    'SELECT recipients, vars FROM notification_events WHERE client_id = $1 AND code = $2 ORDER BY id',
    [ws.id, code],
  );
  return rows as { recipients: { ids: string[] }; vars: Record<string, unknown> }[];
}

describe('desks', () => {
  it('creates from the template or empty, lists mine, shared and by project, and reads the kanban', async () => {
    const ws = await makeWorkspace(h);
    const made = await desk(ws, { members: [ws.employee.id], description: 'Spring fair', background: '#e7f5ff' });
    expect(made).toMatchObject({
      name: 'Launch',
      type: 'active',
      status: 'active',
      owner: { _id: ws.admin.id },
      members: [{ _id: ws.employee.id }],
      can: { edit: true, delete: true, finish: true, restore: false, lanes: true, create_task: true },
    });
    expect(made.lanes.map((l: { name: string; done: boolean }) => [l.name, l.done])).toEqual([
      ['To do', false],
      ['In progress', false],
      ['Done', true],
    ]);
    const empty = await desk(ws, { name: 'Scratch', template: 'empty' });
    expect(empty.lanes.map((l: { name: string }) => l.name)).toEqual(['To do']);

    const mine = (await call(h, ws.admin, 'GET', '/api/task_tracker/desks?list=mine')).json();
    expect(mine.result.map((d: { name: string }) => d.name)).toEqual(['Scratch', 'Launch']);
    expect(mine).toMatchObject({ total: 2, can: { create: true } });
    const shared = (await call(h, ws.employee, 'GET', '/api/task_tracker/desks?list=shared')).json();
    expect(shared.result.map((d: { name: string }) => d.name)).toEqual(['Launch']);
    expect(shared.result[0].can).toMatchObject({ edit: false, comment: true });
    const paged = (await call(h, ws.admin, 'GET', '/api/task_tracker/desks?list=mine&limit=1&offset=1')).json();
    expect(paged.result.map((d: { name: string }) => d.name)).toEqual(['Launch']);

    const asMember = await getDesk(ws.employee, made._id);
    expect(asMember.statusCode, asMember.body).toBe(200);
    expect(asMember.json().result.can).toMatchObject({ edit: false, create_task: false, comment: true });
  });

  it('keeps hidden desks from members, shows open desks to everyone, closed desks read-only', async () => {
    const ws = await makeWorkspace(h);
    const stranger = await makeUser(h, ws.id, { firstName: 'Sam', lastName: 'Stranger' });
    const hidden = await desk(ws, { name: 'Hidden', type: 'hidden', members: [ws.employee.id] });
    const open = await desk(ws, { name: 'Open', type: 'open' });
    expect((await getDesk(ws.employee, hidden._id)).statusCode).toBe(404);
    expect((await getDesk(stranger, open._id)).statusCode).toBe(200);
    const shared = (await call(h, stranger, 'GET', '/api/task_tracker/desks?list=shared')).json();
    expect(shared.result.map((d: { name: string }) => d.name)).toEqual(['Open']);

    const closed = await desk(ws, { name: 'Closed', type: 'closed', members: [ws.employee.id] });
    expect((await getDesk(ws.employee, closed._id)).statusCode).toBe(200);
    const refused = await call(h, ws.admin, 'PUT', `/api/task_tracker/${closed._id}/${closed.lanes[0]._id}/add_task`, {
      name: 'x',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('desk_closed');
  });

  it('refuses editing a desk to a member and to a stranger, creating one without desk_add, all without the right', async () => {
    const ws = await makeWorkspace(h);
    const made = await desk(ws, { members: [ws.employee.id] });
    const member = await call(h, ws.employee, 'PUT', `/api/task_tracker/${made._id}`, { name: 'Mine now' });
    expect(member.statusCode).toBe(403);
    const stranger = await makeUser(h, ws.id);
    const notMember = await call(h, stranger, 'PUT', `/api/task_tracker/${made._id}`, { name: 'Mine now' });
    expect(notMember.statusCode).toBe(404);
    expect(notMember.json().code).toBe('desk_not_found');
    const noAdd = await makeUser(h, ws.id, { rights: { desk_add: false } });
    const refused = await call(h, noAdd, 'POST', '/api/task_tracker/desk', { name: 'Nope' });
    expect(refused.statusCode).toBe(403);
    const noRight = await makeUser(h, ws.id, { rights: { task_tracker: false } });
    expect((await call(h, noRight, 'GET', '/api/task_tracker/desks')).statusCode).toBe(403);
    expect((await getDesk(ws.employee, made._id)).json().result.name).toBe('Launch');
  });

  it('changes settings and people, links a project, and deletes', async () => {
    const ws = await makeWorkspace(h);
    const helper = await makeUser(h, ws.id, { firstName: 'Hal', lastName: 'Helper' });
    const made = await desk(ws);
    const project = await call(h, ws.admin, 'POST', '/api/project', { name: 'Fair', description: 'Spring fair' });
    expect(project.statusCode, project.body).toBe(200);
    const projectId = project.json().result._id;
    const changed = await call(h, ws.admin, 'PUT', `/api/task_tracker/${made._id}`, {
      name: 'Launch 2',
      type: 'open',
      admins: [helper.id],
      members: [ws.employee.id],
      project: projectId,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().result).toMatchObject({
      name: 'Launch 2',
      type: 'open',
      project: projectId,
      admins: [{ _id: helper.id }],
    });
    const byProject = (
      await call(h, ws.admin, 'GET', `/api/task_tracker/desks?list=project&project=${projectId}`)
    ).json();
    expect(byProject.result.map((d: { _id: string }) => d._id)).toEqual([made._id]);
    // The desk's administrator manages it now.
    expect((await getDesk(helper, made._id)).json().result.can.edit).toBe(true);
    const other = await makeWorkspace(h);
    const foreign = await call(h, ws.admin, 'PUT', `/api/task_tracker/${made._id}`, { members: [other.employee.id] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields).toEqual({ members: 'user_not_found' });

    expect((await call(h, helper, 'DELETE', `/api/task_tracker/${made._id}`)).statusCode).toBe(403);
    expect((await call(h, ws.admin, 'DELETE', `/api/task_tracker/${made._id}`)).json().result).toBe(true);
    expect((await getDesk(ws.admin, made._id)).statusCode).toBe(404);
  });

  it('finishes a desk with all its tasks in one go and restores exactly those', async () => {
    const ws = await makeWorkspace(h);
    const made = await desk(ws);
    const [todo, , done] = made.lanes;
    await card(ws, made._id, todo._id, { name: 'A' });
    await card(ws, made._id, todo._id, { name: 'B' });
    await card(ws, made._id, done._id, { name: 'C' });
    const finished = await call(h, ws.admin, 'PUT', `/api/task_tracker/${made._id}/finish`);
    expect(finished.statusCode, finished.body).toBe(200);
    expect(finished.json().result).toMatchObject({ status: 'finished', tasks: { open: 0, total: 3 } });
    expect(finished.json().result.can).toMatchObject({ finish: false, restore: true, create_task: false });
    const refused = await call(h, ws.admin, 'PUT', `/api/task_tracker/${made._id}/${todo._id}/add_task`, { name: 'D' });
    expect(refused.json().code).toBe('desk_finished');
    const restored = await call(h, ws.admin, 'PUT', `/api/task_tracker/${made._id}/restore`);
    expect(restored.json().result).toMatchObject({ status: 'active', tasks: { open: 2, total: 3 } });
    const member = await makeUser(h, ws.id);
    expect((await call(h, member, 'PUT', `/api/task_tracker/${made._id}/finish`)).statusCode).toBe(404);
  });
});

describe('lanes', () => {
  it('adds, renames, reorders and deletes a lane moving its cards where the person chooses', async () => {
    const ws = await makeWorkspace(h);
    const made = await desk(ws);
    const [todo, doing, done] = made.lanes;
    const added = await call(h, ws.admin, 'POST', `/api/task_tracker/${made._id}/lane`, { name: 'Review' });
    expect(added.statusCode, added.body).toBe(200);
    const review = added.json().result.lanes[3];
    const renamed = await call(h, ws.admin, 'PUT', `/api/task_tracker/${made._id}/lane/${review._id}`, {
      name: 'Check',
    });
    expect(renamed.json().result.lanes[3].name).toBe('Check');
    const ordered = await call(h, ws.admin, 'PUT', `/api/task_tracker/${made._id}/lanes`, {
      lanes: [todo._id, doing._id, review._id],
    });
    expect(ordered.json().result.lanes.map((l: { name: string }) => l.name)).toEqual([
      'To do',
      'In progress',
      'Check',
      'Done',
    ]);
    await card(ws, made._id, review._id, { name: 'A' });
    await card(ws, made._id, review._id, { name: 'B' });
    await card(ws, made._id, todo._id, { name: 'C' });
    const self = await call(
      h,
      ws.admin,
      'DELETE',
      `/api/task_tracker/${made._id}/lane/${review._id}?move_to=${review._id}`,
    );
    expect(self.json().code).toBe('lane_move_to_invalid');
    const removed = await call(
      h,
      ws.admin,
      'DELETE',
      `/api/task_tracker/${made._id}/lane/${review._id}?move_to=${todo._id}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(laneNames(removed.json().result)).toEqual(['To do: C, A, B', 'In progress: ', 'Done: ']);
    expect(removed.json().result.lanes.map((l: { order: number }) => l.order)).toEqual([0, 1, 2]);
    const other = await desk(ws, { name: 'Other' });
    const foreign = await call(
      h,
      ws.admin,
      'DELETE',
      `/api/task_tracker/${made._id}/lane/${doing._id}?move_to=${other.lanes[0]._id}`,
    );
    expect(foreign.json().code).toBe('lane_move_to_invalid');
    const badOrder = await call(h, ws.admin, 'PUT', `/api/task_tracker/${made._id}/lanes`, {
      lanes: [other.lanes[0]._id],
    });
    expect(badOrder.json().code).toBe('lane_order_invalid');
    expect(done._id).toBeTruthy();
  });
});

describe('tasks', () => {
  it('creates a card with every field, reads it with its history, and tells the people', async () => {
    const ws = await makeWorkspace(h);
    const co = await makeUser(h, ws.id, { firstName: 'Cora', lastName: 'Co' });
    const watcher = await makeUser(h, ws.id, { firstName: 'Walt', lastName: 'Watcher' });
    const made = await desk(ws, { members: [ws.employee.id, co.id, watcher.id] });
    const created = await card(ws, made._id, made.lanes[0]._id, {
      description: 'Two thousand copies',
      performer: ws.employee.id,
      co_performers: [co.id],
      observers: [watcher.id],
      plan_date: '2030-03-01',
      plan_hours: 4,
      actual_hours: 1.5,
      period_start: '2030-02-20',
      period_end: '2030-03-01',
      priority: 'high',
      checklist: [
        { text: 'Proofread', done: true },
        { text: 'Order paper', done: false },
      ],
      tags: ['print', 'print', 'fair'],
      color: '#fff3bf',
      border_color: '#fa5252',
    });
    expect(created).toMatchObject({
      name: 'Print the flyers',
      status: 'open',
      performer: { _id: ws.employee.id },
      co_performers: [{ _id: co.id }],
      observers: [{ _id: watcher.id }],
      owner: { _id: ws.admin.id },
      plan_hours: 4,
      actual_hours: 1.5,
      priority: 'high',
      progress: { done: 1, total: 2 },
      tags: ['print', 'fair'],
      version: 1,
      history: [{ action: 'created', author: { _id: ws.admin.id } }],
      can: { edit: true, move: true, delete: true, comment: true },
    });
    expect((await told(ws, 'tasks.assigned'))[0].recipients.ids.sort()).toEqual([ws.employee.id, co.id].sort());

    const asPerformer = (await call(h, ws.employee, 'GET', `/api/task/${created._id}`)).json().result;
    expect(asPerformer.can).toMatchObject({ edit: true, move: true, delete: false });
    const asWatcher = (await call(h, watcher, 'GET', `/api/task/${created._id}`)).json().result;
    expect(asWatcher.can).toMatchObject({ edit: false, move: false, comment: true });

    const viaPost = await call(h, ws.admin, 'POST', '/api/task', { desk: made._id, name: 'Book the hall' });
    expect(viaPost.statusCode, viaPost.body).toBe(200);
    expect(viaPost.json().result.lane).toBe(made.lanes[0]._id);
    const board = (await getDesk(ws.admin, made._id)).json().result;
    expect(laneNames(board)[0]).toBe('To do: Print the flyers, Book the hall');
    expect(board.lanes[0].tasks[0]).toMatchObject({ progress: { done: 1, total: 2 }, files: 0, version: 1 });
  });

  it('edits with the version read: a stale one is 409 and writes nothing; history and observers follow', async () => {
    const ws = await makeWorkspace(h);
    const watcher = await makeUser(h, ws.id, { firstName: 'Walt', lastName: 'Watcher' });
    const made = await desk(ws, { members: [ws.employee.id, watcher.id] });
    const created = await card(ws, made._id, made.lanes[0]._id, { observers: [watcher.id] });
    const first = await call(h, ws.admin, 'PUT', `/api/task/${created._id}`, {
      version: 1,
      name: 'Print 3000 flyers',
      performer: ws.employee.id,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().result).toMatchObject({ version: 2, name: 'Print 3000 flyers' });
    const stale = await call(
      h,
      ws.employee,
      'PUT',
      `/api/task/${created._id}`,
      { version: 1, name: 'Mine' },
      {
        'accept-language': 'ru',
      },
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'task_version_conflict', params: { version: 2 } });
    const read = (await call(h, ws.admin, 'GET', `/api/task/${created._id}`)).json().result;
    expect(read).toMatchObject({ name: 'Print 3000 flyers', version: 2 });
    expect(read.history.map((e: { action: string }) => e.action)).toEqual(['updated', 'created']);
    expect(read.history[0].changes).toEqual({
      name: { from: 'Print the flyers', to: 'Print 3000 flyers' },
      performer: { from: null, to: ws.employee.id },
    });
    const changed = await told(ws, 'tasks.changed');
    expect(changed).toHaveLength(1);
    expect(changed[0].recipients.ids).toEqual([watcher.id]);
    expect((await told(ws, 'tasks.assigned')).map((n) => n.recipients.ids)).toEqual([[ws.employee.id]]);
  });

  it('refuses a period ending before it starts, bad colours and hours, and other workspaces’ ids', async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    const made = await desk(ws);
    const lane = made.lanes[0]._id;
    const period = await call(h, ws.admin, 'PUT', `/api/task_tracker/${made._id}/${lane}/add_task`, {
      name: 'x',
      period_start: '2030-03-02',
      period_end: '2030-03-01',
    });
    expect(period.statusCode).toBe(400);
    expect(period.json()).toMatchObject({ code: 'task_period_invalid', fields: { period_end: 'task_period_invalid' } });
    const created = await card(ws, made._id, lane, { period_start: '2030-03-02' });
    const later = await call(h, ws.admin, 'PUT', `/api/task/${created._id}`, { period_end: '2030-03-01' });
    expect(later.json().code).toBe('task_period_invalid');
    const colour = await call(h, ws.admin, 'PUT', `/api/task/${created._id}`, { color: 'red' });
    expect(colour.statusCode).toBe(400);
    const hours = await call(h, ws.admin, 'PUT', `/api/task/${created._id}`, { plan_hours: -1 });
    expect(hours.statusCode).toBe(400);

    const theirs = await desk(other);
    const theirCard = await card(other, theirs._id, theirs.lanes[0]._id);
    for (const url of [`/api/task/${theirCard._id}`, `/api/task_tracker/${theirs._id}`]) {
      const res = await call(h, ws.admin, 'GET', url);
      expect(res.statusCode).toBe(404);
    }
    const toTheirLane = await call(
      h,
      ws.admin,
      'PUT',
      `/api/task_tracker/${made._id}/${theirs.lanes[0]._id}/add_task`,
      {
        name: 'x',
      },
    );
    expect(toTheirLane.statusCode).toBe(404);
    const theirPerson = await call(h, ws.admin, 'PUT', `/api/task/${created._id}`, { performer: other.employee.id });
    expect(theirPerson.json().fields).toEqual({ performer: 'user_not_found' });
    const upload = await call(h, other.admin, 'GET', `/api/task/${theirCard._id}`);
    expect(upload.statusCode).toBe(200);
    const theirFile = await call(h, ws.admin, 'PUT', `/api/task/${created._id}`, {
      files: ['0190c0de-0000-7000-8000-000000000000'],
    });
    expect(theirFile.statusCode).toBe(404);
    const unchanged = (await call(h, ws.admin, 'GET', `/api/task/${created._id}`)).json().result;
    expect(unchanged).toMatchObject({ version: 1, period_end: null, color: null, performer: null });
  });

  it('moves within and across lanes, asks to confirm a move into or out of a done lane, refuses other desks', async () => {
    const ws = await makeWorkspace(h);
    const made = await desk(ws, { members: [ws.employee.id] });
    const [todo, doing, done] = made.lanes;
    const a = await card(ws, made._id, todo._id, { name: 'A' });
    const b = await card(ws, made._id, todo._id, { name: 'B' });
    const c = await card(ws, made._id, todo._id, { name: 'C' });
    const move = (body: Record<string, unknown>, who: TestUser = ws.admin) =>
      call(h, who, 'PUT', `/api/task_tracker/${made._id}/move_task`, body);

    expect((await move({ task: c._id, lane: todo._id, before: a._id })).statusCode).toBe(200);
    expect((await move({ task: a._id, lane: doing._id })).json().result).toMatchObject({ lane: doing._id, version: 2 });
    expect((await move({ task: b._id, lane: doing._id, after: a._id })).statusCode).toBe(200);
    expect(laneNames((await getDesk(ws.admin, made._id)).json().result)).toEqual([
      'To do: C',
      'In progress: A, B',
      'Done: ',
    ]);

    const ask = await move({ task: a._id, lane: done._id });
    expect(ask.statusCode).toBe(409);
    expect(ask.json()).toMatchObject({ code: 'task_move_confirm_finish', params: { lane: 'Done' } });
    const confirmed = await move({ task: a._id, lane: done._id, confirm: true });
    expect(confirmed.json().result).toMatchObject({ status: 'done' });
    expect((await move({ task: a._id, lane: todo._id })).json().code).toBe('task_move_confirm_reopen');
    const history = (await call(h, ws.admin, 'GET', `/api/task/${a._id}`)).json().result.history;
    expect(history[0]).toMatchObject({
      action: 'moved',
      changes: { lane: { from: 'In progress', to: 'Done' }, status: { from: 'open', to: 'done' } },
    });

    const other = await desk(ws, { name: 'Other' });
    const across = await move({ task: c._id, lane: other.lanes[0]._id });
    expect(across.statusCode).toBe(400);
    expect(across.json().code).toBe('lane_other_desk');
    const neighbour = await move({ task: c._id, lane: doing._id, before: c._id });
    expect(neighbour.json().code).toBe('task_neighbour_invalid');
    const member = await move({ task: c._id, lane: doing._id }, ws.employee);
    expect(member.statusCode).toBe(403);
    expect(laneNames((await getDesk(ws.admin, made._id)).json().result)).toEqual([
      'To do: C',
      'In progress: B',
      'Done: A',
    ]);
  });

  it('renumbers a lane whose gap ran out, in the same move, keeping its order', async () => {
    const ws = await makeWorkspace(h);
    const made = await desk(ws);
    const lane = made.lanes[0]._id;
    const a = await card(ws, made._id, lane, { name: 'A' });
    const b = await card(ws, made._id, lane, { name: 'B' });
    const c = await card(ws, made._id, lane, { name: 'C' });
    await h.platform.database.query('UPDATE tasks SET rank = 10 WHERE id = $1', [a._id]);
    await h.platform.database.query('UPDATE tasks SET rank = 11 WHERE id = $1', [b._id]);
    const moved = await call(h, ws.admin, 'PUT', `/api/task_tracker/${made._id}/move_task`, {
      task: c._id,
      lane,
      before: b._id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(laneNames((await getDesk(ws.admin, made._id)).json().result)[0]).toBe('To do: A, C, B');
    const { rows } = await h.platform.database.query(
      'SELECT rank::text AS r FROM tasks WHERE lane_id = $1 ORDER BY tasks.rank',
      [lane],
    );
    expect(new Set(rows.map((r) => r.r)).size).toBe(3);
  });

  it('finishes, reopens and deletes a card', async () => {
    const ws = await makeWorkspace(h);
    const made = await desk(ws, { members: [ws.employee.id] });
    const created = await card(ws, made._id, made.lanes[0]._id);
    const finished = await call(h, ws.admin, 'PUT', `/api/task/${created._id}/finish`);
    expect(finished.json().result).toMatchObject({ status: 'done', version: 2 });
    expect(finished.json().result.finished_at).toBeTruthy();
    const reopened = await call(h, ws.admin, 'PUT', `/api/task/${created._id}/reopen`);
    expect(reopened.json().result).toMatchObject({ status: 'open', finished_at: null });
    expect((await call(h, ws.employee, 'DELETE', `/api/task/${created._id}`)).statusCode).toBe(403);
    expect((await call(h, ws.admin, 'DELETE', `/api/task/${created._id}`)).json().result).toBe(true);
    expect((await call(h, ws.admin, 'GET', `/api/task/${created._id}`)).statusCode).toBe(404);
  });

  it('takes comments with parent task from those who read the desk and tells the card’s people', async () => {
    const ws = await makeWorkspace(h);
    const watcher = await makeUser(h, ws.id, { firstName: 'Walt', lastName: 'Watcher' });
    const stranger = await makeUser(h, ws.id);
    const made = await desk(ws, { members: [ws.employee.id, watcher.id] });
    const created = await card(ws, made._id, made.lanes[0]._id, {
      performer: ws.employee.id,
      observers: [watcher.id],
    });
    const comment = await call(h, ws.employee, 'POST', '/api/comment', {
      parent: { type: 'task', id: created._id },
      text: 'Printed half of them',
    });
    expect(comment.statusCode, comment.body).toBe(200);
    const notices = await told(ws, 'tasks.comment');
    expect(notices.at(-1)!.recipients.ids.sort()).toEqual([ws.admin.id, watcher.id].sort());
    const mention = await call(h, ws.employee, 'POST', '/api/comment', {
      parent: { type: 'task', id: created._id },
      text: 'Walt, can you check?',
      mentions: [watcher.id],
    });
    expect(mention.statusCode, mention.body).toBe(200);
    expect((await told(ws, 'tasks.mentioned')).map((n) => n.recipients.ids)).toEqual([[watcher.id]]);
    expect((await told(ws, 'tasks.comment')).at(-1)!.recipients.ids).toEqual([ws.admin.id]);
    // The card's answer carries its thread, newest first (modules §3: comments added at the front).
    const read = (await call(h, watcher, 'GET', `/api/task/${created._id}`)).json().result;
    expect(read.comments.map((c: { text: string }) => c.text)).toEqual([
      'Walt, can you check?',
      'Printed half of them',
    ]);
    const described = await call(h, ws.admin, 'PUT', `/api/task/${created._id}`, { mentions: [ws.employee.id] });
    expect(described.statusCode, described.body).toBe(200);
    expect((await told(ws, 'tasks.mentioned')).at(-1)!.recipients.ids).toEqual([ws.employee.id]);
    const refused = await call(h, stranger, 'POST', '/api/comment', {
      parent: { type: 'task', id: created._id },
      text: 'Hi',
    });
    expect(refused.statusCode).toBe(404);
  });
});
