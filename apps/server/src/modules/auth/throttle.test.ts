import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { addressKey } from '../../platform/auth/throttle.js';
import { call, createHarness, type Harness, makeWorkspace, PASSWORD, type TestWorkspace } from '../../test/harness.js';

// Sign-in throttling (issue 9 item 2): per account whatever the spelling, path or headers; per address as far as
// TRUST_PROXY allows; progressive lock-out.

let h: Harness;
beforeAll(async () => {
  // Every request here comes from 127.0.0.1: the address limit stays out of the way of the account tests.
  h = await createHarness({ LOGIN_RATE_LIMIT: '10', LOGIN_ADDRESS_RATE_LIMIT: '1000' });
});
afterAll(() => h.close());

/** The app again on the same database, with other throttling settings (parsed as at start). */
async function appWith(env: Record<string, string | undefined>): Promise<Harness> {
  const { trustProxy, loginRateLimit, addressRateLimit } = loadConfig(env);
  const config = { ...h.platform.config, trustProxy, loginRateLimit, addressRateLimit };
  const app = await buildApp({ ...h.platform, config }, { logger: false });
  return { ...h, app, close: () => app.close() };
}

let forged = 0;
/** A made-up client address in X-Forwarded-For, different every time. */
const forgedHeaders = () => {
  forged++;
  return { 'x-forwarded-for': `203.0.${forged >> 8}.${forged & 255}`, 'x-real-ip': `198.51.100.${forged & 255}` };
};

/** Every entry point and spelling of one person's sign-in, in turn. */
function spellings(ws: TestWorkspace) {
  const who = ws.employee;
  return [
    (password: string) => call(h, null, 'POST', '/api/login', { login: who.login, password }, forgedHeaders()),
    (password: string) =>
      call(h, null, 'POST', '/api/login/', { login: who.login.toUpperCase(), password }, forgedHeaders()),
    (password: string) => call(h, null, 'POST', '/api/loginPage', { login: who.email, password }, forgedHeaders()),
    (password: string) =>
      call(h, null, 'POST', '/api/loginPage/', { login: ` ${who.email.toUpperCase()} `, password }, forgedHeaders()),
    (password: string) =>
      call(h, null, 'POST', '/api/loginPage', { login: who.login, password, workspace: ws.workspace }, forgedHeaders()),
  ];
}

describe('per account', () => {
  it('checks at most 10 wrong passwords a minute, whatever the path, spelling or forged address', async () => {
    const ws = await makeWorkspace(h);
    const tries = spellings(ws);
    const statuses: number[] = [];
    for (let i = 0; i < 80; i++) statuses.push((await tries[i % tries.length](`wrong-${i}`)).statusCode);
    const checked = statuses.filter((s) => s === 400).length;
    console.info(`per account: ${checked} of 80 wrong passwords checked within the minute, the rest refused`);
    expect(checked).toBe(10);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    // during the lock-out even the right password is refused, and the answer says when to come back
    const right = await tries[0](PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ code: 'too_many_requests' });
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    // someone else signs in from the same address meanwhile
    const other = await call(h, null, 'POST', '/api/login', { login: ws.admin.login, password: PASSWORD });
    expect(other.statusCode).toBe(200);
  });

  it('locks out progressively: 1, then 2 minutes, and lets the person in once the lock-out ends', async () => {
    const ws = await makeWorkspace(h);
    const tries = spellings(ws);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const wrongUntilLocked = async () => {
        for (let i = 0; i < 10; i++) expect((await tries[i % tries.length]('wrong-pass')).statusCode).toBe(400);
        const locked = await tries[0]('wrong-pass');
        expect(locked.statusCode).toBe(429);
        return Number(locked.headers['retry-after']);
      };
      expect(await wrongUntilLocked()).toBe(60);
      vi.advanceTimersByTime(59_000);
      expect((await tries[1](PASSWORD)).statusCode).toBe(429);
      vi.advanceTimersByTime(2_000);
      expect(await wrongUntilLocked()).toBe(120);
      vi.advanceTimersByTime(121_000);
      expect((await tries[2](PASSWORD)).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('treats a name nobody has like a person: the same lock-out, the same answers', async () => {
    const ws = await makeWorkspace(h);
    const unknown = `ghost-${ws.workspace}`;
    const known: number[] = [];
    const ghost: number[] = [];
    for (let i = 0; i < 12; i++) {
      known.push((await call(h, null, 'POST', '/api/login', { login: ws.admin.login, password: 'nope-1' })).statusCode);
      ghost.push((await call(h, null, 'POST', '/api/login', { login: unknown, password: 'nope-1' })).statusCode);
    }
    expect(ghost).toEqual(known);
    expect(known.filter((s) => s === 429)).toHaveLength(2);
  });
});

describe('per address', () => {
  it.each([
    [undefined, true],
    ['127.0.0.1', false],
    ['10.0.0.0/8, 127.0.0.1/32', false],
    ['1', false],
  ] as const)('TRUST_PROXY=%s: forged X-Forwarded-For values count as one address: %s', async (trust, limited) => {
    const own = await appWith({ LOGIN_RATE_LIMIT: '1', LOGIN_ADDRESS_RATE_LIMIT: '5', TRUST_PROXY: trust });
    try {
      const answers: number[] = [];
      // Different names each time: only the address counter can refuse them.
      for (let i = 0; i < 8; i++) {
        const res = await call(own, null, 'POST', '/api/login', { login: `n${i}`, password: 'x' }, forgedHeaders());
        answers.push(res.statusCode);
      }
      if (limited) expect(answers).toEqual([400, 400, 400, 400, 400, 429, 429, 429]);
      else expect(answers.every((s) => s === 400)).toBe(true);
    } finally {
      await own.close();
    }
  });

  it('behind a trusted proxy, limits the client the proxy names', async () => {
    const own = await appWith({ LOGIN_RATE_LIMIT: '1', LOGIN_ADDRESS_RATE_LIMIT: '3', TRUST_PROXY: '127.0.0.1' });
    try {
      const from = (client: string, i: number) =>
        call(own, null, 'POST', '/api/login', { login: `m${i}`, password: 'x' }, { 'x-forwarded-for': client });
      const answers: number[] = [];
      for (let i = 0; i < 4; i++) answers.push((await from('192.0.2.10', i)).statusCode);
      expect(answers).toEqual([400, 400, 400, 429]);
      expect((await from('192.0.2.11', 9)).statusCode).toBe(400);
    } finally {
      await own.close();
    }
  });

  it('counts registration and password restore attempts from one address', async () => {
    const own = await appWith({ LOGIN_RATE_LIMIT: '1', LOGIN_ADDRESS_RATE_LIMIT: '3' });
    try {
      const ws = await makeWorkspace(own);
      const forgot = () => call(own, null, 'POST', '/api/forgot_password', { email: ws.admin.email }, forgedHeaders());
      for (let i = 0; i < 3; i++) expect((await forgot()).statusCode).toBe(200);
      expect((await forgot()).statusCode).toBe(429);
      const register = await call(own, null, 'POST', '/api/register', {
        firstName: 'New',
        lastName: 'Comer',
        email: 'newcomer@example.test',
        password: 'secret-1',
        workspace: ws.workspace,
      });
      expect(register.statusCode).toBe(429);
    } finally {
      await own.close();
    }
  });

  it('keys IPv6 clients by their /64 and IPv4-mapped addresses as IPv4', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('192.0.2.7')).toBe('192.0.2.7');
  });
});
