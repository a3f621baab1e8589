import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createHarness, type Harness, makeUser, makeWorkspace, PASSWORD } from '../../test/harness.js';
import { upload } from '../users/isolation.js';

// Issue 9 item 3: logins and e-mails are one case-folded namespace across the installation, so nobody can take
// over another person's sign-in text from any workspace or by any path.

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

let n = 0;
const fresh = (prefix: string) => `${prefix}${process.pid}x${Date.now().toString(36)}${n++}`;

/** Someone in a workspace of their own whose login looks like an e-mail address. */
async function personWithMailLikeLogin() {
  const ws = await makeWorkspace(h);
  const login = `${fresh('boss')}@corp.test`;
  await h.platform.database.query('UPDATE users SET login = $1 WHERE id = $2', [login, ws.admin.id]);
  return { ws, login };
}

const newcomer = (fields: Record<string, string>) => ({
  firstName: 'New',
  lastName: 'Comer',
  email: `${fresh('new')}@example.test`,
  password: 'secret-pass-1',
  ...fields,
});

describe('one namespace for logins and e-mails', () => {
  it('open registration cannot take another workspace administrator’s e-mail as a login', async () => {
    const victim = await makeWorkspace(h);
    const open = await makeWorkspace(h, { settings: { openRegistration: true } });
    const res = await call(
      h,
      null,
      'POST',
      '/api/register',
      newcomer({ login: victim.admin.email.toUpperCase(), workspace: open.workspace }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'login_taken', fields: { login: 'login_taken' } });
    const signIn = await call(h, null, 'POST', '/api/login', { login: victim.admin.email, password: PASSWORD });
    expect(signIn.json()._id).toBe(victim.admin.id);
  });

  it('an administrator cannot register someone whose e-mail is another person’s login, or the other way', async () => {
    const { login } = await personWithMailLikeLogin();
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    const byEmail = await call(h, ws.admin, 'POST', '/api/register', newcomer({ email: login.toUpperCase() }));
    expect(byEmail.statusCode).toBe(409);
    expect(byEmail.json()).toMatchObject({ code: 'email_taken', fields: { email: 'email_taken' } });
    const byLogin = await call(h, ws.admin, 'POST', '/api/register', newcomer({ login: other.employee.email }));
    expect(byLogin.json()).toMatchObject({ code: 'login_taken', fields: { login: 'login_taken' } });
    // a person's own login may be their own e-mail
    const email = `${fresh('same')}@example.test`;
    const own = await call(h, ws.admin, 'POST', '/api/register', newcomer({ login: email.toUpperCase(), email }));
    expect(own.statusCode).toBe(200);
    expect((await call(h, null, 'POST', '/api/login', { login: email, password: 'secret-pass-1' })).statusCode).toBe(
      200,
    );
  });

  it('register_many and the spreadsheet import report the taken names row by row', async () => {
    const { login } = await personWithMailLikeLogin();
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    const many = await call(h, ws.admin, 'POST', '/api/register_many', {
      users: [
        newcomer({ email: login }),
        newcomer({ login: other.admin.email.toUpperCase() }),
        newcomer({ login: fresh('fine') }),
      ],
    });
    expect(many.json().result.errors).toEqual([
      { row: 1, fields: { email: 'email_taken' }, message: 'This e-mail is already registered' },
      { row: 2, fields: { login: 'login_taken' }, message: 'This login is already taken' },
    ]);
    expect(many.json().result.created.map((r: { row: number }) => r.row)).toEqual([3]);
    const csv = `firstName,lastName,email,login\nAnn,Taken,${fresh('ann')}@example.test,${other.employee.email}\n`;
    const fileId = await upload(h, ws.admin.token, 'people.csv', 'text/csv', Buffer.from(csv));
    const imported = await call(h, ws.admin, 'POST', '/api/user/import', { file_id: fileId });
    expect(imported.json().result).toMatchObject({
      created: [],
      errors: [{ row: 2, fields: { login: 'login_taken' } }],
    });
  });

  it('a profile edit cannot take someone else’s name, and frees the old name it leaves', async () => {
    const { login } = await personWithMailLikeLogin();
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    const edit = (body: Record<string, string>) => call(h, ws.admin, 'PUT', `/api/user/${ws.employee.id}`, body);
    const email = await edit({ email: login });
    expect(email.statusCode).toBe(409);
    expect(email.json()).toMatchObject({ code: 'email_taken', fields: { email: 'email_taken' } });
    expect((await edit({ login: other.admin.email })).json()).toMatchObject({ code: 'login_taken' });
    // a new login: the old one no longer signs in and is free for someone else
    const renamed = fresh('renamed');
    expect((await edit({ login: renamed })).statusCode).toBe(200);
    expect((await call(h, null, 'POST', '/api/login', { login: renamed, password: PASSWORD })).statusCode).toBe(200);
    const old = await call(h, null, 'POST', '/api/login', { login: ws.employee.login, password: PASSWORD });
    expect(old.statusCode).toBe(400);
    const reuse = await makeUser(h, other.id);
    const taken = await call(h, other.admin, 'PUT', `/api/user/${reuse.id}`, { login: ws.employee.login });
    expect(taken.statusCode).toBe(200);
  });
});
