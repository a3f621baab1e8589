import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inSystem } from '../../platform/db/tenant.js';
import { call, createHarness, type Harness, makeUser, makeWorkspace, type TestUser } from '../../test/harness.js';
import { settled } from '../../test/notifications.js';
import { posts } from './tables.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ JOBS: '1' });
});
afterAll(() => h.close());

async function codes(clientId: string, who: TestUser) {
  await settled(h, clientId);
  const res = await call(h, who, 'GET', `/api/notification/${clientId}/all/${who.id}/now`);
  return (res.json().result as { code: string; link: string; title: string }[]).map((e) => e.code);
}

async function mustReadPost(author: TestUser, text = 'New security policy: read and confirm') {
  const res = await call(h, author, 'POST', '/api/post', { text, mustRead: true });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result._id as string;
}

const remind = (who: TestUser, id: string) => call(h, who, 'POST', `/api/post/${id}/remind`);

/** Lets the hour since the last reminder pass, in the database rather than by waiting. */
const hourPassed = (id: string) =>
  inSystem(h.platform.database, (tx) =>
    tx.update(posts).set({ remindedAt: sql`now() - interval '61 minutes'` }).where(eq(posts.id, id)),
  );

describe('POST /api/post/{id}/remind', { timeout: 120_000 }, () => {
  it('notifies only the audience who have not confirmed, once an hour at most', async () => {
    const ws = await makeWorkspace(h);
    const read = await makeUser(h, ws.id, { firstName: 'Rita', lastName: 'Reader' });
    const late = await makeUser(h, ws.id, { firstName: 'Leo', lastName: 'Late' });
    const id = await mustReadPost(ws.admin);
    expect((await call(h, read, 'PUT', `/api/post/${id}/ack`)).statusCode).toBe(200);

    const first = await remind(ws.admin, id);
    expect(first.statusCode, first.body).toBe(200);
    // Eve and Leo have not confirmed; Rita has, and the administrator who reminds is not reminded.
    expect(first.json().result).toEqual({ post_id: id, reminded: 2 });
    for (const who of [ws.employee, late]) {
      expect(await codes(ws.id, who)).toEqual(['posts.must_read_reminder', 'posts.must_read']);
    }
    expect(await codes(ws.id, read)).toEqual(['posts.must_read']);
    const entry = (await call(h, late, 'GET', `/api/notification/${ws.id}/all/${late.id}/now`)).json().result[0];
    expect(entry).toMatchObject({ link: `/post/${id}`, title: 'Reminder: please read the post by Ada Admin' });

    const again = await remind(ws.admin, id);
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('must_read_reminded');

    await hourPassed(id);
    expect((await call(h, late, 'PUT', `/api/post/${id}/ack`)).statusCode).toBe(200);
    const later = await remind(ws.admin, id);
    expect(later.json().result).toEqual({ post_id: id, reminded: 1 });
    expect(await codes(ws.id, late)).toEqual(['posts.must_read_reminder', 'posts.must_read']);
  });

  it('refuses other employees (403), other workspaces (404) and posts that are not must-read (400)', async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    const id = await mustReadPost(ws.admin);
    const byEmployee = await remind(ws.employee, id);
    expect(byEmployee.statusCode).toBe(403);
    expect(byEmployee.json().code).toBe('no_access');
    const byStranger = await remind(other.admin, id);
    expect(byStranger.statusCode).toBe(404);
    expect(byStranger.json().code).toBe('post_not_found');
    const plain = (await call(h, ws.employee, 'POST', '/api/post', { text: 'Just news' })).json().result._id;
    const notMustRead = await remind(ws.employee, plain);
    expect(notMustRead.statusCode).toBe(400);
    expect(notMustRead.json().code).toBe('not_must_read');
    // The export follows the same rules.
    expect((await call(h, ws.employee, 'GET', `/api/post/${id}/read_report/export`)).statusCode).toBe(403);
    expect((await call(h, other.admin, 'GET', `/api/post/${id}/read_report/export`)).statusCode).toBe(404);
  });

  it('lets the author of a post an administrator made must-read remind, and sends nothing when all have read', async () => {
    const ws = await makeWorkspace(h);
    const id = (await call(h, ws.employee, 'POST', '/api/post', { text: 'Parking rules' })).json().result._id;
    expect((await call(h, ws.admin, 'PUT', `/api/post/${id}/must_read`, { mustRead: true })).statusCode).toBe(200);
    const byAuthor = await remind(ws.employee, id);
    expect(byAuthor.statusCode, byAuthor.body).toBe(200);
    expect(byAuthor.json().result).toEqual({ post_id: id, reminded: 1 });
    // The author follows the reading too: the report and its export.
    const report = await call(h, ws.employee, 'GET', `/api/post/${id}/read_report`);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().counts).toMatchObject({ acknowledged: 0 });
    expect((await call(h, ws.employee, 'GET', `/api/post/${id}/read_report/export`)).statusCode).toBe(200);
    await hourPassed(id);
    expect((await call(h, ws.admin, 'PUT', `/api/post/${id}/ack`)).statusCode).toBe(200);
    // Only the author is left, who is not reminded of their own post: nothing to send, and no hour taken.
    expect((await remind(ws.employee, id)).json().result).toEqual({ post_id: id, reminded: 0 });
    expect((await remind(ws.employee, id)).statusCode).toBe(200);
  });
});

