import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createHarness,
  type Harness,
  makeUser,
  makeWorkspace,
  PASSWORD,
  superadmin,
} from '../../test/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const newEmployee = (suffix: string) => ({
  firstName: 'Nina',
  lastName: 'Novak',
  email: `nina.${suffix}@example.test`,
  login: `nina${suffix}`,
  password: 'long-enough',
  confirmation: 'long-enough',
  position: 'Analyst',
  inn: '1234567890',
});

describe('GET /api/user/me', () => {
  it('answers user, rights, roles and client', async () => {
    const ws = await makeWorkspace(h);
    const res = await call(h, ws.employee, 'GET', '/api/user/me');
    expect(res.statusCode).toBe(200);
    const { result } = res.json();
    expect(result.user).toMatchObject({ _id: ws.employee.id, client_id: ws.id, fullName: 'Eve Employee' });
    expect(result.rights.wall).toBe(true);
    expect(result.rights.admin).toBe(false);
    expect(result.roles).toEqual([]);
    expect(result.client).toMatchObject({ _id: ws.id, workspace: ws.workspace });
  });
});

describe('POST /api/register (administrator)', () => {
  it('adds an employee who can then sign in; answers the empls.success key', async () => {
    const ws = await makeWorkspace(h);
    const body = newEmployee(`a${Date.now()}`);
    const res = await call(h, ws.admin, 'POST', '/api/register', body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'empls.success', result: { login: body.login, client_id: ws.id } });
    expect(res.json()).not.toHaveProperty('token');
    const login = await call(h, null, 'POST', '/api/login', { login: body.email, password: body.password });
    expect(login.statusCode).toBe(200);
  });

  it('gives new employees the workspace default rights', async () => {
    const ws = await makeWorkspace(h, { settings: { defaultRights: { wall: false, chat: true } } });
    const res = await call(h, ws.admin, 'POST', '/api/register', newEmployee(`r${Date.now()}`));
    expect(res.json().result.rights).toMatchObject({ wall: false, chat: true, admin: false });
  });

  it('enforces the employee rules: unique login and e-mail, password length, INN, names, confirmation', async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    const base = newEmployee(`v${Date.now()}`);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...base, email: other.employee.email }, 'email', 'email_taken'],
      [{ ...base, login: other.employee.login.toUpperCase() }, 'login', 'login_taken'],
      [{ ...base, password: '12345', confirmation: '12345' }, 'password', 'password_short'],
      [{ ...base, confirmation: 'different' }, 'confirmation', 'passwords_mismatch'],
      [{ ...base, inn: '12345' }, 'inn', 'inn_invalid'],
      [{ ...base, email: 'not-an-email' }, 'email', 'email_invalid'],
      [{ ...base, firstName: 'R2D2<script>' }, 'firstName', 'invalid_symbols'],
      [{ ...base, lastName: 'A'.repeat(21) }, 'lastName', 'too_long'],
      [{ ...base, firstName: '' }, 'firstName', 'required'],
    ];
    for (const [body, field, code] of cases) {
      const res = await call(h, ws.admin, 'POST', '/api/register', body);
      expect(res.statusCode, `${field} ${code}`).toBeGreaterThanOrEqual(400);
      expect(res.json().fields?.[field], `${field} ${code}`).toBe(code);
    }
  });

  it('refuses an employee without the admin role', async () => {
    const ws = await makeWorkspace(h);
    const res = await call(h, ws.employee, 'POST', '/api/register', newEmployee(`e${Date.now()}`));
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /api/register (open registration)', () => {
  it('joins a workspace that accepts open registration and answers a token', async () => {
    const ws = await makeWorkspace(h, { settings: { openRegistration: true } });
    const { position: _p, inn: _i, ...own } = newEmployee(`o${Date.now()}`);
    // A newcomer chooses no rights and no HR-owned fields (register-rules.test.ts has every refused field).
    const refused = await call(h, null, 'POST', '/api/register', {
      ...own,
      workspace: ws.workspace,
      rights: { admin: true },
    });
    expect(refused.json()).toMatchObject({ code: 'no_access', fields: { rights: 'no_access' } });
    const res = await call(h, null, 'POST', '/api/register', { ...own, workspace: ws.workspace });
    expect(res.statusCode).toBe(200);
    const { token, result } = res.json();
    expect(result.client_id).toBe(ws.id);
    expect(result.rights.admin).toBe(false);
    const me = await call(h, { token }, 'GET', '/api/user/me');
    expect(me.json().result.user._id).toBe(result._id);
  });

  it('refuses a closed workspace and an unknown code', async () => {
    const ws = await makeWorkspace(h);
    const closed = await call(h, null, 'POST', '/api/register', {
      ...newEmployee(`c${Date.now()}`),
      workspace: ws.workspace,
    });
    expect(closed.statusCode).toBe(403);
    expect(closed.json().code).toBe('registration_closed');
    const unknown = await call(h, null, 'POST', '/api/register', {
      ...newEmployee(`u${Date.now()}`),
      workspace: 'nosuchws',
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('POST /api/register_many', () => {
  it('imports the good rows and reports each bad one', async () => {
    const ws = await makeWorkspace(h);
    const stamp = Date.now();
    const rows = [
      { firstName: 'Ann', lastName: 'One', email: `one${stamp}@example.test`, inn: 1234567890 },
      { firstName: 'Bob', lastName: 'Two', email: 'broken-email' },
      { firstName: 'Cid', lastName: 'Three', email: `three${stamp}@example.test`, password: 'secret12' },
      { firstName: 'Dup', lastName: 'Four', email: `one${stamp}@example.test` },
      { firstName: 'Eve', lastName: 'Five', email: ws.employee.email },
    ];
    const res = await call(h, ws.admin, 'POST', '/api/register_many', { users: rows });
    expect(res.statusCode).toBe(200);
    const { created, errors } = res.json().result;
    expect(created.map((c: { row: number }) => c.row)).toEqual([1, 3]);
    expect(errors).toEqual([
      expect.objectContaining({ row: 2, fields: { email: 'email_invalid' } }),
      expect.objectContaining({ row: 4, fields: { email: 'email_taken' } }),
      expect.objectContaining({ row: 5, fields: { email: 'email_taken' } }),
    ]);
    const list = await call(h, ws.admin, 'GET', `/api/user/for_client/${ws.id}`);
    expect(list.json().total).toBe(4);
  });
});

describe('GET /api/user/{id} and PUT /api/user/{id}', () => {
  it('lets an employee edit their own profile with profile_edit, not HR fields', async () => {
    const ws = await makeWorkspace(h);
    const me = ws.employee;
    const ok = await call(h, me, 'PUT', `/api/user/${me.id}`, {
      about: 'Hello there',
      city: 'Lisbon',
      phone: '+351 1',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result).toMatchObject({ about: 'Hello there', city: 'Lisbon' });
    const hr = await call(h, me, 'PUT', `/api/user/${me.id}`, { position: 'CEO' });
    expect(hr.statusCode).toBe(403);
    expect(hr.json().fields).toEqual({ position: 'no_access' });
    const other = await call(h, me, 'PUT', `/api/user/${ws.admin.id}`, { about: 'hacked' });
    expect(other.statusCode).toBe(403);
  });

  it('refuses own edits without profile_edit, but saves language and theme', async () => {
    const ws = await makeWorkspace(h);
    const locked = await makeUser(h, ws.id, { rights: { profile_edit: false } });
    const res = await call(h, locked, 'PUT', `/api/user/${locked.id}`, { about: 'x' });
    expect(res.statusCode).toBe(403);
    const prefs = await call(h, locked, 'PUT', `/api/user/${locked.id}`, { lang: 'ru', theme: 'dark' });
    expect(prefs.json().result).toMatchObject({ lang: 'ru', theme: 'dark' });
  });

  it('lets the superadmin save their own preferences without a workspace', async () => {
    const root = await superadmin(h);
    const res = await call(h, root, 'PUT', `/api/user/${root.id}`, { lang: 'ua', theme: 'dark' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ lang: 'ua', theme: 'dark', client_id: null });
    const ws = await makeWorkspace(h);
    const other = await call(h, root, 'PUT', `/api/user/${ws.employee.id}`, { about: 'hi' });
    expect(other.json().code).toBe('workspace_required');
  });

  it('lets an administrator edit anyone, including HR fields', async () => {
    const ws = await makeWorkspace(h);
    const res = await call(h, ws.admin, 'PUT', `/api/user/${ws.employee.id}`, {
      position: 'Lead',
      department: 'Sales',
      hrData: { contract: 'A-17' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ position: 'Lead', department: 'Sales', hrData: { contract: 'A-17' } });
  });

  it('shows HR data to the person, their chief and administrators only', async () => {
    const ws = await makeWorkspace(h);
    const chief = await makeUser(h, ws.id);
    const person = await makeUser(h, ws.id, { chief: chief.id, hrData: { salaryGrade: 'B2' }, inn: '1234567890' });
    const colleague = await makeUser(h, ws.id);
    for (const [who, sees] of [
      [person, true],
      [chief, true],
      [ws.admin, true],
      [colleague, false],
    ] as const) {
      const res = await call(h, who, 'GET', `/api/user/${person.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().result.hrData, who.login).toEqual(sees ? { salaryGrade: 'B2' } : undefined);
      expect(res.json().result.inn).toBe(sees ? '1234567890' : '');
    }
  });

  it('changes the own password only with the old one, and revokes other sessions', async () => {
    const ws = await makeWorkspace(h);
    const me = ws.employee;
    const noOld = await call(h, me, 'PUT', `/api/user/${me.id}`, {
      password: 'brand-new-1',
      confirmation: 'brand-new-1',
    });
    expect(noOld.json().fields).toEqual({ oldPassword: 'old_password_required' });
    const wrongOld = await call(h, me, 'PUT', `/api/user/${me.id}`, {
      password: 'brand-new-1',
      confirmation: 'brand-new-1',
      oldPassword: 'wrong-one',
    });
    expect(wrongOld.json().fields).toEqual({ oldPassword: 'password_incorrect' });
    const ok = await call(h, me, 'PUT', `/api/user/${me.id}`, {
      password: 'brand-new-1',
      confirmation: 'brand-new-1',
      oldPassword: PASSWORD,
    });
    expect(ok.statusCode).toBe(200);
    const fresh = { token: ok.json().token as string };
    expect((await call(h, me, 'GET', '/api/user/me')).statusCode).toBe(401);
    expect((await call(h, fresh, 'GET', '/api/user/me')).statusCode).toBe(200);
    expect((await call(h, null, 'POST', '/api/login', { login: me.login, password: 'brand-new-1' })).statusCode).toBe(
      200,
    );
  });

  it('saves dark theme only with the dark_theme right', async () => {
    const ws = await makeWorkspace(h);
    const plain = await makeUser(h, ws.id, { rights: { dark_theme: false } });
    expect((await call(h, plain, 'PUT', `/api/user/${plain.id}`, { theme: 'dark' })).statusCode).toBe(403);
    const res = await call(h, ws.employee, 'PUT', `/api/user/${ws.employee.id}`, { theme: 'dark', lang: 'ua' });
    expect(res.json().result).toMatchObject({ theme: 'dark', lang: 'ua' });
  });

  it('refuses a taken e-mail with a field error', async () => {
    const ws = await makeWorkspace(h);
    const res = await call(h, ws.employee, 'PUT', `/api/user/${ws.employee.id}`, { email: ws.admin.email });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'email_taken', fields: { email: 'email_taken' } });
  });
});

describe('lists', () => {
  it('GET /api/user/for_client lists the active people of the own workspace only', async () => {
    const ws = await makeWorkspace(h);
    await makeUser(h, ws.id, { deleted: true, lastName: 'Gone' });
    const res = await call(h, ws.employee, 'GET', `/api/user/for_client/${ws.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(2);
    const deleted = await call(h, ws.admin, 'GET', `/api/user/for_client/${ws.id}?deleted=1`);
    expect(deleted.json().result.map((u: { lastName: string }) => u.lastName)).toEqual(['Gone']);
    expect((await call(h, ws.employee, 'GET', `/api/user/for_client/${ws.id}?deleted=1`)).statusCode).toBe(403);
  });

  it('POST /api/user/filter/{workspace} searches, filters and pages', async () => {
    const ws = await makeWorkspace(h);
    await makeUser(h, ws.id, {
      firstName: 'Olga',
      lastName: 'Orlova',
      position: 'Designer',
      city: 'Riga',
      department: 'Product',
    });
    await makeUser(h, ws.id, {
      firstName: 'Oleg',
      lastName: 'Orlov',
      position: 'Engineer',
      city: 'Riga',
      department: 'R&D',
    });
    const search = await call(h, ws.employee, 'POST', `/api/user/filter/${ws.workspace}`, { search: 'design' });
    expect(search.json().result.map((u: { firstName: string }) => u.firstName)).toEqual(['Olga']);
    const city = await call(h, ws.employee, 'POST', `/api/user/filter/${ws.workspace}`, {
      city: 'riga',
      limit: 1,
      page: 1,
    });
    expect(city.json()).toMatchObject({ total: 2 });
    expect(city.json().result.map((u: { firstName: string }) => u.firstName)).toEqual(['Olga']);
    // Pages of one, in the address book's order (Orlov before Orlova); past the end, no one and still the count.
    const pages = await Promise.all(
      [0, 2].map(async (page) =>
        (
          await call(h, ws.employee, 'POST', `/api/user/filter/${ws.workspace}`, { city: 'riga', limit: 1, page })
        ).json(),
      ),
    );
    expect(pages.map((p) => [p.total, p.result.map((u: { firstName: string }) => u.firstName)])).toEqual([
      [2, ['Oleg']],
      [2, []],
    ]);
    const dept = await call(h, ws.employee, 'POST', `/api/user/filter/${ws.workspace}`, { department: 'r&d' });
    expect(dept.json().result.map((u: { firstName: string }) => u.firstName)).toEqual(['Oleg']);
    const percent = await call(h, ws.employee, 'POST', `/api/user/filter/${ws.workspace}`, { search: '%' });
    expect(percent.json().total).toBe(0);
  });
});

describe('soft delete and restore', () => {
  it('hides, blocks sign-in and ends sessions; restore brings both back', async () => {
    const ws = await makeWorkspace(h);
    const person = await makeUser(h, ws.id);
    const del = await call(h, ws.admin, 'PUT', `/api/user/delete/${person.id}`);
    expect(del.json().result.deletion_mark).toBe(true);
    expect((await call(h, person, 'GET', '/api/user/me')).statusCode).toBe(401);
    expect((await call(h, null, 'POST', '/api/login', { login: person.login, password: PASSWORD })).statusCode).toBe(
      403,
    );
    await call(h, ws.admin, 'PUT', `/api/user/undelete/${person.id}`);
    expect((await call(h, null, 'POST', '/api/login', { login: person.login, password: PASSWORD })).statusCode).toBe(
      200,
    );
  });

  it('an administrator cannot delete themselves or another administrator; the superadmin can', async () => {
    const ws = await makeWorkspace(h);
    const otherAdmin = await makeUser(h, ws.id, { roles: ['admin'] });
    const self = await call(h, ws.admin, 'PUT', `/api/user/delete/${ws.admin.id}`);
    expect(self.json()).toMatchObject({ code: 'cannot_delete_self' });
    const admin = await call(h, ws.admin, 'PUT', `/api/user/delete/${otherAdmin.id}`);
    expect(admin.json()).toMatchObject({ code: 'cannot_delete_admin' });
    const root = await superadmin(h);
    const bySuper = await call(h, root, 'PUT', `/api/user/delete/${otherAdmin.id}`, undefined, {
      'x-company-id': ws.id,
    });
    expect(bySuper.statusCode).toBe(200);
    expect((await call(h, ws.employee, 'PUT', `/api/user/delete/${otherAdmin.id}`)).statusCode).toBe(403);
  });
});

describe('roles', () => {
  it('grants and revokes a role without duplicates; never the own role', async () => {
    const ws = await makeWorkspace(h);
    const url = `/api/user/${ws.employee.id}/role/admin`;
    await call(h, ws.admin, 'PUT', url);
    const twice = await call(h, ws.admin, 'PUT', url);
    expect(twice.json().result.roles).toEqual(['admin']);
    // Now an administrator: only the superadmin takes the role back (spec portal §6).
    expect((await call(h, ws.admin, 'DELETE', url)).json().code).toBe('cannot_change_admin');
    const revoked = await call(h, await superadmin(h), 'DELETE', url, undefined, { 'x-company-id': ws.id });
    expect(revoked.json().result.roles).toEqual([]);
    const own = await call(h, ws.admin, 'DELETE', `/api/user/${ws.admin.id}/role/admin`);
    expect(own.json().code).toBe('cannot_change_own_role');
    expect((await call(h, ws.admin, 'PUT', `/api/user/${ws.employee.id}/role/superadmin`)).statusCode).toBe(400);
    expect((await call(h, ws.employee, 'PUT', `/api/user/${ws.admin.id}/role/hr`)).statusCode).toBe(403);
  });

  it('grants a role to every employee of the workspace, answering role and users', async () => {
    const ws = await makeWorkspace(h);
    const extra = await makeUser(h, ws.id);
    const res = await call(h, ws.admin, 'PUT', `/api/clients/${ws.id}/role/hr`);
    expect(res.json()).toEqual({ role: 'hr', users: expect.arrayContaining([ws.employee.id, extra.id]) });
    expect(res.json().users).not.toContain(ws.admin.id);
    const removed = await call(h, ws.admin, 'DELETE', `/api/clients/${ws.id}/role/hr`);
    expect(removed.json().users).toHaveLength(2);
    const other = await makeWorkspace(h);
    expect((await call(h, ws.admin, 'PUT', `/api/clients/${other.id}/role/hr`)).statusCode).toBe(403);
  });
});

describe('rights', () => {
  it('sets rights of one employee and of everyone', async () => {
    const ws = await makeWorkspace(h);
    const one = await call(h, ws.admin, 'PUT', `/api/user/${ws.employee.id}/rights`, { rights: { wall: false } });
    expect(one.json().result.rights.wall).toBe(false);
    const blocked = await call(h, ws.employee, 'GET', '/api/user/me');
    expect(blocked.json().result.rights.wall).toBe(false);
    const all = await call(h, ws.admin, 'PUT', `/api/clients/${ws.id}/rights`, { rights: { chat: false } });
    expect(all.json().users).toHaveLength(2);
    const me = await call(h, ws.employee, 'GET', '/api/user/me');
    expect(me.json().result.rights).toMatchObject({ chat: false, wall: false });
    expect(
      (await call(h, ws.employee, 'PUT', `/api/user/${ws.employee.id}/rights`, { rights: { admin: true } })).statusCode,
    ).toBe(403);
  });
});

describe('POST /api/reset_password_hard', () => {
  it('lets an administrator set a password', async () => {
    const ws = await makeWorkspace(h);
    const res = await call(h, ws.admin, 'POST', '/api/reset_password_hard', {
      user_id: ws.employee.id,
      password: 'set-by-admin',
    });
    expect(res.statusCode).toBe(200);
    expect(
      (await call(h, null, 'POST', '/api/login', { login: ws.employee.login, password: 'set-by-admin' })).statusCode,
    ).toBe(200);
    expect((await call(h, ws.employee, 'GET', '/api/user/me')).statusCode).toBe(401);
    const colleague = await makeUser(h, ws.id);
    const refused = await call(h, colleague, 'POST', '/api/reset_password_hard', {
      user_id: ws.admin.id,
      password: 'x12345',
    });
    expect(refused.statusCode).toBe(403);
  });
});
