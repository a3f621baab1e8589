import { createSigner } from 'fast-jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  askResetLink,
  call,
  createHarness,
  type Harness,
  makeUser,
  makeWorkspace,
  PASSWORD,
  SUPERADMIN,
  superadmin,
} from '../../test/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('GET /api/env', () => {
  it('answers the vendor without a session', async () => {
    const res = await call(h, null, 'GET', '/api/env');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ vendor: 'hallway', defaultLang: 'en', oidc: false });
  });
});

describe('POST /api/loginPage', () => {
  it('signs in by login and by e-mail, answering token, user and X-Vendor', async () => {
    const ws = await makeWorkspace(h);
    for (const login of [ws.employee.login, ws.employee.email.toUpperCase()]) {
      const res = await call(h, null, 'POST', '/api/loginPage', { login, password: PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-vendor']).toBe('hallway');
      const body = res.json();
      expect(body.result._id).toBe(ws.employee.id);
      expect(body.result).not.toHaveProperty('passwordHash');
      const me = await call(h, { token: body.token }, 'GET', '/api/user/me');
      expect(me.statusCode).toBe(200);
      expect(me.json().result.client._id).toBe(ws.id);
    }
  });

  it('checks the workspace when one is given', async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    const wrong = await call(h, null, 'POST', '/api/loginPage', {
      login: ws.employee.login,
      password: PASSWORD,
      workspace: other.workspace,
    });
    // the same answer as a wrong password: nobody learns that the login exists in another workspace
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('password_incorrect');
    const right = await call(h, null, 'POST', '/api/loginPage', {
      login: ws.employee.login,
      password: PASSWORD,
      workspace: ws.workspace.toUpperCase(),
    });
    expect(right.statusCode).toBe(200);
  });

  it('refuses a wrong password and an unknown login with one answer, and empty fields with the spec texts', async () => {
    const ws = await makeWorkspace(h);
    const wrong = await call(h, null, 'POST', '/api/loginPage', { login: ws.employee.login, password: 'nope-nope' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: 'Password is incorrect', code: 'password_incorrect' });
    const unknown = await call(h, null, 'POST', '/api/loginPage', { login: 'nobody-here', password: PASSWORD });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toBe(wrong.body);
    const empty = await call(h, null, 'POST', '/api/loginPage', { login: '', password: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      code: 'validation',
      fields: { login: 'no_login', password: 'no_credentials' },
    });
  });

  it('refuses a deleted employee and a blocked company with 403', async () => {
    const ws = await makeWorkspace(h);
    const gone = await makeUser(h, ws.id, { deleted: true });
    const deleted = await call(h, null, 'POST', '/api/loginPage', { login: gone.login, password: PASSWORD });
    expect(deleted.statusCode).toBe(403);
    expect(deleted.json().message).toBe('User was deleted');
    const blocked = await makeWorkspace(h, { status: 'blocked' });
    const res = await call(h, null, 'POST', '/api/loginPage', { login: blocked.employee.login, password: PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('The company is blocked');
    // and an existing session of the blocked company stops working
    const me = await call(h, blocked.employee, 'GET', '/api/user/me');
    expect(me.statusCode).toBe(403);
    expect(me.json().code).toBe('company_blocked');
  });
});

describe('POST /api/login', () => {
  it('answers token and _id; the token carries exp, client_id and result._id', async () => {
    const ws = await makeWorkspace(h);
    const res = await call(h, null, 'POST', '/api/login', { login: ws.admin.login, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const { token, _id } = res.json();
    expect(_id).toBe(ws.admin.id);
    const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    expect(payload.client_id).toBe(ws.id);
    expect(payload.result._id).toBe(ws.admin.id);
    expect(payload.exp).toBeGreaterThan(Date.now() / 1000);
  });

  it('lets the superadmin in without a workspace', async () => {
    const res = await call(h, null, 'POST', '/api/login', SUPERADMIN);
    expect(res.statusCode).toBe(200);
    const me = await call(h, { token: res.json().token }, 'GET', '/api/user/me');
    expect(me.json().result).toMatchObject({ roles: ['superadmin'], client: null });
  });
});

describe('sessions', () => {
  it('answers 401 without a token and with a forged one', async () => {
    expect((await call(h, null, 'GET', '/api/user/me')).statusCode).toBe(401);
    expect((await call(h, { token: 'a.b.c' }, 'GET', '/api/user/me')).statusCode).toBe(401);
  });

  it('refuses a well-signed token that never expires', async () => {
    const ws = await makeWorkspace(h);
    const { rows } = await h.platform.database.query("SELECT value FROM system_settings WHERE key = 'jwt_secret'");
    const key = rows[0].value as string;
    const claims = { result: { _id: ws.employee.id }, client_id: ws.id, v: ws.employee.row.tokenVersion };
    const forever = createSigner({ key, algorithm: 'HS256' })(claims);
    expect(JSON.parse(Buffer.from(forever.split('.')[1], 'base64url').toString())).not.toHaveProperty('exp');
    expect((await call(h, { token: forever }, 'GET', '/api/user/me')).statusCode).toBe(401);
    // the same claims with an expiry pass, so the refusal is about the missing `exp` alone
    const expiring = createSigner({ key, algorithm: 'HS256', expiresIn: '5m' })(claims);
    expect((await call(h, { token: expiring }, 'GET', '/api/user/me')).statusCode).toBe(200);
  });

  it('logout revokes earlier tokens', async () => {
    const ws = await makeWorkspace(h);
    const login = await call(h, null, 'POST', '/api/login', { login: ws.employee.login, password: PASSWORD });
    const session = { token: login.json().token };
    expect((await call(h, session, 'POST', '/api/logout', { user_id: ws.employee.id })).statusCode).toBe(200);
    const after = await call(h, session, 'GET', '/api/user/me');
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('session_expired');
  });
});

describe('password restore', () => {
  const lastMailTo = async (email: string) => {
    const { rows } = await h.platform.database.query('SELECT text FROM outbox WHERE "to" = $1 ORDER BY created DESC', [
      email,
    ]);
    return rows as { text: string }[];
  };
  const tokenIn = (text: string) => /reset-password\/([A-Za-z0-9_-]+)/.exec(text)![1];

  it('answers the same for a known and an unknown e-mail, mailing only the known one', async () => {
    const ws = await makeWorkspace(h);
    const known = await askResetLink(h, ws.employee.email);
    const unknown = await askResetLink(h, 'ghost@example.test');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(await lastMailTo(ws.employee.email)).toHaveLength(1);
    expect(await lastMailTo('ghost@example.test')).toHaveLength(0);
  });

  it('takes the login as well as the e-mail, as sign-in does, and mails the link to the e-mail', async () => {
    const ws = await makeWorkspace(h);
    for (const name of [ws.employee.login, ` ${ws.employee.email.toUpperCase()} `]) {
      const before = (await lastMailTo(ws.employee.email)).length;
      expect((await askResetLink(h, name)).statusCode).toBe(200);
      expect(await lastMailTo(ws.employee.email)).toHaveLength(before + 1);
    }
    const empty = await call(h, null, 'POST', '/api/forgot_password', { email: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ fields: { email: 'no_login' } });
  });

  it('sets a new password once with the mailed link, ending earlier sessions', async () => {
    const ws = await makeWorkspace(h);
    await askResetLink(h, ws.employee.email);
    const [mail] = await lastMailTo(ws.employee.email);
    expect(mail.text).toContain('http://hallway.test/reset-password/');
    const token = tokenIn(mail.text);
    const mismatch = await call(h, null, 'POST', `/api/reset_password/${token}`, {
      password: 'new-pass-1',
      confirmation: 'other',
    });
    expect(mismatch.json()).toMatchObject({ fields: { confirmation: 'passwords_mismatch' } });
    const ok = await call(h, null, 'POST', `/api/reset_password/${token}`, {
      password: 'new-pass-1',
      confirmation: 'new-pass-1',
    });
    expect(ok.statusCode).toBe(200);
    expect((await call(h, ws.employee, 'GET', '/api/user/me')).statusCode).toBe(401);
    // The link signs the person in: its answer carries a working session.
    const session = ok.json() as { result: true; token: string; user: { _id: string } };
    expect(session.user._id).toBe(ws.employee.id);
    expect((await call(h, { token: session.token }, 'GET', '/api/user/me')).statusCode).toBe(200);
    expect(
      (await call(h, null, 'POST', '/api/login', { login: ws.employee.login, password: 'new-pass-1' })).statusCode,
    ).toBe(200);
    const again = await call(h, null, 'POST', `/api/reset_password/${token}`, {
      password: 'new-pass-2',
      confirmation: 'new-pass-2',
    });
    expect(again.json().code).toBe('reset_link_invalid');
  });

  it('sets the password of someone who may not enter (a blocked workspace) without signing them in', async () => {
    const ws = await makeWorkspace(h);
    await askResetLink(h, ws.employee.email);
    const token = tokenIn((await lastMailTo(ws.employee.email))[0].text);
    const root = await superadmin(h);
    expect((await call(h, root, 'PUT', `/api/clients/${ws.id}`, { status: 'blocked' })).statusCode).toBe(200);
    const set = await call(h, null, 'POST', `/api/reset_password/${token}`, {
      password: 'new-pass-1',
      confirmation: 'new-pass-1',
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ result: true });
  });

  it('keeps only the newest link live and spends open links on every password change', async () => {
    const ws = await makeWorkspace(h);
    const link = async () => {
      await askResetLink(h, ws.employee.email);
      return tokenIn((await lastMailTo(ws.employee.email))[0].text);
    };
    const use = (token: string, password: string) =>
      call(h, null, 'POST', `/api/reset_password/${token}`, { password, confirmation: password });
    const first = await link();
    const second = await link();
    expect((await use(first, 'from-first-1')).json().code).toBe('reset_link_invalid');
    // the owner changes the password in the profile: the open link dies
    const changed = await call(h, ws.employee, 'PUT', `/api/user/${ws.employee.id}`, {
      password: 'changed-pass-1',
      confirmation: 'changed-pass-1',
      oldPassword: PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    expect((await use(second, 'from-second-1')).json().code).toBe('reset_link_invalid');
    // an administrator sets it: the same
    const third = await link();
    const hard = await call(h, ws.admin, 'POST', '/api/reset_password_hard', {
      user_id: ws.employee.id,
      password: 'set-by-admin-1',
    });
    expect(hard.statusCode).toBe(200);
    expect((await use(third, 'from-third-1')).json().code).toBe('reset_link_invalid');
    const login = await call(h, null, 'POST', '/api/login', { login: ws.employee.login, password: 'set-by-admin-1' });
    expect(login.statusCode).toBe(200);
  });

  // Issue 13: "password changed (e-mail)" on every path, once the change committed.
  it('mails the person on every change of their password, but not an invited person on their first one', async () => {
    const ws = await makeWorkspace(h);
    const notices = async (email: string) => {
      const { rows } = await h.platform.database.query('SELECT subject FROM outbox WHERE "to" = $1', [email]);
      return (rows as { subject: string }[]).filter((r) => r.subject === 'Your password was changed').length;
    };
    const own = await call(h, ws.employee, 'PUT', `/api/user/${ws.employee.id}`, {
      password: 'changed-by-me-1',
      confirmation: 'changed-by-me-1',
      oldPassword: PASSWORD,
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(await notices(ws.employee.email)).toBe(1);
    await call(h, ws.admin, 'POST', '/api/reset_password_hard', {
      user_id: ws.employee.id,
      password: 'set-by-admin-1',
    });
    expect(await notices(ws.employee.email)).toBe(2);
    await askResetLink(h, ws.employee.email);
    const token = tokenIn((await lastMailTo(ws.employee.email)).find((m) => m.text.includes('reset-password/'))!.text);
    await call(h, null, 'POST', `/api/reset_password/${token}`, {
      password: 'from-link-1',
      confirmation: 'from-link-1',
    });
    expect(await notices(ws.employee.email)).toBe(3);
    const refused = await call(h, ws.admin, 'POST', '/api/reset_password_hard', {
      user_id: ws.admin.id,
      password: 'x1234567',
    });
    expect(refused.statusCode).toBe(400);
    expect(await notices(ws.admin.email)).toBe(0);

    const email = `invited${Date.now()}@example.test`;
    const invited = await call(h, ws.admin, 'POST', '/api/user/invite', {
      firstName: 'Ivy',
      lastName: 'Invited',
      email,
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const link = tokenIn((await lastMailTo(email))[0].text);
    const first = await call(h, null, 'POST', `/api/reset_password/${link}`, {
      password: 'first-pass-1',
      confirmation: 'first-pass-1',
    });
    expect(first.statusCode).toBe(200);
    expect(await notices(email)).toBe(0);
    // Issue 27 item 9: the new hire lands in the intranet, signed in, instead of signing in again by hand.
    const me = await call(h, { token: first.json().token }, 'GET', '/api/user/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().result.user.email).toBe(email);
  });

  // Issue 12 #3: the reset page checks its link on opening instead of after the new password was typed twice.
  it('checks a link without spending it: GET answers 200 while it works, 400 once used, expired or unknown', async () => {
    const ws = await makeWorkspace(h);
    await askResetLink(h, ws.employee.email);
    const token = tokenIn((await lastMailTo(ws.employee.email))[0].text);
    for (let i = 0; i < 2; i++) {
      const check = await call(h, null, 'GET', `/api/reset_password/${token}`);
      expect(check.statusCode).toBe(200);
      expect(check.json()).toEqual({ result: true });
    }
    const unknown = await call(h, null, 'GET', `/api/reset_password/${'x'.repeat(43)}`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('reset_link_invalid');
    const used = await call(h, null, 'POST', `/api/reset_password/${token}`, {
      password: 'new-pass-1',
      confirmation: 'new-pass-1',
    });
    expect(used.statusCode).toBe(200);
    expect((await call(h, null, 'GET', `/api/reset_password/${token}`)).json().code).toBe('reset_link_invalid');

    await askResetLink(h, ws.employee.email);
    const late = tokenIn((await lastMailTo(ws.employee.email))[0].text);
    await h.platform.database.query(
      "UPDATE password_resets SET expires_at = now() - interval '1 minute' WHERE user_id = $1",
      [ws.employee.id],
    );
    expect((await call(h, null, 'GET', `/api/reset_password/${late}`)).json().code).toBe('reset_link_invalid');
  });

  it('refuses an expired link', async () => {
    const ws = await makeWorkspace(h);
    await askResetLink(h, ws.employee.email);
    const [mail] = await lastMailTo(ws.employee.email);
    await h.platform.database.query(
      "UPDATE password_resets SET expires_at = now() - interval '1 minute' WHERE user_id = $1",
      [ws.employee.id],
    );
    const res = await call(h, null, 'POST', `/api/reset_password/${tokenIn(mail.text)}`, {
      password: 'new-pass-1',
      confirmation: 'new-pass-1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The reset link is invalid or has expired');
  });
});

describe('own password', () => {
  it('needs the old password, for an administrator too', async () => {
    const ws = await makeWorkspace(h);
    const hard = await call(h, ws.admin, 'POST', '/api/reset_password_hard', {
      user_id: ws.admin.id,
      password: 'taken-over-1',
    });
    expect(hard.statusCode).toBe(400);
    expect(hard.json()).toMatchObject({
      code: 'old_password_required',
      fields: { oldPassword: 'old_password_required' },
    });
    const profile = await call(h, ws.admin, 'PUT', `/api/user/${ws.admin.id}`, {
      password: 'taken-over-1',
      confirmation: 'taken-over-1',
    });
    expect(profile.json().fields).toEqual({ oldPassword: 'old_password_required' });
    expect(
      (await call(h, null, 'POST', '/api/login', { login: ws.admin.login, password: 'taken-over-1' })).statusCode,
    ).toBe(400);
    const withOld = await call(h, ws.admin, 'PUT', `/api/user/${ws.admin.id}`, {
      password: 'changed-pass-2',
      confirmation: 'changed-pass-2',
      oldPassword: PASSWORD,
    });
    expect(withOld.statusCode).toBe(200);
  });
});

describe('external sign-in', () => {
  it('is refused with a clear error when OIDC is not configured', async () => {
    const res = await call(h, null, 'POST', '/api/outlook/login', { code: 'abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'oidc_disabled',
      message: 'Sign-in with an external account is not configured',
    });
    expect((await call(h, null, 'GET', '/api/outlook/url')).json().code).toBe('oidc_disabled');
  });
});
