import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMPLOYEE_LOGIN, seedDemo } from '../../bootstrap/demo.js';
import { call, createHarness, type Harness } from '../../test/harness.js';

const DEMO_PASSWORD = 'demo-test-pass';
let h: Harness;
let anna: { token: string };
let clientId: string;
let annaId: string;
beforeAll(async () => {
  h = await createHarness({ DEMO_PASSWORD });
  await seedDemo(h.platform, pino({ level: 'silent' }));
  const login = await call(h, null, 'POST', '/api/login', { login: DEMO_EMPLOYEE_LOGIN, password: DEMO_PASSWORD });
  anna = { token: login.json().token };
  const me = (await call(h, anna, 'GET', '/api/user/me')).json().result;
  clientId = me.client._id;
  annaId = me.user._id;
});
afterAll(() => h.close());

interface Node {
  name: string;
  head: { _id: string; name: string } | null;
  count: number;
  total: number;
  children: Node[];
}

describe('the demo structure and vacations', () => {
  it('has an administrative tree of the demo people with heads, and people whose chief follows it', async () => {
    const trees = (await call(h, anna, 'GET', `/api/structure/byClient/${clientId}`)).json().result;
    const management: Node = trees[0].root.children[0];
    expect(management).toMatchObject({ name: 'Management', head: { name: 'Daniel Weber' } });
    expect(management.children.map((c) => c.name)).toEqual(expect.arrayContaining(['Product', 'Engineering', 'Sales']));
    expect(management.children.every((c) => c.head !== null && c.count > 0)).toBe(true);
    expect(trees[0].root.total).toBeGreaterThanOrEqual(20);
    expect(trees[3].root.children.map((c: Node) => c.name)).toContain('Mobile app relaunch');
    const product = management.children.find((c) => c.name === 'Product')!;
    const profile = (await call(h, anna, 'GET', `/api/user/${annaId}`)).json().result;
    expect(profile).toMatchObject({ department: 'Product', chief: product.head!._id });
  });

  it('has vacations on the chart, someone away today and a request of anna', async () => {
    const chart = (await call(h, anna, 'GET', '/api/user/vacations')).json();
    expect(chart.total).toBeGreaterThanOrEqual(20);
    const away = (await call(h, anna, 'GET', '/api/user/vacations/away')).json().result;
    expect(away.length).toBeGreaterThanOrEqual(1);
    const mine = (await call(h, anna, 'GET', `/api/user/${annaId}/vacations`)).json().result;
    expect(mine.vacations.map((v: { status: string }) => v.status)).toEqual(['requested']);
    expect(mine.left).toBe(mine.balance - mine.used);
  });
});
