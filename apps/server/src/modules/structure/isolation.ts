// Isolation-suite fixtures of the structure: in workspace A, an empty department (renamed, moved, deleted by the
// suite's own calls), another to move it under, and a department with a member and head (dept_users calls).
import type { Harness } from '../../test/harness.js';
import { type FixtureWorkspace, registerBody, registerObject } from '../../test/isolation/registry.js';
import { upload } from '../users/isolation.js';

async function as(h: Harness, token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const res = await h.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });
  if (res.statusCode !== 200)
    throw new Error(`structure fixture: ${method} ${url} answered ${res.statusCode} ${res.body}`);
  return res.json();
}

const rootOf = async (h: Harness, a: FixtureWorkspace) =>
  (await as(h, a.admin.token, 'GET', `/api/structure/byClient/${a.id}`)).result[0].root._id as string;

const create = async (h: Harness, a: FixtureWorkspace, name: string, parent?: string) =>
  (await as(h, a.admin.token, 'POST', '/api/structure', { parent: parent ?? (await rootOf(h, a)), name })).result
    ._id as string;

registerObject('department', (h, a) => create(h, a, `Secret research ${a.mark}`));
registerObject('department_parent', (h, a) => create(h, a, `Holdings ${a.mark}`));
registerObject('dept_unit', async (h, a) => {
  const id = await create(h, a, `Treasury ${a.mark}`);
  await as(h, a.admin.token, 'POST', `/api/dept_users/${a.id}/${id}`, { users: [a.employee.id] });
  await as(h, a.admin.token, 'PUT', '/api/dept_users', { dept_id: id, head: a.employee.id });
  return id;
});
/** An HR file of A placing A's employee (by INN) in a department. */
registerObject('structure_sheet', async (h, a) => {
  await as(h, a.admin.token, 'PUT', `/api/user/${a.employee.id}`, { inn: '5550001112' });
  const csv = `inn;department;chiefCode\n5550001112;Vault ${a.mark};\n`;
  return upload(h, a.admin.token, 'structure.csv', 'text/csv', Buffer.from(csv));
});

registerBody('POST /api/structure', () => ({ name: 'Planted department' }));
registerBody('PUT /api/structure/:id', () => ({ name: 'Renamed by a stranger', description: 'x' }));
registerBody('POST /api/structure/load_struct', () => ({}));
registerBody('POST /api/dept_users/:clientId/:deptId', () => ({}));
registerBody('PUT /api/dept_users', ({ a }) => ({ head: a.employee.id }));
