import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMPLOYEE_LOGIN, seedDemo } from '../../bootstrap/demo.js';
import { call, createHarness, type Harness } from '../../test/harness.js';

const DEMO_PASSWORD = 'demo-test-pass';
let h: Harness;
beforeAll(async () => {
  h = await createHarness({ DEMO_PASSWORD });
  await seedDemo(h.platform, pino({ level: 'silent' }));
});
afterAll(() => h.close());

describe('the demo workspace polls', () => {
  it('holds an open poll with answers and a finished anonymous one', async () => {
    const login = await call(h, null, 'POST', '/api/login', { login: DEMO_EMPLOYEE_LOGIN, password: DEMO_PASSWORD });
    const anna = { token: login.json().token as string };
    const me = (await call(h, anna, 'GET', '/api/user/me')).json().result;
    const { rows } = await h.platform.database.query('SELECT id FROM users WHERE login = $1', [DEMO_EMPLOYEE_LOGIN]);
    const annaId = rows[0].id as string;
    const res = await call(h, anna, 'GET', `/api/user/${me.client._id}/polls/access_for/${annaId}`);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json();
    expect(list.total, JSON.stringify(list)).toBe(2);
    const open = list.result.find((p: { finished: boolean }) => !p.finished);
    const done = list.result.find((p: { finished: boolean }) => p.finished);
    expect(open).toMatchObject({ type: 'opened', can: { results: true } });
    expect(open.responses).toBeGreaterThan(0);
    expect(done).toMatchObject({ type: 'anonymous' });
    expect(done.responses).toBeGreaterThan(0);
    const results = (await call(h, anna, 'GET', `/api/poll/${open._id}/results`)).json().result;
    expect(results.questions[0].options.some((o: { count: number }) => o.count > 0)).toBe(true);
  });
});
