// The days limit's job: reminders the day before and on the due date, the overdue notice, each sent once even when
// two processes run the job at the same moment.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createHarness, type Harness, makeUser, makeWorkspace, type TestWorkspace } from '../../test/harness.js';
import { runServiceDeadlines } from './deadlines.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const silent = pino({ level: 'silent' });
const run = (at: string) => runServiceDeadlines(h.platform, h.app.services, silent, Date.parse(at));
/** Two processes' runs at once (the second app of a process shares the database, as another process would). */
const twice = (at: string) => Promise.all([run(at), run(at)]);

async function told(ws: TestWorkspace, code: string) {
  const { rows } = await h.platform.database.query(
    'SELECT recipients, vars FROM notification_events WHERE client_id = $1 AND code = $2 ORDER BY id',
    [ws.id, code],
  );
  return rows as { recipients: { ids: string[] }; vars: Record<string, unknown> }[];
}

async function setUp(zone: string) {
  const ws = await makeWorkspace(h, { settings: { timeZone: zone } });
  const head = await makeUser(h, ws.id, { firstName: 'Hedda', lastName: 'Head' });
  const trees = (await call(h, ws.admin, 'GET', `/api/structure/byClient/${ws.id}`)).json().result;
  const dept = (await call(h, ws.admin, 'POST', '/api/structure', { parent: trees[0].root._id, name: 'Office' })).json()
    .result._id;
  await call(h, ws.admin, 'PUT', '/api/dept_users', { dept_id: dept, users: [head.id], head: head.id });
  const group = (await call(h, ws.admin, 'POST', '/api/service_group', { name: 'Office' })).json().result._id;
  const service = (
    await call(h, ws.admin, 'POST', '/api/bp', {
      name: 'Office supplies',
      description: 'Paper and pens',
      group,
      department_id: dept,
      days_limit: 3,
      steps: [{ name: 'Handling', people: [ws.admin.id] }],
    })
  ).json().result;
  const bp = (await call(h, ws.employee, 'POST', '/api/bp/start', { tmpl: service._id })).json().result;
  expect(bp.due_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  // A due date far from today, so the job's other runs (tests in parallel) never reach it.
  await h.platform.database.query("UPDATE service_requests SET due_date = '2030-06-10' WHERE id = $1", [bp._id]);
  return { ws, head, bp };
}

describe('the days limit', () => {
  it('reminds the performers the day before and on the day, then tells the head once overdue, each once', async () => {
    const { ws, head, bp } = await setUp('UTC');
    const early = await twice('2030-06-08T09:00:00Z');
    expect(early.map((r) => r.before + r.due + r.overdue)).toEqual([0, 0]);
    expect(await told(ws, 'services.due_soon')).toEqual([]);

    const before = await twice('2030-06-09T09:00:00Z');
    expect(before.map((r) => r.before).sort()).toEqual([0, 1]);
    await run('2030-06-09T18:00:00Z');
    const soon = await told(ws, 'services.due_soon');
    expect(soon).toHaveLength(1);
    expect(soon[0]).toMatchObject({
      recipients: { ids: [ws.admin.id] },
      vars: { name: 'Office supplies', step: 'Handling', due: { day: '2030-06-10' } },
    });

    await twice('2030-06-10T07:00:00Z');
    await run('2030-06-10T22:00:00Z');
    expect(await told(ws, 'services.due_today')).toHaveLength(1);
    const page = (await call(h, ws.employee, 'GET', `/api/bp/${bp._id}`)).json().result;
    expect(page.due_date).toBe('2030-06-10');

    const late = await twice('2030-06-11T07:00:00Z');
    expect(late.map((r) => r.overdue).sort()).toEqual([0, 1]);
    await run('2030-06-12T07:00:00Z');
    const overdue = await told(ws, 'services.overdue');
    expect(overdue).toHaveLength(1);
    expect(overdue[0]).toMatchObject({ recipients: { ids: [head.id] }, vars: { requester: 'Eve Employee' } });
  });

  it('counts days in the workspace’s time zone, and stops with the request', async () => {
    const { ws, bp } = await setUp('Pacific/Auckland');
    // 13:00 UTC on 9 June is already 10 June in Auckland: the due day's reminder, not the day before's.
    await run('2030-06-09T13:00:00Z');
    expect(await told(ws, 'services.due_soon')).toEqual([]);
    expect(await told(ws, 'services.due_today')).toHaveLength(1);
    const step = bp.steps[1]._id;
    expect(
      (await call(h, ws.admin, 'POST', `/api/bp/${bp._id}/pass_step`, { step_id: step, decision: 'accept' }))
        .statusCode,
    ).toBe(200);
    await run('2030-06-12T07:00:00Z');
    expect(await told(ws, 'services.overdue')).toEqual([]);
  });
});
