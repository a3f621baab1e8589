import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createHarness,
  type Harness,
  makeUser,
  makeWorkspace,
  ok,
  superadmin,
  type TestUser,
  type TestWorkspace,
} from '../../test/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

async function item(ws: TestWorkspace, extra: Record<string, unknown> = {}) {
  return (
    await ok(
      await call(h, ws.admin, 'POST', `/api/shop/${ws.id}/shop_items`, {
        name: 'Hoodie',
        cost: 100,
        start_amount: 10,
        ...extra,
      }),
    )
  ).result;
}

const give = async (ws: TestWorkspace, who: TestUser, amount: number, extra: Record<string, unknown> = {}) =>
  (await ok(await call(h, ws.admin, 'POST', '/api/shop/accrue', { who: who.id, amount, ...extra }))).result;

const balanceOf = async (ws: TestWorkspace, who: TestUser) =>
  (await ok(await call(h, ws.admin, 'GET', `/api/shop/balance/${who.id}`))).amount as number;

/** For every person of the workspace: their balance row equals the sum of their ledger, and its last `balance`. */
async function ledgerAgrees(clientId: string) {
  const { rows } = await h.platform.database.query(
    `SELECT b.user_id, b.amount,
       (SELECT coalesce(sum(delta), 0)::int FROM shop_ledger l WHERE l.user_id = b.user_id) AS total,
       (SELECT l.balance FROM shop_ledger l WHERE l.user_id = b.user_id ORDER BY l.created DESC, l.id DESC LIMIT 1) AS last
     FROM shop_balances b WHERE b.client_id = $1`,
    [clientId],
  );
  for (const r of rows) {
    expect(Number(r.amount)).toBe(Number(r.total));
    expect(Number(r.amount)).toBeGreaterThanOrEqual(0);
  }
  return rows;
}

