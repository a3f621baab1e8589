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

const signIn = async (login: string) => {
  const res = await call(h, null, 'POST', '/api/login', { login, password: DEMO_PASSWORD });
  expect(res.statusCode, res.body).toBe(200);
  return { token: res.json().token as string };
};

describe('the demo workspace’s learning', () => {
  it('has a published course, an appointed one with varied progress (one overdue) and a draft', async () => {
    const anna = await signIn(DEMO_EMPLOYEE_LOGIN);
    const catalogue = (await call(h, anna, 'GET', '/api/courses?list=all')).json();
    const titles = catalogue.result.map((c: { title: string }) => c.title);
    expect(titles).toContain('Welcome to the company');
    expect(titles).toContain('Information security basics');
    expect(titles).not.toContain('Giving feedback that helps');
    const learning = (await call(h, anna, 'GET', '/api/courses?list=learning')).json().result;
    const welcome = learning.find((c: { title: string }) => c.title === 'Welcome to the company');
    expect(welcome).toMatchObject({ status: 'published', lessons: 3, my: { status: 'learned', percent: 100 } });
    const security = learning.find((c: { title: string }) => c.title === 'Information security basics');
    expect(security.my).toMatchObject({ status: 'started', overdue: false });
    expect(security.my.due).toBeTruthy();

    const admin = await signIn('admin');
    const managed = (await call(h, admin, 'GET', '/api/courses?list=manage')).json();
    expect(managed.total).toBe(3);
    const members = (await call(h, admin, 'GET', `/api/courses/${security._id}/members`)).json().result;
    const statuses = members.map((m: { status: string }) => m.status);
    expect(statuses).toEqual(expect.arrayContaining(['learned', 'started', 'not_started']));
    expect(members.some((m: { overdue: boolean }) => m.overdue)).toBe(true);
    // What was written agrees with what the service counts.
    const page = (await call(h, anna, 'GET', `/api/courses/${welcome._id}`)).json().result;
    expect(page.items.every((i: { done: boolean }) => i.done)).toBe(true);
    const { rows } = await h.platform.database.query('SELECT id FROM users WHERE login = $1', [DEMO_EMPLOYEE_LOGIN]);
    const certificate = await call(h, anna, 'GET', `/api/course_progress/certificate/${welcome._id}/${rows[0].id}`);
    expect(certificate.statusCode).toBe(200);
    expect(certificate.rawPayload.subarray(0, 4).toString('latin1')).toBe('%PDF');
  });
});
