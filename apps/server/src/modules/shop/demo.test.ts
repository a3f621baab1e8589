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

describe('the demo workspace shop', () => {
  it('has a store with items (one sold out), achievements and people with coins whose ledgers agree', async () => {
    const login = await call(h, null, 'POST', '/api/login', { login: DEMO_EMPLOYEE_LOGIN, password: DEMO_PASSWORD });
    const anna = { token: login.json().token as string, id: login.json().user?._id as string | undefined };
    const { rows } = await h.platform.database.query('SELECT id, client_id FROM users WHERE login = $1', [
      DEMO_EMPLOYEE_LOGIN,
    ]);
    const { id, client_id: clientId } = rows[0] as { id: string; client_id: string };
    const shop = (await call(h, anna, 'GET', `/api/shop/byClient/${clientId}`)).json().result;
    expect(shop).toMatchObject({ name: 'Hallway Store', coin_short: 'TH', can: { buy: true } });
    const items = (await call(h, anna, 'GET', `/api/shop/${clientId}/shop_items`)).json().result;
    expect(items.length).toBeGreaterThan(5);
    expect(items.some((i: { rest: number }) => i.rest === 0)).toBe(true);
    const achievements = (await call(h, anna, 'GET', `/api/shop/achievements/${clientId}`)).json().result;
    expect(achievements.length).toBeGreaterThan(3);
    const mine = (await call(h, anna, 'GET', `/api/shop/balance/${id}`)).json();
    expect(mine.amount).toBeGreaterThan(0);
    expect(mine.ach.length).toBeGreaterThan(0);
    const { rows: ledgers } = await h.platform.database.query(
      `SELECT b.amount, (SELECT sum(delta)::int FROM shop_ledger l WHERE l.user_id = b.user_id) AS total
       FROM shop_balances b WHERE b.client_id = $1`,
      [clientId],
    );
    expect(ledgers.length).toBeGreaterThan(5);
    for (const r of ledgers as { amount: number; total: number }[]) expect(Number(r.amount)).toBe(Number(r.total));
  });
});
