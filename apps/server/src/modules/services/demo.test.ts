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

async function signIn(login: string) {
  const res = await call(h, null, 'POST', '/api/login', { login, password: DEMO_PASSWORD });
  expect(res.statusCode, res.body).toBe(200);
  const { rows } = await h.platform.database.query('SELECT id FROM users WHERE login = $1', [login]);
  return { token: res.json().token as string, id: rows[0].id as string };
}

describe('the demo workspace services', () => {
  it('holds IT, HR and Office services, and requests running, overdue, done and declined', async () => {
    const anna = await signIn(DEMO_EMPLOYEE_LOGIN);
    const me = (await call(h, anna, 'GET', '/api/user/me')).json().result;
    const catalogue = (await call(h, anna, 'GET', `/api/service_group/byClient/${me.client._id}`)).json();
    expect(catalogue.result.map((g: { name: string }) => g.name)).toEqual(['IT', 'HR', 'Office']);
    const names = catalogue.result.flatMap((g: { services: { name: string }[] }) => g.services.map((s) => s.name));
    expect(names).toEqual(expect.arrayContaining(['New laptop', 'Certificate of employment', 'Business trip']));

    const mine = (await call(h, anna, 'GET', `/api/bp/runned/${anna.id}`)).json();
    expect(mine.result.map((r: { name: string; status: string }) => [r.name, r.status])).toEqual([
      ['New laptop', 'active'],
      ['Certificate of employment', 'success'],
    ]);
    const laptop = (await call(h, anna, 'GET', `/api/bp/${mine.result[0]._id}`)).json().result;
    expect(laptop.steps.map((s: { status: string }) => s.status)).toEqual(['done', 'done', 'active', 'waiting']);
    expect(laptop.history.map((x: { action: string }) => x.action)).toEqual(['created', 'accepted']);

    // The office manager reads every table; one business trip is overdue, one declined with its reason.
    const maria = await signIn('admin');
    const trip = catalogue.result[2].services.find((s: { name: string }) => s.name === 'Business trip');
    const table = (await call(h, maria, 'GET', `/api/bp/runned/${maria.id}?bp=${trip._id}`)).json();
    expect(table.total).toBe(2);
    expect(table.result.some((r: { overdue: boolean }) => r.overdue)).toBe(true);
    const declined = table.result.find((r: { status: string }) => r.status === 'rejected');
    const page = (await call(h, maria, 'GET', `/api/bp/${declined._id}`)).json().result;
    expect(page.steps[2]).toMatchObject({ status: 'declined', reason: expect.stringContaining('budget') });
  });
});
