import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createHarness, type Harness, SUPERADMIN, superadmin } from '../test/harness.js';
import { printFirstStartAccounts } from './credentials.js';
import { ResetError, resetSuperadminPassword } from './reset-superadmin.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const signIn = (password: string) => call(h, null, 'POST', '/api/login', { login: SUPERADMIN.login, password });

describe('npm run reset-superadmin-password', () => {
  it('sets a random password, prints it framed, and signs the superadmin out everywhere', async () => {
    const before = await superadmin(h);
    expect((await call(h, before, 'GET', '/api/user/me')).statusCode).toBe(200);

    const account = await resetSuperadminPassword(h.platform.database, { login: SUPERADMIN.login });
    let printed = '';
    printFirstStartAccounts([account], (text) => {
      printed += text;
    });
    expect(printed).toMatch(/┌─+┐/);
    expect(printed).toContain(`login: ${SUPERADMIN.login}`);
    const password = /password: (\S+)/.exec(printed)![1];
    expect(password).toHaveLength(12);

    expect((await call(h, before, 'GET', '/api/user/me')).statusCode).toBe(401);
    expect((await signIn(SUPERADMIN.password)).statusCode).not.toBe(200);
    expect((await signIn(password)).statusCode).toBe(200);
  });

  it('sets the given password without printing it, and refuses a short one', async () => {
    const account = await resetSuperadminPassword(h.platform.database, {
      login: SUPERADMIN.login,
      password: 'chosen-by-me',
    });
    expect(account.lines.join('\n')).not.toContain('chosen-by-me');
    expect((await signIn('chosen-by-me')).statusCode).toBe(200);
    await expect(
      resetSuperadminPassword(h.platform.database, { login: SUPERADMIN.login, password: '123' }),
    ).rejects.toThrow(ResetError);
    expect((await signIn('chosen-by-me')).statusCode).toBe(200);
  });
});
