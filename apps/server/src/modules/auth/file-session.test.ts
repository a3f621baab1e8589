import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createHarness, type Harness, makeWorkspace, PASSWORD } from '../../test/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const cookieOf = (setCookie: string | string[] | undefined, name: string) =>
  [setCookie ?? []].flat().find((c) => c.startsWith(`${name}=`));

// Issue 12 #1: the header avatar's <img> raced PUT /api/files/session and got 401 on the first paint.
describe('sign-in opens the file session', () => {
  it('sets the download cookie in the loginPage and login answers, and <img src> can use it at once', async () => {
    const ws = await makeWorkspace(h);
    for (const url of ['/api/loginPage', '/api/login']) {
      const res = await call(h, null, 'POST', url, { login: ws.employee.login, password: PASSWORD });
      expect(res.statusCode).toBe(200);
      const session = cookieOf(res.headers['set-cookie'], 'hallway_session');
      expect(session).toContain(`hallway_session=${res.json().token}`);
      expect(session).toMatch(/; Path=\/api\/files; Max-Age=\d{6,}; HttpOnly; SameSite=Lax$/);
      expect(cookieOf(res.headers['set-cookie'], 'hallway_company')).toMatch(/^hallway_company=; .*Max-Age=0/);

      // A missing file answers 404 with the cookie (the request was authorised), 401 without it.
      const thumb = `/api/files/${crypto.randomUUID()}/thumb`;
      const cookie = session!.split(';')[0];
      const withCookie = await h.app.inject({ method: 'GET', url: thumb, headers: { cookie } });
      expect(withCookie.statusCode).toBe(404);
      expect((await h.app.inject({ method: 'GET', url: thumb })).statusCode).toBe(401);
    }
  });

  it('sets it when open registration signs the newcomer in, and not when an administrator registers someone', async () => {
    const ws = await makeWorkspace(h, { settings: { openRegistration: true } });
    const joined = await call(h, null, 'POST', '/api/register', {
      firstName: 'New',
      lastName: 'Comer',
      email: `newcomer-${crypto.randomUUID()}@example.test`,
      password: 'secret-pass-1',
      workspace: ws.workspace,
    });
    expect(joined.statusCode).toBe(200);
    expect(cookieOf(joined.headers['set-cookie'], 'hallway_session')).toContain(
      `hallway_session=${joined.json().token}`,
    );
    const byAdmin = await call(h, ws.admin, 'POST', '/api/register', {
      firstName: 'Other',
      lastName: 'Person',
      email: `other-${crypto.randomUUID()}@example.test`,
      password: 'secret-pass-1',
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.headers['set-cookie']).toBeUndefined();
  });

  it('sets no cookie when sign-in fails', async () => {
    const ws = await makeWorkspace(h);
    const res = await call(h, null, 'POST', '/api/loginPage', { login: ws.employee.login, password: 'wrong-pass' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});
