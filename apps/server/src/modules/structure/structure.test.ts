import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createHarness,
  type Harness,
  makeUser,
  makeWorkspace,
  superadmin,
  type TestWorkspace,
} from '../../test/harness.js';
import { upload } from '../users/isolation.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

interface Node {
  _id: string;
  name: string;
  parent: string | null;
  count: number;
  total: number;
  head: { _id: string } | null;
  children: Node[];
  can: { edit: boolean; delete: boolean };
}

async function trees(ws: TestWorkspace) {
  const res = await call(h, ws.admin, 'GET', `/api/structure/byClient/${ws.id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as { type: string; root: Node }[];
}
const adminRoot = async (ws: TestWorkspace) => (await trees(ws))[0].root;

async function department(ws: TestWorkspace, name: string, parent?: string) {
  const res = await call(h, ws.admin, 'POST', '/api/structure', { parent: parent ?? (await adminRoot(ws))._id, name });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as Node;
}
const move = (ws: TestWorkspace, id: string, parent: string) =>
  call(h, ws.admin, 'PUT', `/api/structure/${id}`, { parent });
const person = async (ws: TestWorkspace, id: string) =>
  (await call(h, ws.admin, 'GET', `/api/user/${id}`)).json().result as { department: string; chief: string | null };

function find(node: Node, id: string): Node | undefined {
  if (node._id === id) return node;
  for (const child of node.children) {
    const found = find(child, id);
    if (found) return found;
  }
}

async function events(clientId: string, code: string) {
  const { rows } = await h.platform.database.query(
    'SELECT recipients, vars FROM notification_events WHERE client_id = $1 AND code = $2 ORDER BY id',
    [clientId, code],
  );
  return rows as { recipients: { ids: string[] }; vars: Record<string, string> }[];
}

describe('structure trees', () => {
  it('answers the four trees with a root each; employees read, only administrators may edit', async () => {
    const ws = await makeWorkspace(h);
    const all = await trees(ws);
    expect(all.map((t) => t.type)).toEqual(['administrative', 'organizational', 'functional', 'project']);
    expect(all[0].root).toMatchObject({ parent: null, children: [], count: 0, can: { edit: true, delete: false } });
    const asEmployee = await call(h, ws.employee, 'GET', `/api/structure/byClient/${ws.id}`);
    expect(asEmployee.json()).toMatchObject({ can: { edit: false } });
    expect(asEmployee.json().result[0].root._id).toBe(all[0].root._id);
    const other = await makeWorkspace(h);
    expect((await call(h, other.admin, 'GET', `/api/structure/byClient/${ws.id}`)).statusCode).toBe(403);
    const noRight = await makeUser(h, ws.id, { rights: { structures: false } });
    expect((await call(h, noRight, 'GET', `/api/structure/byClient/${ws.id}`)).statusCode).toBe(403);
    expect((await call(h, noRight, 'GET', `/api/structure/byClient/${ws.id}/dept_users`)).statusCode).toBe(403);
    const root = all[0].root._id;
    expect((await call(h, ws.employee, 'POST', '/api/structure', { parent: root, name: 'Mine' })).statusCode).toBe(403);
    const off = await makeWorkspace(h);
    await h.platform.database.query(
      `UPDATE clients SET features = (SELECT jsonb_agg(CASE WHEN f->>'code' = 'structure'
         THEN jsonb_set(f, '{active}', 'false') ELSE f END) FROM jsonb_array_elements(features) f) WHERE id = $1`,
      [off.id],
    );
    const disabled = await call(h, off.admin, 'GET', `/api/structure/byClient/${off.id}`);
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json().code).toBe('feature_disabled');
  });

  it('creates, renames, describes and moves departments, never into themselves or a child', async () => {
    const ws = await makeWorkspace(h);
    const sales = await department(ws, 'Sales');
    const retail = await department(ws, 'Retail', sales._id);
    const online = await department(ws, 'Online', retail._id);
    const marketing = await department(ws, 'Marketing');
    const edited = await call(h, ws.admin, 'PUT', `/api/structure/${sales._id}`, {
      name: 'Sales & Partners',
      description: 'Everyone who sells',
    });
    expect(edited.json().result).toMatchObject({ name: 'Sales & Partners', description: 'Everyone who sells' });
    expect(edited.json().result.children[0]._id).toBe(retail._id);

    for (const [id, parent] of [
      [sales._id, sales._id],
      [sales._id, retail._id],
      [sales._id, online._id],
    ]) {
      const res = await move(ws, id, parent);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'structure_move_cycle', fields: { parent: 'structure_move_cycle' } });
    }
    const root = await adminRoot(ws);
    expect((await move(ws, root._id, sales._id)).json().code).toBe('structure_root_locked');
    const project = (await trees(ws))[3].root;
    expect((await move(ws, retail._id, project._id)).json().code).toBe('structure_parent_other_tree');
    const unknown = await move(ws, retail._id, crypto.randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().fields).toEqual({ parent: 'department_not_found' });
    const other = await makeWorkspace(h);
    expect((await move(ws, retail._id, (await adminRoot(other))._id)).statusCode).toBe(404);
    expect((await move(other, retail._id, (await adminRoot(other))._id)).statusCode).toBe(404);

    const moved = await move(ws, retail._id, marketing._id);
    expect(moved.statusCode, moved.body).toBe(200);
    const after = await adminRoot(ws);
    expect(find(after, marketing._id)?.children.map((c) => c._id)).toEqual([retail._id]);
    expect(find(after, retail._id)?.children.map((c) => c._id)).toEqual([online._id]);
    expect(find(after, sales._id)?.children).toEqual([]);

    // Nothing to change: no fields, or only the parent it already has, answers the department as it is.
    for (const body of [{}, { parent: marketing._id }]) {
      const same = await call(h, ws.admin, 'PUT', `/api/structure/${retail._id}`, body);
      expect(same.statusCode, `${JSON.stringify(body)} → ${same.body}`).toBe(200);
      expect(same.json().result).toMatchObject({ _id: retail._id, name: 'Retail' });
      expect(same.json().result.children.map((c: { _id: string }) => c._id)).toEqual([online._id]);
    }
    expect(find(await adminRoot(ws), marketing._id)?.children.map((c) => c._id)).toEqual([retail._id]);

    const empty = await call(h, ws.admin, 'POST', '/api/structure', { parent: root._id, name: '  ' });
    expect(empty.json().fields).toEqual({ name: 'required' });
    const long = await call(h, ws.admin, 'POST', '/api/structure', { parent: root._id, name: 'x'.repeat(101) });
    expect(long.json().fields).toEqual({ name: 'too_long' });
    expect((await call(h, ws.employee, 'PUT', `/api/structure/${sales._id}`, { name: 'Mine' })).statusCode).toBe(403);
  });

  it('keeps a valid tree when two administrators move two departments under each other at once', async () => {
    const ws = await makeWorkspace(h);
    const second = await makeUser(h, ws.id, { roles: ['admin'] });
    const a = await department(ws, 'A');
    const b = await department(ws, 'B');
    const [first, other] = await Promise.all([
      move(ws, a._id, b._id),
      call(h, second, 'PUT', `/api/structure/${b._id}`, { parent: a._id }),
    ]);
    expect([first.statusCode, other.statusCode].sort()).toEqual([200, 400]);
    expect([first, other].find((r) => r.statusCode === 400)!.json().code).toBe('structure_move_cycle');
    const root = await adminRoot(ws);
    // Both are still reachable from the root: no cycle cut them off.
    expect(find(root, a._id)).toBeDefined();
    expect(find(root, b._id)).toBeDefined();
  });

  it('deletes empty departments with the empty ones below; never the root or one with employees', async () => {
    const ws = await makeWorkspace(h);
    const root = await adminRoot(ws);
    expect((await call(h, ws.admin, 'DELETE', `/api/structure/${root._id}`)).json().code).toBe('structure_root_delete');
    const hr = await department(ws, 'HR');
    const payroll = await department(ws, 'Payroll', hr._id);
    const add = await call(h, ws.admin, 'POST', `/api/dept_users/${ws.id}/${payroll._id}`, { users: [ws.employee.id] });
    expect(add.statusCode, add.body).toBe(200);
    const tree = await adminRoot(ws);
    expect(find(tree, hr._id)).toMatchObject({ count: 0, total: 1, can: { delete: false } });
    const refused = await call(h, ws.admin, 'DELETE', `/api/structure/${hr._id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('structure_has_employees');
    expect((await call(h, ws.employee, 'DELETE', `/api/structure/${payroll._id}`)).statusCode).toBe(403);
    await call(h, ws.admin, 'DELETE', `/api/dept_users/${payroll._id}/${ws.employee.id}`);
    const deleted = await call(h, ws.admin, 'DELETE', `/api/structure/${hr._id}`);
    expect(deleted.json().result).toEqual({ _id: hr._id, deleted: expect.arrayContaining([hr._id, payroll._id]) });
    expect(find(await adminRoot(ws), hr._id)).toBeUndefined();
    expect((await call(h, ws.admin, 'DELETE', `/api/structure/${hr._id}`)).statusCode).toBe(404);
  });
});