describe('settings', () => {
  it("answers the defaults, saves an administrator's settings and managers, and says who may do what", async () => {
    const ws = await makeWorkspace(h);
    const start = (await ok(await call(h, ws.employee, 'GET', `/api/shop/byClient/${ws.id}`))).result;
    expect(start).toMatchObject({ name: 'Shop!', managers: [], can: { buy: true, manage: false, settings: false } });
    const saved = await ok(
      await call(h, ws.admin, 'PUT', '/api/shop', {
        client_id: ws.id,
        name: 'Company store',
        coin: 'Thanks',
        coin_short: 'TH',
        managers: [ws.employee.id],
      }),
    );
    expect(saved.result).toMatchObject({ name: 'Company store', coin: 'Thanks', coin_short: 'TH' });
    expect(saved.result.managers.map((m: { _id: string }) => m._id)).toEqual([ws.employee.id]);
    const now = (await ok(await call(h, ws.employee, 'GET', `/api/shop/byClient/${ws.id}`))).result;
    expect(now.can).toEqual({ buy: true, manage: true, settings: false });
    // Only administrators change the settings; a name and a currency are required.
    const refused = await call(h, ws.employee, 'PUT', '/api/shop', {
      client_id: ws.id,
      name: 'Mine',
      coin: 'c',
      coin_short: 'c',
    });
    expect(refused.statusCode).toBe(403);
    const empty = await call(h, ws.admin, 'PUT', '/api/shop', {
      client_id: ws.id,
      name: ' ',
      coin: '',
      coin_short: 'C',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toMatchObject({ name: 'shop_name_required', coin: 'shop_coin_required' });
    const other = await makeWorkspace(h);
    const stranger = await call(h, ws.admin, 'PUT', '/api/shop', {
      client_id: ws.id,
      name: 'Store',
      coin: 'c',
      coin_short: 'c',
      managers: [other.employee.id],
    });
    expect(stranger.statusCode).toBe(400);
    expect((await call(h, ws.admin, 'GET', `/api/shop/byClient/${other.id}`)).statusCode).toBe(403);
  });
});

describe('achievements and items', () => {
  it('keeps achievements: created, renamed, deleted softly (kept by those who hold them); a name is required', async () => {
    const ws = await makeWorkspace(h);
    const noName = await call(
      h,
      ws.admin,
      'POST',
      `/api/shop/${ws.id}/achievements`,
      { name: '' },
      { 'accept-language': 'ru' },
    );
    expect(noName.statusCode).toBe(400);
    expect(noName.json().fields).toMatchObject({ name: 'shop_achievement_name_required' });
    const badge = (await ok(await call(h, ws.admin, 'POST', `/api/shop/${ws.id}/achievements`, { name: 'Mentor' })))
      .result;
    expect(badge).toMatchObject({ name: 'Mentor', holders: 0, can: { edit: true, delete: true } });
    expect((await call(h, ws.employee, 'POST', `/api/shop/${ws.id}/achievements`, { name: 'Me' })).statusCode).toBe(
      403,
    );
    const renamed = await ok(
      await call(h, ws.admin, 'PUT', `/api/shop/${ws.id}/achievements`, { _id: badge._id, name: 'Great mentor' }),
    );
    expect(renamed.result.name).toBe('Great mentor');
    await give(ws, ws.employee, 5, { achievement: badge._id });
    const list = (await ok(await call(h, ws.employee, 'GET', `/api/shop/achievements/${ws.id}`))).result;
    expect(list).toMatchObject([{ name: 'Great mentor', holders: 1, can: { edit: false } }]);
    await ok(await call(h, ws.admin, 'DELETE', `/api/shop/achievements/${badge._id}`));
    expect((await ok(await call(h, ws.admin, 'GET', `/api/shop/achievements/${ws.id}`))).result).toEqual([]);
    const held = await ok(await call(h, ws.employee, 'GET', `/api/shop/balance/${ws.employee.id}`));
    expect(held.ach.map((a: { achievement: { name: string } }) => a.achievement.name)).toEqual(['Great mentor']);
    // A deleted one is no longer given.
    const late = await call(h, ws.admin, 'POST', '/api/shop/accrue', { who: ws.employee.id, achievement: badge._id });
    expect(late.statusCode).toBe(404);
  });

  it('keeps items: sorted lists, stock added atomically, the rest, no deleting one with sales', async () => {
    const ws = await makeWorkspace(h);
    const hoodie = await item(ws, { name: 'Hoodie', cost: 300, sort: 2 });
    const mug = await item(ws, { name: 'mug', cost: 50, sort: 1, start_amount: 0 });
    expect(hoodie).toMatchObject({ amount: 10, rest: 10, sales: 0, can: { delete: true, add: true } });
    const byCost = (await ok(await call(h, ws.employee, 'GET', `/api/shop/${ws.id}/shop_items?sort=cost&order=desc`)))
      .result;
    expect(byCost.map((i: { name: string }) => i.name)).toEqual(['Hoodie', 'mug']);
    const bySort = (await ok(await call(h, ws.employee, 'GET', `/api/shop/${ws.id}/shop_items`))).result;
    expect(bySort.map((i: { name: string }) => i.name)).toEqual(['mug', 'Hoodie']);
    expect(bySort[0].can).toEqual({ buy: false, edit: false, delete: false, add: false });
    const added = await Promise.all(
      Array.from({ length: 10 }, () => call(h, ws.admin, 'POST', `/api/shop/shop_items/${mug._id}/add/3`)),
    );
    for (const res of added) expect(res.statusCode).toBe(200);
    expect((await ok(await call(h, ws.employee, 'GET', `/api/shop/item_rest/${mug._id}`))).rest).toBe(30);
    for (const bad of ['0', '-1', '1.5', '100001']) {
      const res = await call(h, ws.admin, 'POST', `/api/shop/shop_items/${mug._id}/add/${bad}`);
      expect(res.statusCode, bad).toBe(400);
    }
    expect((await call(h, ws.employee, 'POST', `/api/shop/shop_items/${mug._id}/add/1`)).statusCode).toBe(403);
    for (const cost of [-5, 0, 2.5, 1_000_001]) {
      const res = await call(h, ws.admin, 'POST', `/api/shop/${ws.id}/shop_items`, {
        name: 'X',
        cost,
        start_amount: 1,
      });
      expect(res.statusCode, String(cost)).toBe(400);
      expect(res.json().fields).toMatchObject({ cost: 'shop_amount_invalid' });
    }
    const edited = await ok(
      await call(h, ws.admin, 'PUT', `/api/shop/${ws.id}/shop_items`, { _id: mug._id, name: 'Mug', cost: 60 }),
    );
    expect(edited.result).toMatchObject({ name: 'Mug', cost: 60, rest: 30 });
    await give(ws, ws.employee, 500);
    await ok(await call(h, ws.employee, 'POST', '/api/shop/buy', { item_id: hoodie._id }));
    const sold = await call(h, ws.admin, 'DELETE', `/api/shop/shop_items/${hoodie._id}`, undefined, {
      'accept-language': 'ru',
    });
    expect(sold.statusCode).toBe(409);
    expect(sold.json()).toMatchObject({ code: 'shop_item_has_sales' });
    await ok(await call(h, ws.admin, 'DELETE', `/api/shop/shop_items/${mug._id}`));
    expect((await call(h, ws.admin, 'GET', `/api/shop/item_rest/${mug._id}`)).statusCode).toBe(404);
  });
});

describe('coins', () => {
  it('gives coins and an achievement, notifies, thanks on the wall, and cancels', async () => {
    const ws = await makeWorkspace(h);
    const badge = (
      await ok(await call(h, ws.admin, 'POST', `/api/shop/${ws.id}/achievements`, { name: 'Launch hero' }))
    ).result;
    const given = await give(ws, ws.employee, 250, {
      achievement: badge._id,
      comment: 'Shipped the release without a minute of downtime',
      publish: true,
    });
    expect(given.balance).toBe(250);
    const mine = await ok(await call(h, ws.employee, 'GET', `/api/shop/balance/${ws.employee.id}`));
    expect(mine).toMatchObject({ amount: 250, earned: 250, spent: 0 });
    expect(mine.ach[0].achievement.name).toBe('Launch hero');
    // A colleague sees the achievements, not the coins.
    const colleague = await makeUser(h, ws.id);
    const seen = await ok(await call(h, colleague, 'GET', `/api/shop/balance/${ws.employee.id}`));
    expect(seen).toMatchObject({ amount: null, earned: null, spent: null });
    expect(seen.ach).toHaveLength(1);
    expect((await call(h, colleague, 'GET', `/api/shop/history/${ws.employee.id}`)).statusCode).toBe(403);
    // The notification and the thank-you post.
    expect(await told(ws.id)).toEqual([`shop.accrual:${ws.employee.id}`]);
    const { rows: posts } = await h.platform.database.query(
      'SELECT kind, text, mentions FROM posts WHERE client_id = $1',
      [ws.id],
    );
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ kind: 'thanks', mentions: [ws.employee.id] });
    expect(posts[0].text).toContain('Shipped the release');
    expect(posts[0].text).toContain('+250 C');
    // History, then the cancellation: coins and the achievement go back.
    const history = await ok(await call(h, ws.employee, 'GET', `/api/shop/history/${ws.employee.id}`));
    expect(history.result[0]).toMatchObject({ kind: 'accrual', amount: 250, balance: 250, can: { cancel: false } });
    await ok(await call(h, ws.admin, 'DELETE', `/api/shop/accrue/${given._id}`));
    expect(await balanceOf(ws, ws.employee)).toBe(0);
    const after = await ok(await call(h, ws.admin, 'GET', `/api/shop/history/${ws.employee.id}`));
    expect(after.result.map((e: { kind: string }) => e.kind)).toEqual(['cancellation', 'accrual']);
    expect(after.result[1]).toMatchObject({ cancelled: true, can: { cancel: false } });
    expect((await ok(await call(h, ws.admin, 'GET', `/api/shop/balance/${ws.employee.id}`))).ach).toEqual([]);
    const twice = await call(h, ws.admin, 'DELETE', `/api/shop/accrue/${given._id}`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('shop_accrual_not_cancelled');
    await ledgerAgrees(ws.id);
  });

  it('refuses bad accruals with clear codes, changing nothing', async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ who: ws.employee.id }, 400, 'shop_accrual_empty'],
      [{ who: ws.employee.id, amount: -5 }, 400, 'validation'],
      [{ who: ws.employee.id, amount: 1.5 }, 400, 'validation'],
      [{ who: ws.employee.id, amount: 0 }, 400, 'validation'],
      [{ who: ws.employee.id, amount: 1_000_001 }, 400, 'validation'],
      [{ who: other.employee.id, amount: 5 }, 400, 'validation'],
      [{ who: ws.employee.id, amount: 5, publish: true, comment: 'Ok' }, 400, 'thanks_text_short'],
    ];
    for (const [body, status, code] of cases) {
      const res = await call(h, ws.admin, 'POST', '/api/shop/accrue', body, { 'accept-language': 'ru' });
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().code, JSON.stringify(body)).toBe(code);
    }
    const empty = await call(
      h,
      ws.admin,
      'POST',
      '/api/shop/accrue',
      { who: ws.employee.id },
      { 'accept-language': 'ru' },
    );
    expect(empty.json().message).toBe('Give coins, an achievement or both');
    expect(
      (await call(h, ws.employee, 'POST', '/api/shop/accrue', { who: ws.employee.id, amount: 5 })).statusCode,
    ).toBe(403);
    expect(await balanceOf(ws, ws.employee)).toBe(0);
    const { rows } = await h.platform.database.query(
      'SELECT count(*)::int AS n FROM shop_accruals WHERE client_id = $1',
      [ws.id],
    );
    expect(Number(rows[0].n)).toBe(0);
  });

  it('buys: coins and rest taken, managers told, handed over, the buyer told; refusals change nothing', async () => {
    const ws = await makeWorkspace(h);
    const manager = await makeUser(h, ws.id, { firstName: 'Hanna', lastName: 'Manager' });
    await ok(
      await call(h, ws.admin, 'PUT', '/api/shop', {
        client_id: ws.id,
        name: 'Store',
        coin: 'Thanks',
        coin_short: 'TH',
        managers: [manager.id],
      }),
    );
    const hoodie = await item(ws, { cost: 300, start_amount: 1 });
    const poor = await call(
      h,
      ws.employee,
      'POST',
      '/api/shop/buy',
      { item_id: hoodie._id },
      { 'accept-language': 'ru' },
    );
    expect(poor.statusCode).toBe(409);
    expect(poor.json()).toMatchObject({ code: 'not_enough_coins', message: 'Not enough coins for this item' });
    await give(ws, ws.employee, 1000);
    const bought = await ok(await call(h, ws.employee, 'POST', '/api/shop/buy', { item_id: hoodie._id }));
    expect(bought.result).toMatchObject({ balance: 700, rest: 0, purchase: { cost: 300, handed: false } });
    const out = await call(h, ws.employee, 'POST', '/api/shop/buy', { item_id: hoodie._id });
    expect(out.statusCode).toBe(409);
    expect(out.json().code).toBe('sold_out');
    expect(await balanceOf(ws, ws.employee)).toBe(700);
    const root = await superadmin(h);
    const su = await call(h, root, 'POST', '/api/shop/buy', { item_id: hoodie._id }, { 'x-company-id': ws.id });
    expect(su.statusCode).toBe(403);
    expect(su.json().code).toBe('superadmin_cannot_buy');
    const other = await makeWorkspace(h);
    expect((await call(h, other.admin, 'POST', '/api/shop/buy', { item_id: hoodie._id })).statusCode).toBe(404);
    // The manager's list and the hand-over.
    const pending = await ok(await call(h, manager, 'GET', `/api/shop/purchases/${ws.id}`));
    expect(pending.total).toBe(1);
    expect(pending.result[0]).toMatchObject({ buyer: { _id: ws.employee.id }, can: { hand: true } });
    expect((await call(h, ws.employee, 'GET', `/api/shop/purchases/${ws.id}`)).statusCode).toBe(403);
    const handed = await ok(await call(h, manager, 'PUT', `/api/shop/purchases/${bought.result.purchase._id}/handed`));
    expect(handed.result).toMatchObject({ handed: true, handed_by: { _id: manager.id }, can: { hand: false } });
    await ok(await call(h, manager, 'PUT', `/api/shop/purchases/${bought.result.purchase._id}/handed`));
    expect((await ok(await call(h, manager, 'GET', `/api/shop/purchases/${ws.id}`))).total).toBe(0);
    expect(await told(ws.id)).toEqual([
      `shop.accrual:${ws.employee.id}`,
      `shop.purchase:${manager.id}`,
      `shop.handed:${ws.employee.id}`,
    ]);
    const history = await ok(await call(h, ws.employee, 'GET', `/api/shop/history/${ws.employee.id}`));
    expect(history.result[0]).toMatchObject({ kind: 'purchase', amount: -300, item: { name: 'Hoodie' }, handed: true });
    // Coins already spent cannot be cancelled.
    const spentAccrual = history.result[1].accrual_id;
    await ok(await call(h, ws.employee, 'POST', '/api/shop/buy', { item_id: (await item(ws, { cost: 700 }))._id }));
    const late = await call(h, ws.admin, 'DELETE', `/api/shop/accrue/${spentAccrual}`);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('shop_accrual_not_cancelled');
    expect(await balanceOf(ws, ws.employee)).toBe(0);
    await ledgerAgrees(ws.id);
  });

  it('lists balances of every active person, searched, sorted and paged; nullifies with ledger rows', async () => {
    const ws = await makeWorkspace(h);
    const zoe = await makeUser(h, ws.id, { firstName: 'Zoe', lastName: 'Zimmer' });
    await makeUser(h, ws.id, { firstName: 'Gone', lastName: 'Away', deleted: true });
    await give(ws, zoe, 40);
    await give(ws, ws.employee, 90);
    const page = await ok(await call(h, ws.admin, 'GET', `/api/shop/balances/${ws.id}?limit=2`));
    expect(page.total).toBe(3);
    expect(page.result.map((r: { amount: number }) => r.amount)).toEqual([90, 40]);
    const found = await ok(await call(h, ws.admin, 'GET', `/api/shop/balances/${ws.id}?q=zim`));
    expect(found.result).toMatchObject([{ user: { name: 'Zoe Zimmer' }, amount: 40, earned: 40 }]);
    const byName = await ok(await call(h, ws.admin, 'GET', `/api/shop/balances/${ws.id}?sort=name&order=asc`));
    expect(byName.result.map((r: { user: { name: string } }) => r.user.name)).toEqual([
      'Ada Admin',
      'Eve Employee',
      'Zoe Zimmer',
    ]);
    expect((await call(h, ws.employee, 'GET', `/api/shop/balances/${ws.id}`)).statusCode).toBe(403);
    const one = await ok(await call(h, ws.admin, 'POST', `/api/shop/balances/nullify/${ws.id}`, { users: [zoe.id] }));
    expect(one.result).toEqual({ people: 1, coins: 40 });
    const all = await ok(
      await call(h, ws.admin, 'POST', `/api/shop/balances/nullify/${ws.id}`, { comment: 'New year' }),
    );
    expect(all.result).toEqual({ people: 1, coins: 90 });
    expect(await balanceOf(ws, ws.employee)).toBe(0);
    const history = await ok(await call(h, ws.employee, 'GET', `/api/shop/history/${ws.employee.id}`));
    expect(history.result[0]).toMatchObject({ kind: 'nullification', amount: -90, balance: 0, comment: 'New year' });
    expect((await call(h, ws.employee, 'POST', `/api/shop/balances/nullify/${ws.id}`, {})).statusCode).toBe(403);
    await ledgerAgrees(ws.id);
  });

  it('counts the statistics of a period, by week, with top items and earners', async () => {
    const ws = await makeWorkspace(h);
    const mug = await item(ws, { name: 'Mug', cost: 30 });
    await give(ws, ws.employee, 100);
    await give(ws, ws.admin, 50);
    await ok(await call(h, ws.employee, 'POST', '/api/shop/buy', { item_id: mug._id }));
    await ok(await call(h, ws.employee, 'POST', '/api/shop/buy', { item_id: mug._id }));
    const today = new Date().toISOString().slice(0, 10);
    const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const stats = await ok(
      await call(h, ws.admin, 'POST', '/api/shop/stats', {
        client_id: ws.id,
        from: monthAgo,
        to: today,
        period: 'week',
      }),
    );
    expect(stats.result).toMatchObject({ earned: 150, spent: 60, purchases: 2, held: 90 });
    expect(stats.result.series.length).toBeGreaterThanOrEqual(5);
    expect(stats.result.series.reduce((n: number, s: { earned: number }) => n + s.earned, 0)).toBe(150);
    expect(stats.result.top_items).toEqual([{ item: { _id: mug._id, name: 'Mug' }, count: 2, coins: 60 }]);
    expect(stats.result.top_earners.map((e: { earned: number }) => e.earned)).toEqual([100, 50]);
    const backwards = await call(h, ws.admin, 'POST', '/api/shop/stats', {
      client_id: ws.id,
      from: today,
      to: monthAgo,
    });
    expect(backwards.json().code).toBe('shop_period_invalid');
    expect(
      (await call(h, ws.employee, 'POST', '/api/shop/stats', { client_id: ws.id, from: monthAgo, to: today }))
        .statusCode,
    ).toBe(403);
  });
});

