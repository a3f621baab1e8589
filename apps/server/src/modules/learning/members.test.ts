import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createHarness,
  type Harness,
  makeUser,
  makeWorkspace,
  ok,
  type TestWorkspace,
} from '../../test/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const doc = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

async function openCourse(ws: TestWorkspace, status = 'appointed', title = 'Security basics') {
  const c = (await ok(await call(h, ws.admin, 'POST', '/api/courses', { title }))).result;
  await ok(await call(h, ws.admin, 'POST', `/api/courses/${c._id}/lessons`, { title: 'Passwords', doc: doc('x') }));
  if (status !== 'draft') await ok(await call(h, ws.admin, 'PUT', `/api/courses/${c._id}`, { status }));
  return c as { _id: string };
}

/** Learning's notifications of a workspace, oldest first, as `code:recipient:due`. */
async function told(clientId: string): Promise<string[]> {
  const { rows } = await h.platform.database.query(
    "SELECT code, recipients, vars FROM notification_events WHERE client_id = $1 AND code LIKE 'learning.%' ORDER BY id",
    [clientId],
  );
  return (rows as { code: string; recipients: { ids: string[] }; vars: Record<string, string> }[]).flatMap((r) =>
    r.recipients.ids.map((id) => `${r.code}:${id}:${r.vars.due ?? ''}`),
  );
}