describe('department people', () => {
  it('places people (one department per tree), sets heads and keeps department and chief of people in sync', async () => {
    const ws = await makeWorkspace(h);
    const boss = await makeUser(h, ws.id, { firstName: 'Bea', lastName: 'Boss' });
    const lead = await makeUser(h, ws.id, { firstName: 'Leo', lastName: 'Lead' });
    const dev = await makeUser(h, ws.id, { firstName: 'Dana', lastName: 'Dev' });
    const company = await department(ws, 'Board');
    const eng = await department(ws, 'Engineering', company._id);
    const put = (body: object) => call(h, ws.admin, 'PUT', '/api/dept_users', body);

    expect((await put({ dept_id: company._id, users: [boss.id], head: boss.id })).statusCode).toBe(200);
    const notMember = await put({ dept_id: eng._id, head: boss.id });
    expect(notMember.statusCode).toBe(400);
    expect(notMember.json()).toMatchObject({ code: 'head_not_member', fields: { head: 'head_not_member' } });
    const group = await put({ dept_id: eng._id, users: [lead.id, dev.id], head: lead.id });
    expect(group.json().result).toMatchObject({ dept_id: eng._id, headUser: { _id: lead.id, name: 'Leo Lead' } });
    expect(group.json().result.users.map((u: { name: string }) => u.name)).toEqual(['Dana Dev', 'Leo Lead']);

    expect(await person(ws, dev.id)).toMatchObject({ department: 'Engineering', chief: lead.id });
    expect(await person(ws, lead.id)).toMatchObject({ department: 'Engineering', chief: boss.id });
    expect(await person(ws, boss.id)).toMatchObject({ department: 'Board', chief: null });
    const told = await events(ws.id, 'structure.chief_changed');
    expect(told).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          recipients: { ids: [dev.id] },
          vars: expect.objectContaining({ chief: 'Leo Lead' }),
        }),
        expect.objectContaining({
          recipients: { ids: [lead.id] },
          vars: expect.objectContaining({ chief: 'Bea Boss' }),
        }),
      ]),
    );

    // A head cleared: the members' chief is the nearest head above.
    const cleared = await call(h, ws.admin, 'PUT', `/api/dept_users/clear_chief/${eng._id}`);
    expect(cleared.json().result.headUser).toBeNull();
    expect(await person(ws, dev.id)).toMatchObject({ chief: boss.id });
    // Moving someone (POST into another department of the same tree) takes them out of the first.
    const moved = await call(h, ws.admin, 'POST', `/api/dept_users/${ws.id}/${company._id}`, { users: [dev.id] });
    expect(
      moved
        .json()
        .result.users.map((u: { _id: string }) => u._id)
        .sort(),
    ).toEqual([boss.id, dev.id].sort());
    expect(await person(ws, dev.id)).toMatchObject({ department: 'Board', chief: boss.id });
    const engUsers = await call(h, ws.employee, 'GET', `/api/structure/byClient/${ws.id}/dept_users?dept=${eng._id}`);
    expect(engUsers.json().result[0].users.map((u: { _id: string }) => u._id)).toEqual([lead.id]);
    // Other trees do not touch people's fields.
    const project = (await trees(ws))[3].root;
    await call(h, ws.admin, 'POST', `/api/dept_users/${ws.id}/${project._id}`, { users: [dev.id] });
    expect(await person(ws, dev.id)).toMatchObject({ department: 'Board', chief: boss.id });
    // Taken out of the administrative tree: no department, no chief.
    const removed = await call(h, ws.admin, 'DELETE', `/api/dept_users/${company._id}/${dev.id}`);
    expect(removed.statusCode).toBe(200);
    expect(await person(ws, dev.id)).toMatchObject({ department: '', chief: null });
    expect((await call(h, ws.admin, 'DELETE', `/api/dept_users/${company._id}/${dev.id}`)).statusCode).toBe(404);
    // A renamed department renames its people's department.
    await call(h, ws.admin, 'PUT', `/api/structure/${eng._id}`, { name: 'R&D' });
    expect(await person(ws, lead.id)).toMatchObject({ department: 'R&D' });
  });

  it('lists members per department and finds a person', async () => {
    const ws = await makeWorkspace(h);
    const zed = await makeUser(h, ws.id, { firstName: 'Zed', lastName: 'Zimmer', position: 'Welder' });
    const shop = await department(ws, 'Workshop');
    await call(h, ws.admin, 'POST', `/api/dept_users/${ws.id}/${shop._id}`, { users: [zed.id, ws.employee.id] });
    const all = await call(h, ws.employee, 'GET', `/api/structure/byClient/${ws.id}/dept_users`);
    expect(all.json().result).toEqual([
      {
        dept_id: shop._id,
        users: [expect.objectContaining({ name: 'Eve Employee' }), expect.objectContaining({ _id: zed.id })],
        headUser: null,
      },
    ]);
    const found = await call(h, ws.employee, 'GET', `/api/structure/byClient/${ws.id}/dept_users?search=weld`);
    expect(found.json().result).toEqual([
      { dept_id: shop._id, users: [expect.objectContaining({ _id: zed.id })], headUser: null },
    ]);
    const other = await makeWorkspace(h);
    expect((await call(h, other.admin, 'GET', `/api/structure/byClient/${ws.id}/dept_users`)).statusCode).toBe(403);
    expect(
      (await call(h, other.admin, 'GET', `/api/structure/byClient/${other.id}/dept_users?dept=${shop._id}`)).statusCode,
    ).toBe(404);
    // People of another workspace cannot be placed.
    const stranger = await call(h, ws.admin, 'POST', `/api/dept_users/${ws.id}/${shop._id}`, {
      users: [other.employee.id],
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().fields).toEqual({ users: 'user_not_found' });
    expect(
      (await call(h, other.admin, 'POST', `/api/dept_users/${other.id}/${shop._id}`, { users: [other.employee.id] }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(h, ws.employee, 'POST', `/api/dept_users/${ws.id}/${shop._id}`, { users: [zed.id] })).statusCode,
    ).toBe(403);
    expect((await call(h, ws.employee, 'PUT', `/api/dept_users/clear_chief/${shop._id}`)).statusCode).toBe(403);
    expect((await call(h, ws.employee, 'DELETE', `/api/dept_users/${shop._id}/${zed.id}`)).statusCode).toBe(403);
  });
});

