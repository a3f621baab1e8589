import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { call, createHarness, type Harness } from '../test/harness.js';
import { DEMO_ADMIN_LOGIN, DEMO_EMPLOYEE_LOGIN, DEMO_PASSWORD, DEMO_WORKSPACE, seedDemo } from './demo.js';
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

describe('first start', () => {
  it('seeds the demo workspace once, with people who can sign in', async () => {
    const { log, lines } = capture();
    await seedDemo(h.platform, log);
    await seedDemo(h.platform, log);
    expect(lines.filter((l) => l.includes('demo workspace'))).toHaveLength(1);
    const admin = await call(h, null, 'POST', '/api/loginPage', {
      login: DEMO_ADMIN_LOGIN,
      password: DEMO_PASSWORD,
      workspace: DEMO_WORKSPACE,
    });
    expect(admin.statusCode).toBe(200);
    expect(admin.json().result.roles).toEqual(['admin']);
    const anna = await call(h, null, 'POST', '/api/login', { login: DEMO_EMPLOYEE_LOGIN, password: DEMO_PASSWORD });
    const people = await call(
      h,
      { token: anna.json().token },
      'GET',
      `/api/user/for_client/${admin.json().result.client_id}`,
    );
    expect(people.json().total).toBeGreaterThanOrEqual(20);
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
    await ensureSuperadmin({ ...h.platform, config }, log);
    await ensureSuperadmin({ ...h.platform, config }, log);
    const printed = lines.filter((l) => l.includes('superadmin created'));
    expect(printed).toHaveLength(1);
    const password = /password: (\S+)/.exec(JSON.parse(printed[0]).msg)![1];
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
