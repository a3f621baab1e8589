// A service's table (`GET api/bp/runned/{user_id}?bp=…`) with its filters, sort and paging, and its xlsx export.
import ExcelJS from 'exceljs';
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

interface Table {
  ws: TestWorkspace;
  service: { _id: string };
  second: TestUser;
  people: TestUser[];
  /** Request ids in the order they were made (oldest first). */
  made: string[];
}

/**
 * A two-step service with six requests started on six days of March 2026: two still at the first step, one at the
 * second, two done, one declined.
 */
async function table(): Promise<Table> {
  const ws = await makeWorkspace(h);
  const second = await makeUser(h, ws.id, { firstName: 'Sam', lastName: 'Second' });
  const people = [ws.employee, await makeUser(h, ws.id, { firstName: 'Ria', lastName: 'Requester' })];
  const group = (await call(h, ws.admin, 'POST', '/api/service_group', { name: 'Office' })).json().result._id;
  const res = await call(h, ws.admin, 'POST', '/api/bp', {
    name: 'Business trip',
    description: 'Travel for work',
    group,
    type: 'multi',
    days_limit: 5,
    fields: [
      { key: 'where', name: 'Destination', type: 'string', required: true },
      { key: 'who', name: 'Travellers', type: 'users' },
    ],
    steps: [
      { name: 'Approval', people: [ws.admin.id] },
      { name: 'Booking', people: [second.id] },
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
  const service = res.json().result;
  const made: string[] = [];
  const plan: ['first' | 'second' | 'done' | 'declined', TestUser][] = [
    ['first', people[0]],
    ['done', people[1]],
    ['declined', people[0]],
    ['second', people[1]],
    ['done', people[0]],
    ['first', people[1]],
  ];
  for (const [i, [state, who]] of plan.entries()) {
    const bp = (
      await call(h, who, 'POST', '/api/bp/start', {
        tmpl: service._id,
        fields: { where: `City ${i}`, ...(i === 1 ? { who: [second.id] } : {}) },
      })
    ).json().result;
    const [, approval, booking] = bp.steps.map((s: { _id: string }) => s._id);
    if (state !== 'first') {
      const decision = state === 'declined' ? { decision: 'decline', reason: 'No' } : { decision: 'accept' };
      await call(h, ws.admin, 'POST', `/api/bp/${bp._id}/pass_step`, { step_id: approval, ...decision });
    }
    if (state === 'done') {
      await call(h, second, 'POST', `/api/bp/${bp._id}/pass_step`, { step_id: booking, decision: 'accept' });
    }
    await h.platform.database.query('UPDATE service_requests SET created = $2 WHERE id = $1', [
      bp._id,
      `2026-03-0${i + 1}T10:00:00Z`,
    ]);
    made.push(bp._id);
  }
  return { ws, service, second, people, made };
}

describe('the table of a service', () => {
  let t: Table;
  beforeAll(async () => {
    t = await table();
  });
  const list = async (query: string, who: TestUser = t.ws.admin) => {
    const res = await call(h, who, 'GET', `/api/bp/runned/${who.id}?bp=${t.service._id}&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const ids = (page: { result: { _id: string }[] }) => page.result.map((r) => r._id);

  it('lists every request for its managers, newest first, with the form as columns', async () => {
    const page = await list('');
    expect(page).toMatchObject({ total: 6, offset: 0, limit: 50, can: { table: true } });
    expect(page.columns).toEqual([
      { key: 'where', name: 'Destination' },
      { key: 'who', name: 'Travellers' },
    ]);
    expect(ids(page)).toEqual([...t.made].reverse());
    const second = page.result.find((r: { _id: string }) => r._id === t.made[1]);
    expect(second).toMatchObject({ status: 'success', values: { where: 'City 1', who: 'Sam Second' } });
  });

  it('pages with offset and limit', async () => {
    const first = await list('limit=2&order=asc');
    const next = await list('limit=2&offset=2&order=asc');
    expect([...ids(first), ...ids(next)]).toEqual(t.made.slice(0, 4));
    expect(next).toMatchObject({ total: 6, offset: 2, limit: 2 });
    expect((await call(h, t.ws.admin, 'GET', `/api/bp/runned/${t.ws.admin.id}?limit=101`)).statusCode).toBe(400);
  });

  it('filters by status, finished, step, performer and the start’s days', async () => {
    expect(ids(await list('status=success&order=asc'))).toEqual([t.made[1], t.made[4]]);
    expect(ids(await list('status=rejected'))).toEqual([t.made[2]]);
    expect((await list('finished=1')).total).toBe(3);
    expect(ids(await list('finished=0&order=asc'))).toEqual([t.made[0], t.made[3], t.made[5]]);
    expect(ids(await list('step=2'))).toEqual([t.made[3]]);
    expect(ids(await list(`performer=${t.second.id}`))).toEqual([t.made[3]]);
    expect(ids(await list(`performer=${t.ws.admin.id}&order=asc`))).toEqual([t.made[0], t.made[5]]);
    expect(ids(await list('from=2026-03-02&to=2026-03-04&order=asc'))).toEqual(t.made.slice(1, 4));
    expect(ids(await list('status=active&from=2026-03-04'))).toEqual([t.made[5], t.made[3]]);
    expect((await list('from=2026-04-01')).total).toBe(0);
  });

  it('sorts by status, due date and finish', async () => {
    const byStatus = (await list('sort=status&order=asc')).result.map((r: { status: string }) => r.status);
    expect(byStatus).toEqual(['active', 'active', 'active', 'rejected', 'success', 'success']);
    const finished = await list('sort=finished&order=desc');
    // Running requests (no finish) last, whichever way.
    expect(finished.result.slice(3).every((r: { finished_at: string | null }) => r.finished_at === null)).toBe(true);
    expect((await list('sort=due')).total).toBe(6);
  });

  it('shows others only their own requests of the service, without the values', async () => {
    const own = await list('', t.people[1]);
    expect(own).toMatchObject({ total: 3, columns: [], can: { table: false } });
    expect(
      own.result.every(
        (r: { requester: { _id: string }; values?: unknown }) => r.requester._id === t.people[1].id && !r.values,
      ),
    ).toBe(true);
    // A performer's queue, and "my requests" across services.
    const queue = await call(h, t.second, 'GET', `/api/bp/runned/${t.second.id}?as=performer`);
    expect(ids(queue.json())).toEqual([t.made[3]]);
    const mine = await call(h, t.people[0], 'GET', `/api/bp/runned/${t.people[0].id}?sort=created&order=asc`);
    expect(ids(mine.json())).toEqual([t.made[0], t.made[2], t.made[4]]);
  });

  it('exports the table as an xlsx workbook with the same filters', async () => {
    const res = await call(h, t.ws.admin, 'GET', `/api/bp/${t.service._id}/excel?status=success&order=asc`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Requester',
      'Started',
      'Status',
      'Step',
      'Performers',
      'Due',
      'Finished',
      'Destination',
      'Travellers',
    ]);
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(2).getCell(1).value).toBe('Ria Requester');
    expect(sheet.getRow(2).getCell(3).value).toBe('Done');
    expect(sheet.getRow(2).getCell(8).value).toBe('City 1');
    expect(sheet.getRow(2).getCell(9).value).toBe('Sam Second');
    expect((await call(h, t.people[0], 'GET', `/api/bp/${t.service._id}/excel`)).statusCode).toBe(403);
  });
});