describe('concurrency', () => {
  it('sells exactly 10 of 10 to 50 people buying at once, and the ledger agrees', async () => {
    const ws = await makeWorkspace(h);
    const buyers: TestUser[] = [];
    for (let i = 0; i < 50; i++) buyers.push(await makeUser(h, ws.id, { firstName: `Buyer${i}` }));
    for (const b of buyers) await give(ws, b, i(buyers, b) % 10 === 0 ? 50 : 500);
    const prize = await item(ws, { cost: 100, start_amount: 10 });
    const answers = await Promise.all(
      buyers.map((b) => call(h, b, 'POST', '/api/shop/buy', { item_id: prize._id, request_id: `r-${b.id}` })),
    );
    const codes = answers.map((a) => (a.statusCode === 200 ? 'ok' : a.json().code));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(10);
    for (const c of codes) expect(['ok', 'sold_out', 'not_enough_coins']).toContain(c);
    // The five with 50 coins never bought.
    for (let n = 0; n < codes.length; n += 10) expect(codes[n]).not.toBe('ok');
    const rest = (await ok(await call(h, ws.admin, 'GET', `/api/shop/item_rest/${prize._id}`))).rest;
    expect(rest).toBe(0);
    const { rows } = await h.platform.database.query('SELECT sales FROM shop_items WHERE id = $1', [prize._id]);
    expect(Number(rows[0].sales)).toBe(10);
    const balances = await ledgerAgrees(ws.id);
    const spent = balances.reduce((n, r) => n + (500 - Number(r.amount) === 100 ? 1 : 0), 0);
    expect(spent).toBe(10);
  });

  it('lets one person double-click and fire ten buys with coins for three: three purchases, never below zero', async () => {
    const ws = await makeWorkspace(h);
    const mug = await item(ws, { cost: 100, start_amount: 50 });
    await give(ws, ws.employee, 300);
    const same = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(h, ws.employee, 'POST', '/api/shop/buy', { item_id: mug._id, request_id: 'click-1' }),
      ),
    );
    for (const res of same) expect(res.statusCode, res.body).toBe(200);
    expect(new Set(same.map((r) => r.json().result.purchase._id)).size).toBe(1);
    expect(await balanceOf(ws, ws.employee)).toBe(200);
    const many = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        call(h, ws.employee, 'POST', '/api/shop/buy', { item_id: mug._id, request_id: `storm-${n}` }),
      ),
    );
    expect(many.filter((r) => r.statusCode === 200)).toHaveLength(2);
    for (const r of many) if (r.statusCode !== 200) expect(r.json().code).toBe('not_enough_coins');
    expect(await balanceOf(ws, ws.employee)).toBe(0);
    expect((await ok(await call(h, ws.admin, 'GET', `/api/shop/item_rest/${mug._id}`))).rest).toBe(47);
    await ledgerAgrees(ws.id);
  });

  it('keeps every balance equal to its ledger after a storm of accruals, purchases and cancellations', async () => {
    const ws = await makeWorkspace(h);
    const people: TestUser[] = [];
    for (let n = 0; n < 5; n++) people.push(await makeUser(h, ws.id));
    const mug = await item(ws, { cost: 7, start_amount: 1000 });
    const accruals: string[] = [];
    for (const p of people) {
      await give(ws, p, 20);
      accruals.push((await give(ws, p, 15))._id);
    }
    const storm = [];
    for (let n = 0; n < 60; n++) {
      const p = people[n % people.length];
      if (n % 3 === 0) storm.push(call(h, ws.admin, 'POST', '/api/shop/accrue', { who: p.id, amount: 10 }));
      else if (n % 3 === 1) storm.push(call(h, p, 'POST', '/api/shop/buy', { item_id: mug._id }));
      else storm.push(call(h, ws.admin, 'DELETE', `/api/shop/accrue/${accruals[n % accruals.length]}`));
    }
    const answers = await Promise.all(storm);
    for (const a of answers) {
      if (a.statusCode !== 200) expect(['not_enough_coins', 'shop_accrual_not_cancelled']).toContain(a.json().code);
    }
    const rows = await ledgerAgrees(ws.id);
    expect(rows).toHaveLength(5);
    const { rows: sold } = await h.platform.database.query(
      "SELECT (SELECT count(*)::int FROM shop_ledger WHERE kind = 'purchase' AND client_id = $1) AS purchases, 1000 - rest AS taken FROM shop_items WHERE id = $2",
      [ws.id, mug._id],
    );
    expect(Number(sold[0].purchases)).toBe(Number(sold[0].taken));
  });
});

const i = <T>(list: T[], value: T) => list.indexOf(value);

/** The shop's notifications of a workspace, oldest first, as `code:recipient`. */
async function told(clientId: string): Promise<string[]> {
  const { rows } = await h.platform.database.query(
    "SELECT code, recipients FROM notification_events WHERE client_id = $1 AND code LIKE 'shop.%' ORDER BY id",
    [clientId],
  );
  return (rows as { code: string; recipients: { ids: string[] } }[]).flatMap((r) =>
    r.recipients.ids.map((id) => `${r.code}:${id}`),
  );
}
