// The plan date's job: the day before it the performer and co-performers hear that the task is due tomorrow, once
// it passed they and the author hear it is overdue; each notice once even when two processes run the job at once.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createHarness, type Harness, makeUser, makeWorkspace, type TestWorkspace } from '../../test/harness.js';
import { runTaskDeadlines } from './deadlines.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const silent = pino({ level: 'silent' });
const run = (at: string) => runTaskDeadlines(h.platform, h.app.services, silent, Date.parse(at));
/** Two processes' runs at once (they share the database, as another process would). */
const twice = (at: string) => Promise.all([run(at), run(at)]);

async function told(ws: TestWorkspace, code: string) {
  const { rows } = await h.platform.database.query(
    'SELECT recipients, vars FROM notification_events WHERE client_id = $1 AND code = $2 ORDER BY id',
    [ws.id, code],
  );
  return rows as { recipients: { ids: string[] }; vars: Record<string, unknown> }[];
}

describe('the plan date', () => {
  it('tells of a task due tomorrow, then overdue, each once, in the workspace’s time zone', async () => {
    const ws = await makeWorkspace(h, { settings: { timeZone: 'Asia/Tokyo' } });
    const co = await makeUser(h, ws.id, { firstName: 'Cora', lastName: 'Co' });
    const desk = (await call(h, ws.admin, 'POST', '/api/task_tracker/desk', { name: 'Dates' })).json().result;
    // A date far from today, so other tests' runs never reach it.
    const task = (
      await call(h, ws.admin, 'PUT', `/api/task_tracker/${desk._id}/${desk.lanes[0]._id}/add_task`, {
        name: 'File the report',
        performer: ws.employee.id,
        co_performers: [co.id],
        plan_date: '2031-06-10',
      })
    ).json().result;
    const done = (
      await call(h, ws.admin, 'PUT', `/api/task_tracker/${desk._id}/${desk.lanes[2]._id}/add_task`, {
        name: 'Already done',
        performer: ws.employee.id,
        plan_date: '2031-06-10',
      })
    ).json().result;
    expect(done.status).toBe('done');

    expect((await twice('2031-06-08T09:00:00Z')).map((r) => r.soon + r.overdue)).toEqual([0, 0]);
    // 16:00 UTC on the 8th is the 9th in Tokyo: the day before.
    const soon = await twice('2031-06-08T16:00:00Z');
    expect(soon.map((r) => r.soon).sort()).toEqual([0, 1]);
    await twice('2031-06-09T09:00:00Z');
    const dueSoon = await told(ws, 'tasks.due_soon');
    expect(dueSoon).toHaveLength(1);
    expect(dueSoon[0].recipients.ids.sort()).toEqual([ws.employee.id, co.id].sort());
    expect(dueSoon[0].vars).toMatchObject({ name: 'File the report', desk: 'Dates' });

    expect((await twice('2031-06-10T09:00:00Z')).map((r) => r.overdue)).toEqual([0, 0]);
    const overdue = await twice('2031-06-10T16:00:00Z');
    expect(overdue.map((r) => r.overdue).sort()).toEqual([0, 1]);
    await twice('2031-06-12T09:00:00Z');
    const late = await told(ws, 'tasks.overdue');
    expect(late).toHaveLength(1);
    expect(late[0].recipients.ids.sort()).toEqual([ws.employee.id, co.id, ws.admin.id].sort());

    // A new plan date is noticed again.
    const moved = await call(h, ws.admin, 'PUT', `/api/task/${task._id}`, { plan_date: '2031-07-01' });
    expect(moved.statusCode, moved.body).toBe(200);
    await twice('2031-06-30T09:00:00Z');
    expect(await told(ws, 'tasks.due_soon')).toHaveLength(2);
  });
});
