import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createHarness, type Harness, makeUser, makeWorkspace, superadmin } from '../../test/harness.js';
import { upload } from './isolation.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('an administrator cannot change or delete another administrator (spec portal §6)', () => {
  it('refuses every path to another administrator; only the superadmin may', async () => {
    const ws = await makeWorkspace(h);
    const other = await makeUser(h, ws.id, { roles: ['admin'], inn: '5555555555', firstName: 'Otto' });
    const takeover = { password: 'taken-over-1', login: 'takenover', email: 'taken@example.test' };
    const attempts: [string, 'PUT' | 'POST' | 'DELETE', string, unknown][] = [
      ['profile, password, login, e-mail', 'PUT', `/api/user/${other.id}`, takeover],
      ['a profile field', 'PUT', `/api/user/${other.id}`, { position: 'Nobody' }],
      ['role removal', 'DELETE', `/api/user/${other.id}/role/admin`, undefined],
      ['another role', 'PUT', `/api/user/${other.id}/role/hr`, undefined],
      ['rights', 'PUT', `/api/user/${other.id}/rights`, { rights: { wall: false } }],
      ['deletion', 'PUT', `/api/user/delete/${other.id}`, undefined],
      ['HR reset', 'POST', '/api/user/reset_to_hrm', { user_id: other.id }],
    ];
    for (const [what, method, url, body] of attempts) {
      const res = await call(h, ws.admin, method, url, body);
      expect(res.statusCode, what).toBe(403);
      expect(['cannot_change_admin', 'cannot_delete_admin'], what).toContain(res.json().code);
    }
    // Workspace-wide changes pass the other administrator by.
    const demote = await call(h, ws.admin, 'DELETE', `/api/clients/${ws.id}/role/admin`);
    expect(demote.json().users).not.toContain(other.id);
    const rights = await call(h, ws.admin, 'PUT', `/api/clients/${ws.id}/rights`, { rights: { wall: false } });
    expect(rights.json().users).not.toContain(other.id);
    expect(rights.json().users).toContain(ws.employee.id);
    // An HR file naming the administrator's INN does not touch them.
    const csv = 'inn,position\n5555555555,Puppet\n';
    const fileId = await upload(h, ws.admin.token, 'hrm.csv', 'text/csv', Buffer.from(csv));
    const hrm = await call(h, ws.admin, 'POST', '/api/user/load_hrm', { file_id: fileId });
    expect(hrm.json().result).toMatchObject({
      updated: [],
      errors: [{ row: 2, fields: { inn: 'cannot_change_admin' } }],
    });

    const after = (await call(h, other, 'GET', '/api/user/me')).json().result.user;
    expect(after).toMatchObject({ login: other.login, email: other.email, position: '', roles: ['admin'] });
    expect(after.rights.wall).toBe(true);
    expect((await call(h, ws.admin, 'GET', `/api/user/${other.id}`)).json().result.can).toEqual({
      edit: false,
      editHr: false,
    });

    // The administrator still manages employees and themselves.
    expect((await call(h, ws.admin, 'PUT', `/api/user/${ws.employee.id}`, { position: 'Clerk' })).statusCode).toBe(200);
    expect((await call(h, ws.admin, 'PUT', `/api/user/${ws.admin.id}`, { position: 'Boss' })).statusCode).toBe(200);

    const root = await superadmin(h);
    const company = { 'x-company-id': ws.id };
    expect((await call(h, root, 'PUT', `/api/user/${other.id}`, { position: 'Deputy' }, company)).statusCode).toBe(200);
    expect((await call(h, root, 'DELETE', `/api/user/${other.id}/role/admin`, undefined, company)).statusCode).toBe(
      200,
    );
  });
});
