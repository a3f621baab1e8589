import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { argon2 } from '../../platform/auth/passwords.js';
import { call, createHarness, type Harness, makeUser, makeWorkspace, PASSWORD } from '../../test/harness.js';
import { passwordLinkEvents } from './service.js';

// Issue 9 item 9: sign-in (and password restore) tells nobody whether a name exists. The answers are compared byte for byte; the time is
// shown equal by the work done (one argon2 check of a hash with the real parameters), not by a stopwatch.
// A spy on the shared object, not vi.mock: test files share their worker's modules (isolate: false).
const checks = vi.spyOn(argon2, 'verify');

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  checks.mockRestore();
  await h.close();
});

/** The argon2 parameters of a PHC string: `$argon2id$v=19$m=19456,t=2,p=1$`. */
const parameters = (phc: string) => phc.split('$').slice(0, 4).join('$');

/** Signs in, answering the response and the hashes argon2 checked the password against. */
async function attempt(body: Record<string, string>, path = '/api/loginPage') {
  checks.mockClear();
  const res = await call(h, null, 'POST', path, body);
  return { res, hashes: checks.mock.calls.map(([hash]) => String(hash)) };
}

describe('sign-in answers', () => {
  it('are identical for an unknown name, a wrong password and another workspace, after one argon2 check each', async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    const realHash = ws.employee.row.passwordHash!;

    const wrong = await attempt({ login: ws.employee.login, password: 'wrong-pass' });
    const unknown = await attempt({ login: `nobody-${ws.workspace}`, password: 'wrong-pass' });
    const elsewhere = await attempt({ login: ws.employee.login, password: PASSWORD, workspace: other.workspace });

    expect(wrong.res.statusCode).toBe(400);
    for (const { res } of [unknown, elsewhere]) {
      expect(res.statusCode).toBe(wrong.res.statusCode);
      expect(res.body).toBe(wrong.res.body);
      expect(res.headers['content-length']).toBe(wrong.res.headers['content-length']);
    }
    expect(wrong.hashes).toEqual([realHash]);
    expect(elsewhere.hashes).toEqual([realHash]);
    // the unknown name is checked against the dummy hash: argon2id with the real parameters
    expect(unknown.hashes).toHaveLength(1);
    expect(unknown.hashes[0]).not.toBe(realHash);
    expect(parameters(unknown.hashes[0])).toBe(parameters(realHash));
  });

  it('do the same work for a person without a password (imported, restores it by mail)', async () => {
    const ws = await makeWorkspace(h);
    const imported = await makeUser(h, ws.id);
    await h.platform.database.query('UPDATE users SET password_hash = NULL WHERE id = $1', [imported.id]);
    const known = await attempt({ login: ws.employee.login, password: 'wrong-pass' }, '/api/login');
    const none = await attempt({ login: imported.login, password: 'wrong-pass' }, '/api/login');
    expect(none.res.body).toBe(known.res.body);
    expect(none.hashes).toHaveLength(1);
    expect(parameters(none.hashes[0])).toBe(parameters(known.hashes[0]));
  });
});

/** Resolves once the reset link asked for this address was handled (the work that follows the answer). */
const handled = (email: string) =>
  new Promise<void>((resolve) => {
    const listener = (done: string) => {
      if (done !== email) return;
      passwordLinkEvents.off('handled', listener);
      resolve();
    };
    passwordLinkEvents.on('handled', listener);
  });

describe('password restore answers', () => {
  it('are identical for a known and an unknown address and never wait for the mail', { timeout: 60_000 }, async () => {
    const ws = await makeWorkspace(h);
    const ghost = `ghost-${ws.workspace.toLowerCase()}@example.test`;
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let mailed!: (to: string) => void;
    const mailCalled = new Promise<string>((resolve) => {
      mailed = resolve;
    });
    // The mailer is held until the end: an answer that waited for the mail (or for anything only the known address
    // leads to) would never come, and this test would time out.
    const send = vi.spyOn(h.platform.mail, 'send').mockImplementation(async (message) => {
      mailed(message.to);
      await held;
      return { id: 'held', status: 'kept', error: null };
    });
    try {
      const knownDone = handled(ws.employee.email);
      const ghostDone = handled(ghost);
      const known = await call(h, null, 'POST', '/api/forgot_password', { email: ws.employee.email });
      const unknown = await call(h, null, 'POST', '/api/forgot_password', { email: ghost });
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(unknown.body).toBe(known.body);
      expect(unknown.headers['content-length']).toBe(known.headers['content-length']);
      // After the answers: the known address gets its link, the unknown one nothing.
      expect(await mailCalled).toBe(ws.employee.email);
      await ghostDone;
      release();
      await knownDone;
      expect(send.mock.calls.map(([message]) => message.to)).toEqual([ws.employee.email]);
    } finally {
      release();
      send.mockRestore();
    }
  });
});
