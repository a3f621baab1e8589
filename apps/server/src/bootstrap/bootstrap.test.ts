import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { DEMO_ANNIVERSARY_TODAY, DEMO_BIRTHDAY_TODAY } from '../modules/users/demo-people.js';
import { rowsOf } from '../platform/db/client.js';
import { inSystem } from '../platform/db/tenant.js';
import { call, createHarness, type Harness } from '../test/harness.js';
import { type FirstStartAccounts, printFirstStartAccounts } from './credentials.js';
import { DEMO_ADMIN_LOGIN, DEMO_EMPLOYEE_LOGIN, DEMO_TIME_ZONE, DEMO_WORKSPACE, seedDemo } from './demo.js';
import { ensureSuperadmin } from './superadmin.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

function capture() {
  const lines: string[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
  return { log, lines };
}

/** What main.ts prints once, as the console shows it. */
function printed(accounts: (FirstStartAccounts | null)[]): string {
  let text = '';
  printFirstStartAccounts(accounts, (t) => {
    text += t;
  });
  return text;
}

describe('first start', () => {
  it('seeds the demo workspace once with a random password printed once, framed, never in the log', async () => {
    const { log, lines } = capture();
    const first = await seedDemo(h.platform, log);
    expect(await seedDemo(h.platform, log)).toBeNull();
    expect(lines.filter((l) => l.includes('demo workspace'))).toHaveLength(1);
    const banner = printed([first]);
    expect(banner).toMatch(/┌─+┐/);
    expect(banner).toMatch(/└─+┘/);
    const password = /password: (\S+)/.exec(banner)![1];
    expect(password).toHaveLength(12);
    expect(password).not.toBe('demo1234');
    expect(lines.join('\n')).not.toContain(password);
    const admin = await call(h, null, 'POST', '/api/loginPage', {
      login: DEMO_ADMIN_LOGIN,
      password,
      workspace: DEMO_WORKSPACE,
    });
    expect(admin.statusCode).toBe(200);
    expect(admin.json().result.roles).toEqual(['admin']);
    const anna = await call(h, null, 'POST', '/api/login', { login: DEMO_EMPLOYEE_LOGIN, password });
    const people = await call(
      h,
      { token: anna.json().token },
      'GET',
      `/api/user/for_client/${admin.json().result.client_id}`,
    );
    expect(people.json().total).toBeGreaterThanOrEqual(20);

    // Someone to congratulate on the day the demo is seeded: a birthday and an 8-year work anniversary.
    const clientId = admin.json().result.client_id;
    const today = new Date().toISOString().slice(0, 10);
    const asAnna = { token: anna.json().token };
    const logins = new Map<string, string>(
      people.json().result.map((p: { _id: string; login: string }) => [p._id, p.login]),
    );
    const birthdays = await call(h, asAnna, 'GET', `/api/clients/${clientId}/birthdays?date=${today}`);
    const todays = birthdays.json().result.filter((b: { today: boolean }) => b.today);
    // Another demo person may have their own birthday today: the chosen one is among today's.
    expect(todays.map((b: { _id: string }) => logins.get(b._id))).toContain(DEMO_BIRTHDAY_TODAY);
    const anniversaries = await call(h, asAnna, 'GET', `/api/clients/${clientId}/anniversaries?date=${today}`);
    const todaysAnniversaries = anniversaries.json().result.filter((a: { today: boolean }) => a.today);
    expect(todaysAnniversaries.map((a: { _id: string; years: number }) => [logins.get(a._id), a.years])).toContainEqual(
      [DEMO_ANNIVERSARY_TODAY, 8],
    );
  });

  it("runs the demo's mailings first at 09:00 in the workspace's zone, not 09:00 UTC", async () => {
    await seedDemo(h.platform, capture().log); // seeded by the first test already; seeds once either way
    const rows = await inSystem(h.platform.database, (tx) =>
      rowsOf<{ action: string; next_run: Date }>(tx, sql`SELECT action, next_run FROM mailings`),
    );
    const berlin = new Intl.DateTimeFormat('en-GB', { timeZone: DEMO_TIME_ZONE, hour: '2-digit', minute: '2-digit' });
    expect(rows.map((r) => [r.action, berlin.format(new Date(r.next_run))]).sort()).toEqual([
      ['birthday_greetings', '09:00'],
      ['weekly_digest', '09:00'],
    ]);
  });

  it('gives the demo people DEMO_PASSWORD when it is set, and prints no password', async () => {
    const own = await createHarness({ DEMO_PASSWORD: 'chosen-demo-pass' });
    try {
      const { log, lines } = capture();
      expect(await seedDemo(own.platform, log)).toBeNull();
      expect(lines.join('\n')).not.toContain('chosen-demo-pass');
      const anna = await call(own, null, 'POST', '/api/login', {
        login: DEMO_EMPLOYEE_LOGIN,
        password: 'chosen-demo-pass',
      });
      expect(anna.statusCode).toBe(200);
    } finally {
      await own.close();
    }
  });

  it('seeds once when several processes start together, the others waiting for it however long it takes', async () => {
    // A lock timeout far below the seeding's own time: a process that waited on the first one's rows under it
    // failed its start (PostgreSQL; PGlite has one connection and runs them one after the other).
    const own = await createHarness({ DEMO_PASSWORD: 'together-pass', DATABASE_LOCK_TIMEOUT: '100ms' });
    try {
      const { log, lines } = capture();
      const starts = await Promise.allSettled([seedDemo(own.platform, log), seedDemo(own.platform, log)]);
      expect(starts.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled']);
      expect(lines.filter((l) => l.includes('demo workspace'))).toHaveLength(1);
      const { rows } = await own.platform.database.query('SELECT workspace FROM clients');
      expect(rows).toEqual([{ workspace: DEMO_WORKSPACE }]);
    } finally {
      await own.close();
    }
  });

  it('creates a superadmin with a random password printed once when none is configured', async () => {
    await h.platform.database.query(`DELETE FROM users WHERE 'superadmin' = ANY(roles)`);
    const config = loadConfig({
      ...process.env,
      SUPERADMIN_LOGIN: 'rootless',
      SUPERADMIN_PASSWORD: undefined,
      LOG_LEVEL: 'silent',
    });
    const { log, lines } = capture();
    const created = await ensureSuperadmin({ ...h.platform, config }, log);
    expect(await ensureSuperadmin({ ...h.platform, config }, log)).toBeNull();
    expect(lines.filter((l) => l.includes('superadmin created'))).toHaveLength(1);
    const password = /password: (\S+)/.exec(printed([created]))![1];
    expect(lines.join('\n')).not.toContain(password);
    const login = await call(h, null, 'POST', '/api/login', { login: 'rootless', password });
    expect(login.statusCode).toBe(200);
  });
});

describe('OpenAPI', () => {
  it('serves the API description generated from the route schemas, and its UI', async () => {
    const doc = await call(h, null, 'GET', '/api/docs/json');
    expect(doc.statusCode).toBe(200);
    const { paths } = doc.json();
    expect(paths['/api/user/me']).toBeDefined();
    expect(paths['/api/loginPage'].post.requestBody).toBeDefined();
    expect((await call(h, null, 'GET', '/api/docs')).statusCode).toBeLessThan(400);
  });
});
