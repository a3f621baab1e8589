// Isolation-suite fixtures of the shop: workspace A's shop with its settings and a manager, an achievement (and a
// spare one to delete), an item (and a spare one nobody bought), coins and a badge given to A's employee and
// administrator (and a spare accrual to cancel), a third person holding coins (whom nullification empties), and a
// purchase, so every table of the module has a row of A; and the bodies of the calls.
import type { Harness } from '../../test/harness.js';
import { makeUser } from '../../test/harness.js';
import {
  type FixtureWorkspace,
  objectFixtures,
  registerBody,
  registerObject,
  registerRead,
} from '../../test/isolation/registry.js';
import { as } from '../posts/isolation.js';

const made = new Map<string, Record<string, string>>();

async function world(h: Harness, a: FixtureWorkspace): Promise<Record<string, string>> {
  const known = made.get(a.id);
  if (known) return known;
  const file = await objectFixtures.get('file')!(h, a);
  const manager = await makeUser(h, a.id, { firstName: 'Mona', lastName: `Manager ${a.mark}` });
  const holder = await makeUser(h, a.id, { firstName: 'Hugo', lastName: `Holder ${a.mark}` });
  await as(h, a.admin.token, 'PUT', '/api/shop', {
    client_id: a.id,
    name: `Store ${a.mark}`,
    coin: 'Thanks',
    coin_short: 'TH',
    description: `Spend your thanks ${a.mark}`,
    pic: file,
    managers: [manager.id],
  });
  const badge = await as(h, manager.token, 'POST', `/api/shop/${a.id}/achievements`, {
    name: `Team player ${a.mark}`,
    description: `Always there ${a.mark}`,
    pic: file,
  });
  const spareBadge = await as(h, manager.token, 'POST', `/api/shop/${a.id}/achievements`, { name: `Old ${a.mark}` });
  const item = await as(h, manager.token, 'POST', `/api/shop/${a.id}/shop_items`, {
    name: `Hoodie ${a.mark}`,
    description: `Grey ${a.mark}`,
    cost: 5,
    start_amount: 10_000,
    pics: [file],
  });
  const spareItem = await as(h, manager.token, 'POST', `/api/shop/${a.id}/shop_items`, {
    name: `Mug ${a.mark}`,
    cost: 5,
    start_amount: 1,
  });
  for (const person of [a.employee.id, a.admin.id]) {
    await as(h, manager.token, 'POST', '/api/shop/accrue', {
      who: person,
      amount: 100_000,
      achievement: badge._id,
      comment: `For the launch ${a.mark}`,
    });
  }
  await as(h, manager.token, 'POST', '/api/shop/accrue', { who: holder.id, amount: 50, comment: `Welcome ${a.mark}` });
  const spare = await as(h, manager.token, 'POST', '/api/shop/accrue', {
    who: a.employee.id,
    amount: 10,
    comment: `By mistake ${a.mark}`,
  });
  const { purchase } = await as(h, a.employee.token, 'POST', '/api/shop/buy', {
    item_id: item._id,
    request_id: a.mark,
  });
  const objects = {
    shop_achievement: badge._id,
    shop_achievement_spare: spareBadge._id,
    shop_item: item._id,
    shop_item_spare: spareItem._id,
    shop_accrual_spare: spare._id,
    shop_purchase: purchase._id,
    shop_holder: holder.id,
  };
  made.set(a.id, objects);
  return objects;
}

for (const kind of [
  'shop_achievement',
  'shop_achievement_spare',
  'shop_item',
  'shop_item_spare',
  'shop_accrual_spare',
  'shop_purchase',
  'shop_holder',
]) {
  registerObject(kind, async (h, a) => (await world(h, a))[kind]);
}

registerBody('PUT /api/shop', () => ({ name: 'Planted', coin: 'coins', coin_short: 'C' }));
registerBody('POST /api/shop/:client_id/achievements', () => ({ name: 'Planted' }));
registerBody('PUT /api/shop/:client_id/achievements', () => ({ name: 'Renamed' }));
registerBody('POST /api/shop/:client_id/shop_items', () => ({ name: 'Planted', cost: 1, start_amount: 1 }));
registerBody('PUT /api/shop/:client_id/shop_items', () => ({ name: 'Renamed', cost: 5 }));
registerBody('POST /api/shop/accrue', () => ({ amount: 1, comment: 'Planted' }));
registerBody('POST /api/shop/buy', () => ({}));
registerBody('POST /api/shop/balances/nullify/:id', () => ({ comment: 'Planted' }));
registerBody('POST /api/shop/stats', () => ({ from: '2026-01-01', to: '2026-12-31', period: 'month' }));
registerRead('POST /api/shop/stats', "the shop's statistics of a period");
