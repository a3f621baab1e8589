// The table view of a desk (`GET api/task_tracker/{desk_id}/table`) with its filters, sort and paging, and its xlsx
// export with the same filters.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createHarness, type Harness, makeUser, makeWorkspace, type TestWorkspace } from '../../test/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

interface Board {
  ws: TestWorkspace;
  desk: { _id: string; lanes: { _id: string }[] };
  performer: string;
}

async function board(): Promise<Board> {
  const ws = await makeWorkspace(h);
  const performer = (await makeUser(h, ws.id, { firstName: 'Pat', lastName: 'Performer' })).id;
  const desk = (
    await call(h, ws.admin, 'POST', '/api/task_tracker/desk', { name: 'Table', members: [ws.employee.id] })
  ).json().result;
  const cards = [
    { name: 'Alpha', lane: 0, priority: 'low', plan_date: '2030-01-05', tags: ['web'], performer },
    { name: 'Bravo', lane: 0, priority: 'critical', plan_date: '2030-01-02', tags: ['print'] },
    { name: 'Charlie', lane: 1, priority: 'high', plan_date: null, tags: ['web', 'print'], co_performers: [performer] },
    { name: 'Delta', lane: 2, priority: 'normal', plan_date: '2030-01-09', tags: [] },
  ];
  for (const { lane, ...body } of cards) {
    const res = await call(h, ws.admin, 'PUT', `/api/task_tracker/${desk._id}/${desk.lanes[lane]._id}/add_task`, body);
    expect(res.statusCode, res.body).toBe(200);
  }
  return { ws, desk, performer };
}

let t: Board;
beforeAll(async () => {
  t = await board();
});

const table = async (query = '', who = t.ws.admin) => {
  const res = await call(h, who, 'GET', `/api/task_tracker/${t.desk._id}/table${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const names = (page: { result: { name: string }[] }) => page.result.map((r) => r.name);

describe('the table view', () => {
  it('lists the cards in kanban order with their columns and can', async () => {
    const page = await table();
    expect(names(page)).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta']);
    expect(page.total).toBe(4);
    expect(page.result[0]).toMatchObject({
      lane_name: 'To do',
      performer_card: { _id: t.performer, name: 'Pat Performer' },
      status: 'open',
      can: { edit: true },
    });
    expect(page.result[3]).toMatchObject({ lane_name: 'Done', status: 'done' });
    const member = await table('', t.ws.employee);
    expect(member.result[0].can).toMatchObject({ edit: false, comment: true });
  });

  it('filters by performer, tag, priority, status and due dates', async () => {
    expect(names(await table(`?performer=${t.performer}`))).toEqual(['Alpha', 'Charlie']);
    expect(names(await table('?tag=print'))).toEqual(['Bravo', 'Charlie']);
    expect(names(await table('?priority=critical'))).toEqual(['Bravo']);
    expect(names(await table('?status=done'))).toEqual(['Delta']);
    expect(names(await table('?due_from=2030-01-03&due_to=2030-01-09'))).toEqual(['Alpha', 'Delta']);
  });

  it('sorts and pages', async () => {
    expect(names(await table('?sort=plan_date'))).toEqual(['Bravo', 'Alpha', 'Delta', 'Charlie']);
    expect(names(await table('?sort=priority&order=desc'))).toEqual(['Bravo', 'Charlie', 'Delta', 'Alpha']);
    expect(names(await table('?sort=name&order=desc&limit=2&offset=1'))).toEqual(['Charlie', 'Bravo']);
    expect((await table('?limit=2')).total).toBe(4);
  });

  it('refuses a bad filter and a stranger', async () => {
    const bad = await call(h, t.ws.admin, 'GET', `/api/task_tracker/${t.desk._id}/table?priority=urgent`);
    expect(bad.statusCode).toBe(400);
    const stranger = await makeUser(h, t.ws.id);
    expect((await call(h, stranger, 'GET', `/api/task_tracker/${t.desk._id}/table`)).statusCode).toBe(404);
  });

  it('exports the table as an xlsx workbook with the same filters', async () => {
    const res = await call(h, t.ws.admin, 'GET', `/api/task_tracker/${t.desk._id}/excel?tag=web&sort=name`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Tasks')!;
    const rows = sheet.getSheetValues().slice(1) as unknown[][];
    expect(rows.map((r) => [r[1], r[2], r[4]])).toEqual([
      ['Task', 'Lane', 'Performer'],
      ['Alpha', 'To do', 'Pat Performer'],
      ['Charlie', 'In progress', ''],
    ]);
  });
});