describe('members', () => {
  it('assigns people by name with a due date, tells them, lists, filters and removes them', async () => {
    const ws = await makeWorkspace(h);
    const c = await openCourse(ws);
    const anna = await makeUser(h, ws.id, { firstName: 'Anna', lastName: 'Berg' });
    const boris = await makeUser(h, ws.id, { firstName: 'Boris', lastName: 'Adler' });
    const gone = await makeUser(h, ws.id, { firstName: 'Gone', lastName: 'Person', deleted: true });
    const url = `/api/courses/${c._id}/members`;

    const empty = await call(h, ws.admin, 'POST', url, { empl: [] });
    expect(empty.json().fields).toMatchObject({ empl: 'course_members_required' });
    const deleted = await call(h, ws.admin, 'POST', url, { empl: [gone.id] });
    expect(deleted.statusCode).toBe(400);
    expect(deleted.json().fields).toMatchObject({ empl: 'user_not_found' });
    const other = await makeWorkspace(h);
    expect((await call(h, ws.admin, 'POST', url, { empl: [other.employee.id] })).statusCode).toBe(400);

    const added = await ok(await call(h, ws.admin, 'POST', url, { empl: [anna.id, boris.id], due: '2026-12-10' }));
    expect(added.result).toEqual({ added: 2, total: 2 });
    // Again: nobody new, nobody told twice.
    expect((await ok(await call(h, ws.admin, 'POST', url, { empl: [anna.id] }))).result).toEqual({
      added: 0,
      total: 2,
    });
    expect((await told(ws.id)).sort()).toEqual(
      [`learning.assigned:${anna.id}:Due 2026-12-10`, `learning.assigned:${boris.id}:Due 2026-12-10`].sort(),
    );

    const page = await ok(await call(h, ws.admin, 'GET', url));
    expect(page.total).toBe(2);
    expect(page.result.map((m: { person: { name: string } }) => m.person.name)).toEqual(['Boris Adler', 'Anna Berg']);
    expect(page.result[0]).toMatchObject({ status: 'not_started', percent: 0, due: '2026-12-10', best_score: null });
    expect((await ok(await call(h, ws.admin, 'GET', `${url}?search=anna`))).result).toHaveLength(1);
    expect((await ok(await call(h, ws.admin, 'GET', `${url}?status=learned`))).total).toBe(0);
    expect((await ok(await call(h, ws.admin, 'GET', `${url}?limit=1&offset=1`))).result[0].person.name).toBe(
      'Anna Berg',
    );

    // The members see the appointed course in their learning; others do not.
    const mine = await ok(await call(h, anna, 'GET', '/api/courses?list=learning'));
    expect(mine.result[0]).toMatchObject({ _id: c._id, my: { status: 'not_started', due: '2026-12-10' } });
    expect((await call(h, ws.employee, 'GET', `/api/courses/${c._id}`)).statusCode).toBe(404);

    // Only managers list, add and remove.
    expect((await call(h, anna, 'GET', url)).statusCode).toBe(403);
    expect((await call(h, anna, 'POST', url, { empl: [ws.employee.id] })).statusCode).toBe(403);
    expect((await call(h, anna, 'DELETE', `${url}/${boris.id}`)).statusCode).toBe(403);
    await ok(await call(h, ws.admin, 'DELETE', `${url}/${boris.id}`));
    const again = await call(h, ws.admin, 'DELETE', `${url}/${boris.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('course_member_not_found');
    expect((await ok(await call(h, ws.admin, 'GET', url))).total).toBe(1);
    expect((await call(h, other.admin, 'GET', url)).statusCode).toBe(404);
  });

  it('assigns an audience (a department) as the people it reaches now, and keeps it for the form', async () => {
    const ws = await makeWorkspace(h);
    const c = await openCourse(ws, 'appointed');
    const sales = [
      await makeUser(h, ws.id, { firstName: 'Sam', lastName: 'Sales', department: 'Sales' }),
      await makeUser(h, ws.id, { firstName: 'Sue', lastName: 'Sales', department: 'sales' }),
    ];
    await makeUser(h, ws.id, { firstName: 'Gone', lastName: 'Sales', department: 'Sales', deleted: true });
    await makeUser(h, ws.id, { firstName: 'Dev', lastName: 'Eloper', department: 'Engineering' });
    const grants = [{ audience: 'department', values: ['Sales'], level: 'read' }];
    const added = await ok(
      await call(h, ws.admin, 'POST', `/api/courses/${c._id}/members`, { grants, empl: [ws.employee.id] }),
    );
    expect(added.result).toEqual({ added: 3, total: 3 });
    const page = await ok(await call(h, ws.admin, 'GET', `/api/courses/${c._id}/members`));
    expect(page.result.map((m: { person: { _id: string } }) => m.person._id).sort()).toEqual(
      [...sales.map((s) => s.id), ws.employee.id].sort(),
    );
    expect(page.grants).toMatchObject([{ audience: 'department', values: ['Sales'], level: 'read' }]);
    expect(page.result[0].due).toBeNull();
    expect(await told(ws.id)).toHaveLength(3);
    // Someone who joins the department later is not a member until assigned again.
    const late = await makeUser(h, ws.id, { department: 'Sales' });
    expect((await call(h, late, 'GET', `/api/courses/${c._id}`)).statusCode).toBe(404);
    // A new due date given with the same audience moves everyone's.
    const moved = await ok(
      await call(h, ws.admin, 'POST', `/api/courses/${c._id}/members`, { grants, due: '2027-01-15' }),
    );
    expect(moved.result).toEqual({ added: 1, total: 4 });
    const dues = Object.fromEntries(
      (await ok(await call(h, ws.admin, 'GET', `/api/courses/${c._id}/members`))).result.map(
        (m: { person: { _id: string }; due: string | null }) => [m.person._id, m.due],
      ),
    );
    expect(dues).toEqual({
      [sales[0].id]: '2027-01-15',
      [sales[1].id]: '2027-01-15',
      [late.id]: '2027-01-15',
      // Assigned by name before, not by this audience: keeps their date.
      [ws.employee.id]: null,
    });
  });

  it('tells a draft’s members when it opens, not before', async () => {
    const ws = await makeWorkspace(h);
    const c = await openCourse(ws, 'draft');
    await ok(await call(h, ws.admin, 'POST', `/api/courses/${c._id}/members`, { empl: [ws.employee.id] }));
    expect(await told(ws.id)).toEqual([]);
    expect((await call(h, ws.employee, 'GET', `/api/courses/${c._id}`)).statusCode).toBe(404);
    await ok(await call(h, ws.admin, 'PUT', `/api/courses/${c._id}`, { status: 'appointed' }));
    expect(await told(ws.id)).toEqual([`learning.assigned:${ws.employee.id}:`]);
  });
});
