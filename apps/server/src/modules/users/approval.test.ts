import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createHarness, type Harness, makeUser, makeWorkspace, type TestWorkspace } from '../../test/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

let serial = 0;
const newcomer = (ws: TestWorkspace) => {
  const n = `${Date.now().toString(36)}${serial++}`;
  return {
    firstName: 'Pia',
    lastName: 'Pending',
    email: `pia.${n}@example.test`,
    login: `pia${n}`,
    password: 'long-enough',
    lang: 'ru',
    workspace: ws.workspace,
  };
};
const signIn = (login: string, password = 'long-enough') =>
  call(h, null, 'POST', '/api/loginPage', { login, password });
const list = async (ws: TestWorkspace, body: Record<string, unknown>) =>
  (await call(h, ws.admin, 'POST', `/api/user/filter/${ws.workspace}`, body)).json().result as {
    _id: string;
    status: string;
  }[];
const mailsTo = async (email: string) =>
  (await h.platform.database.query('SELECT subject, text FROM outbox WHERE "to" = $1', [email])).rows as {
    subject: string;
    text: string;
  }[];

describe('registration approval', () => {
  it('is a workspace setting only administrators change', async () => {
    const ws = await makeWorkspace(h);
    const on = await call(h, ws.admin, 'PUT', `/api/clients/${ws.id}`, { settings: { registrationApproval: true } });
    expect(on.statusCode).toBe(200);
    expect(on.json().result.settings).toMatchObject({ registrationApproval: true });
    const employee = await call(h, ws.employee, 'PUT', `/api/clients/${ws.id}`, {
      settings: { registrationApproval: false },
    });
    expect(employee.statusCode).toBe(403);
  });

  it('without it, a newcomer signs in at once (as before)', async () => {
    const ws = await makeWorkspace(h, { settings: { openRegistration: true } });
    const body = newcomer(ws);
    const res = await call(h, null, 'POST', '/api/register', body);
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toBeTruthy();
    expect(res.json().result.status).toBe('active');
  });

  it('with it, the newcomer waits: no session, a clear refusal at sign-in, the administrators are told', async () => {
    const ws = await makeWorkspace(h, { settings: { openRegistration: true, registrationApproval: true } });
    const admin2 = await makeUser(h, ws.id, { roles: ['admin'] });
    const body = newcomer(ws);
    const res = await call(h, null, 'POST', '/api/register', body);
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toBeUndefined();
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.json().result).toMatchObject({ status: 'pending', email: body.email });
    const id = res.json().result._id as string;

    const refused = await signIn(body.login);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('registration_pending');
    // A wrong password still answers as for anyone: nobody learns that the account exists.
    expect((await signIn(body.login, 'wrong-password')).json().code).toBe('password_incorrect');

    // Not in anybody's lists: the address book, nor the deleted ones; only in "pending".
    const book = await call(h, ws.employee, 'POST', `/api/user/filter/${ws.workspace}`, { search: 'Pia' });
    expect(book.json().total).toBe(0);
    expect(await list(ws, { deleted: true })).toEqual([]);
    expect((await list(ws, { pending: true })).map((p) => [p._id, p.status])).toEqual([[id, 'pending']]);
    const peek = await call(h, ws.employee, 'POST', `/api/user/filter/${ws.workspace}`, { pending: true });
    expect(peek.statusCode).toBe(403);

    const { rows } = await h.platform.database.query(
      'SELECT code, recipients, vars, link FROM notification_events WHERE client_id = $1',
      [ws.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      code: 'users.registration_pending',
      vars: { name: 'Pia Pending', email: body.email },
      link: '/employees/?status=pending',
    });
    expect(new Set((rows[0].recipients as { ids: string[] }).ids)).toEqual(new Set([ws.admin.id, admin2.id]));

    // Restoring is not approving.
    const restore = await call(h, ws.admin, 'PUT', `/api/user/undelete/${id}`);
    expect(restore.statusCode).toBe(400);
    expect(restore.json().code).toBe('user_pending');
  });

  it('approval lets the person in and mails them in their language', async () => {
    const ws = await makeWorkspace(h, { settings: { openRegistration: true, registrationApproval: true } });
    const body = newcomer(ws);
    const id = (await call(h, null, 'POST', '/api/register', body)).json().result._id as string;
    const res = await call(h, ws.admin, 'POST', '/api/user/bulk', { action: 'approve', ids: [id, ws.employee.id] });
    expect(res.json().result).toEqual([
      { _id: id, ok: true },
      { _id: ws.employee.id, ok: false, code: 'not_pending' },
    ]);
    const [mail] = await mailsTo(body.email);
    expect(mail.subject).toBe(`Добро пожаловать в Company ${ws.workspace}: регистрация одобрена`);
    expect(mail.text).toContain(body.login);
    expect(mail.text).toContain('http://hallway.test/login');
    const signedIn = await signIn(body.login);
    expect(signedIn.statusCode).toBe(200);
    expect((await list(ws, { search: 'Pia' })).map((p) => p.status)).toEqual(['active']);
    expect(await list(ws, { pending: true })).toEqual([]);
  });

  it('decline removes the pending account (and nobody else), so the address can register again', async () => {
    const ws = await makeWorkspace(h, { settings: { openRegistration: true, registrationApproval: true } });
    const other = await makeWorkspace(h, { settings: { openRegistration: true, registrationApproval: true } });
    const body = newcomer(ws);
    const id = (await call(h, null, 'POST', '/api/register', body)).json().result._id as string;
    const foreign = (await call(h, null, 'POST', '/api/register', newcomer(other))).json().result._id as string;
    const stranger = await call(h, ws.admin, 'POST', '/api/user/bulk', { action: 'decline', ids: [id, foreign] });
    expect(stranger.statusCode).toBe(404);
    const res = await call(h, ws.admin, 'POST', '/api/user/bulk', { action: 'decline', ids: [id] });
    expect(res.json().result).toEqual([{ _id: id, ok: true }]);
    const { rows } = await h.platform.database.query('SELECT id FROM users WHERE id = ANY($1::uuid[])', [
      [id, foreign],
    ]);
    expect(rows).toEqual([{ id: foreign }]);
    expect((await signIn(body.login)).json().code).toBe('password_incorrect');
    expect((await call(h, null, 'POST', '/api/register', body)).statusCode).toBe(200);
    // Declining someone who is not pending deletes nobody.
    const active = await call(h, ws.admin, 'POST', '/api/user/bulk', { action: 'decline', ids: [ws.employee.id] });
    expect(active.json().result).toEqual([{ _id: ws.employee.id, ok: false, code: 'not_pending' }]);
  });
});