describe('other administrators in the structure', () => {
  it('an administrator neither moves another administrator nor gives them a chief; the superadmin does', async () => {
    const ws = await makeWorkspace(h);
    const other = await makeUser(h, ws.id, { roles: ['admin'], firstName: 'Olga', lastName: 'Other' });
    const boss = await makeUser(h, ws.id, { firstName: 'Bea', lastName: 'Boss' });
    const sa = await superadmin(h);
    const asSuperadmin = (method: 'POST' | 'PUT', url: string, body: object) =>
      call(h, sa, method, url, body, { 'x-company-id': ws.id });
    const board = await department(ws, 'Board');
    const sales = await department(ws, 'Sales');
    const refused = (res: { statusCode: number; json(): { code: string } }) => {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('cannot_change_admin');
    };
    const place = async (id: string) => {
      const [row] = (await h.platform.database.query('SELECT department, chief FROM users WHERE id = $1', [id]))
        .rows as { department: string; chief: string | null }[];
      return row;
    };

    // Moving them in, by either path.
    refused(await call(h, ws.admin, 'POST', `/api/dept_users/${ws.id}/${sales._id}`, { users: [other.id] }));
    refused(await call(h, ws.admin, 'PUT', '/api/dept_users', { dept_id: sales._id, users: [other.id] }));
    expect(await place(other.id)).toEqual({ department: '', chief: null });
    // The superadmin may; an administrator still places employees and themselves.
    const placed = await asSuperadmin('PUT', '/api/dept_users', { dept_id: sales._id, users: [other.id] });
    expect(placed.statusCode, placed.body).toBe(200);
    const mates = await call(h, ws.admin, 'POST', `/api/dept_users/${ws.id}/${sales._id}`, {
      users: [ws.employee.id, ws.admin.id],
    });
    expect(mates.statusCode, mates.body).toBe(200);
    // Naming them again where they already are changes nothing of theirs.
    const same = await call(h, ws.admin, 'PUT', '/api/dept_users', { dept_id: sales._id, users: [other.id] });
    expect(same.statusCode, same.body).toBe(200);

    // A head over them would be their chief and read their HR data: refused, as is making them head.
    refused(await call(h, ws.admin, 'PUT', '/api/dept_users', { dept_id: sales._id, head: ws.employee.id }));
    refused(await call(h, ws.admin, 'PUT', '/api/dept_users', { dept_id: sales._id, head: other.id }));
    // So is a department move that puts a head above them.
    await asSuperadmin('PUT', '/api/dept_users', { dept_id: board._id, users: [boss.id], head: boss.id });
    refused(await move(ws, sales._id, board._id));
    expect(await place(other.id)).toEqual({ department: 'Sales', chief: null });
    // Taking them out.
    refused(await call(h, ws.admin, 'DELETE', `/api/dept_users/${sales._id}/${other.id}`));

    // Made head by the superadmin, they are not unmade by an administrator.
    const head = await asSuperadmin('PUT', '/api/dept_users', { dept_id: sales._id, head: other.id });
    expect(head.statusCode, head.body).toBe(200);
    expect(await place(ws.employee.id)).toEqual({ department: 'Sales', chief: other.id });
    refused(await call(h, ws.admin, 'PUT', `/api/dept_users/clear_chief/${sales._id}`));
    // An employee leaving their department is the administrator's to decide.
    const left = await call(h, ws.admin, 'POST', `/api/dept_users/${ws.id}/${board._id}`, { users: [ws.employee.id] });
    expect(left.statusCode, left.body).toBe(200);
    expect(await place(ws.employee.id)).toEqual({ department: 'Board', chief: boss.id });
    expect(await place(other.id)).toEqual({ department: 'Sales', chief: null });
  });

  it('load_struct leaves another administrator where they are and says so', async () => {
    const ws = await makeWorkspace(h);
    const kept = (inn: string, department: string, chiefCode = '') => ({
      inn,
      hrmData: { inn, department, chiefCode },
    });
    const boss = await makeUser(h, ws.id, kept('4000000001', 'Sales'));
    const other = await makeUser(h, ws.id, { roles: ['admin'], ...kept('4000000002', 'Sales', '4000000001') });
    const res = await call(h, ws.admin, 'POST', '/api/structure/load_struct', { client_id: ws.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({
      placed: 1,
      errors: [{ user_id: other.id, fields: { inn: 'cannot_change_admin' } }],
    });
    expect(await person(ws, other.id)).toMatchObject({ department: '', chief: null });
    expect(await person(ws, boss.id)).toMatchObject({ department: 'Sales' });
  });
});

describe('load_struct', () => {
  it('builds the administrative tree from kept HR rows, with heads from chief codes, reporting bad rows', async () => {
    const ws = await makeWorkspace(h);
    const kept = (inn: string, department: string, chiefCode = '') => ({
      inn,
      hrmData: { inn, department, chiefCode },
    });
    const head = await makeUser(h, ws.id, {
      firstName: 'Hana',
      lastName: 'Head',
      ...kept('1000000001', 'Sales / Retail'),
    });
    const seller = await makeUser(h, ws.id, { ...kept('1000000002', 'Sales / Retail', '1000000001') });
    const director = await makeUser(h, ws.id, { ...kept('1000000003', 'Sales') });
    await makeUser(h, ws.id, { ...kept('1000000004', '') });
    await makeUser(h, ws.id, { ...kept('1000000005', 'Sales', '9999999999') });
    const res = await call(h, ws.admin, 'POST', '/api/structure/load_struct', { client_id: ws.id });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().result;
    expect(report).toMatchObject({ departments: 2, placed: 3 });
    expect(report.errors.map((e: { fields: object }) => e.fields)).toEqual(
      expect.arrayContaining([{ department: 'required' }, { chiefCode: 'chief_unknown' }]),
    );
    const root = await adminRoot(ws);
    const sales = root.children.find((c) => c.name === 'Sales')!;
    expect(sales.children.map((c) => c.name)).toEqual(['Retail']);
    expect(sales.children[0]).toMatchObject({ count: 2, head: { _id: head.id } });
    expect(await person(ws, seller.id)).toMatchObject({ department: 'Retail', chief: head.id });
    expect(await person(ws, director.id)).toMatchObject({ department: 'Sales' });
    // Again: departments are found by name, nothing is duplicated.
    const again = await call(h, ws.admin, 'POST', '/api/structure/load_struct', { client_id: ws.id });
    expect(again.json().result).toMatchObject({ departments: 0, placed: 3 });
  });

  it('reads an uploaded HR file; refuses an empty source, another workspace and employees', async () => {
    const ws = await makeWorkspace(h);
    const empty = await call(h, ws.admin, 'POST', '/api/structure/load_struct', { client_id: ws.id });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('loading_struct_hrm_error');
    await makeUser(h, ws.id, { inn: '2000000001' });
    const csv = 'inn;department;chiefCode\n2000000001;Support;\n3000000000;Support;\n';
    const fileId = await upload(h, ws.admin.token, 'struct.csv', 'text/csv', Buffer.from(csv));
    const res = await call(h, ws.admin, 'POST', '/api/structure/load_struct', { client_id: ws.id, file_id: fileId });
    expect(res.json().result).toMatchObject({
      departments: 1,
      placed: 1,
      errors: [{ row: 3, user_id: null, fields: { inn: 'inn_unknown' } }],
    });
    const other = await makeWorkspace(h);
    expect((await call(h, other.admin, 'POST', '/api/structure/load_struct', { client_id: ws.id })).statusCode).toBe(
      403,
    );
    const foreignFile = await call(h, other.admin, 'POST', '/api/structure/load_struct', {
      client_id: other.id,
      file_id: fileId,
    });
    expect(foreignFile.statusCode).toBe(404);
    expect((await call(h, ws.employee, 'POST', '/api/structure/load_struct', { client_id: ws.id })).statusCode).toBe(
      403,
    );
  });
});