describe('PUT /api/post/{id}/ack', { timeout: 120_000 }, () => {
  it("marks the post's must-read notifications read, and the unread count follows", async () => {
    const ws = await makeWorkspace(h);
    const id = await mustReadPost(ws.admin);
    const other = await mustReadPost(ws.admin, 'Another policy');
    expect((await remind(ws.admin, id)).statusCode).toBe(200);
    expect(await codes(ws.id, ws.employee)).toEqual(['posts.must_read_reminder', 'posts.must_read', 'posts.must_read']);
    const unreadUrl = `/api/notification/unread/${ws.id}/${ws.employee.id}`;
    expect((await call(h, ws.employee, 'GET', unreadUrl)).json().count).toBe(3);

    expect((await call(h, ws.employee, 'PUT', `/api/post/${id}/ack`)).statusCode).toBe(200);
    // The other post's notification stays unread: it is not confirmed yet.
    expect((await call(h, ws.employee, 'GET', unreadUrl)).json().count).toBe(1);
    const entries = (await call(h, ws.employee, 'GET', `/api/notification/${ws.id}/all/${ws.employee.id}/now`)).json();
    expect(entries.result.map((e: { link: string; read: boolean }) => [e.link, e.read])).toEqual([
      [`/post/${id}`, true],
      [`/post/${other}`, false],
      [`/post/${id}`, true],
    ]);
  });
});

describe('GET /api/post/{id}/read_report/export', { timeout: 120_000 }, () => {
  it('streams an xlsx workbook of who has read the post and who has not', async () => {
    const ws = await makeWorkspace(h);
    const rita = await makeUser(h, ws.id, { firstName: 'Rita', lastName: 'Reader', position: 'Lawyer' });
    await makeUser(h, ws.id, { firstName: 'Leo', lastName: 'Late', position: 'Driver' });
    const id = await mustReadPost(ws.admin);
    expect((await call(h, rita, 'PUT', `/api/post/${id}/ack`)).statusCode).toBe(200);

    const file = await call(h, ws.admin, 'GET', `/api/post/${id}/read_report/export`);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.headers['content-disposition']).toContain(`read-report-${id}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const rows = sheet.getRows(1, sheet.rowCount)!.map((r) => [1, 2, 3, 4].map((c) => r.getCell(c).value));
    expect(rows[0]).toEqual(['Name', 'Position', 'Status', 'Confirmed at']);
    expect(rows[1].slice(0, 3)).toEqual(['Rita Reader', 'Lawyer', 'read']);
    expect(rows[1][3]).toBeInstanceOf(Date);
    // Those who have not read it, by name: the administrator, the employee and Leo.
    expect(rows.slice(2).map((r) => [r[0], r[2], r[3]])).toEqual([
      ['Ada Admin', 'not read', null],
      ['Eve Employee', 'not read', null],
      ['Leo Late', 'not read', null],
    ]);
  });

  it('writes text that a spreadsheet would take for a formula with a leading apostrophe', async () => {
    const ws = await makeWorkspace(h);
    await makeUser(h, ws.id, {
      firstName: '@SUM(A1)',
      lastName: 'Zed',
      position: '=HYPERLINK("https://evil.example","Open")',
    });
    const id = await mustReadPost(ws.admin);
    const file = await call(h, ws.admin, 'GET', `/api/post/${id}/read_report/export`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const row = sheet.getRows(2, sheet.rowCount - 1)!.find((r) => String(r.getCell(1).value).includes('Zed'))!;
    expect([row.getCell(1).value, row.getCell(2).value]).toEqual([
      "'@SUM(A1) Zed",
      `'=HYPERLINK("https://evil.example","Open")`,
    ]);
  });
});
