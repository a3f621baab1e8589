import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createHarness,
  type Harness,
  makeUser,
  makeWorkspace,
  PASSWORD,
  SUPERADMIN,
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
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('user_not_found');
    const right = await call(h, null, 'POST', '/api/loginPage', {
      login: ws.employee.login,
      password: PASSWORD,
      workspace: ws.workspace.toUpperCase(),
    });
    expect(right.statusCode).toBe(200);
  });

  it('refuses a wrong password, an unknown login and empty fields with the spec texts', async () => {
    const ws = await makeWorkspace(h);
    const wrong = await call(h, null, 'POST', '/api/loginPage', { login: ws.employee.login, password: 'nope-nope' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: 'Password is incorrect', code: 'password_incorrect' });
    const unknown = await call(h, null, 'POST', '/api/loginPage', { login: 'nobody-here', password: PASSWORD });
    expect(unknown.json()).toMatchObject({ message: 'User not found', code: 'user_not_found' });
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
    const known = await call(h, null, 'POST', '/api/forgot_password', { email: ws.employee.email });
    const unknown = await call(h, null, 'POST', '/api/forgot_password', { email: 'ghost@example.test' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(await lastMailTo(ws.employee.email)).toHaveLength(1);
    expect(await lastMailTo('ghost@example.test')).toHaveLength(0);
  });

  it('sets a new password once with the mailed link, ending earlier sessions', async () => {
    const ws = await makeWorkspace(h);
    await call(h, null, 'POST', '/api/forgot_password', { email: ws.employee.email });
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
    expect(
      (await call(h, null, 'POST', '/api/login', { login: ws.employee.login, password: 'new-pass-1' })).statusCode,
    ).toBe(200);
    const again = await call(h, null, 'POST', `/api/reset_password/${token}`, {
      password: 'new-pass-2',
      confirmation: 'new-pass-2',
    });
    expect(again.json().code).toBe('reset_link_invalid');
  });

  it('refuses an expired link', async () => {
    const ws = await makeWorkspace(h);
    await call(h, null, 'POST', '/api/forgot_password', { email: ws.employee.email });
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

describe('throttling', () => {
  it('limits sign-in attempts per address and login', async () => {
    const limited = await createHarness({ LOGIN_RATE_LIMIT: '3' });
    try {
      const ws = await makeWorkspace(limited);
      const attempt = () =>
        call(limited, null, 'POST', '/api/login', { login: ws.employee.login, password: 'wrong-1' });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(400);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().code).toBe('too_many_requests');
      // another login from the same address is still let through
      const other = await call(limited, null, 'POST', '/api/login', { login: ws.admin.login, password: PASSWORD });
      expect(other.statusCode).toBe(200);
      for (let i = 0; i < 3; i++) await call(limited, null, 'POST', '/api/forgot_password', { email: ws.admin.email });
      expect((await call(limited, null, 'POST', '/api/forgot_password', { email: ws.admin.email })).statusCode).toBe(
        429,
      );
    } finally {
      await limited.close();
    }
  });
});
