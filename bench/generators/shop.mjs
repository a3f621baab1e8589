import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { insertRows } from '../lib/db.mjs';

/** Coins each person of the first workspace holds: enough that the purchase rows never run out. */
const COINS = 1_000_000;
/** The bench item's stock: the purchase rows never sell it out. */
const STOCK = 100_000_000;

/**
 * Issue 33, in the first workspace only (default `shopBalances` 0: nothing is written): the shop's settings, an item
 * of cost 1 with a stock that never runs out, and `shopBalances` people (the first of the workspace) each holding
 * COINS from one accrual, its ledger row and its balance row, as the service writes them. Publishes the workspace,
 * its administrator (a manager) and the item, and 200 buyers (people past the administrator and the HR manager).
 */
export default {
  name: 'shop',
  after: ['clients', 'users'],
  options: { shopBalances: z.coerce.number().int().min(0).max(1_000_000).default(0) },
  async run({ session, options, state }) {
    const counts = { shop_items: 0, shop_balances: 0, shop_ledger: 0 };
    if (!options.shopBalances) return counts;
    if (session.kind === 'pg') await session.query('SET synchronous_commit = off');
    const ws = state.workspaces[0];
    const people = state.users.get(ws.id).slice(0, options.shopBalances);
    await insertRows(
      session,
      'shop_settings',
      ['client_id', 'name', 'coin', 'coin_short'],
      [[ws.id, 'Bench Store', 'Thanks', 'TH']],
    );
    const item = randomUUID();
    await insertRows(
      session,
      'shop_items',
      ['id', 'client_id', 'name', 'cost', 'start_amount', 'amount', 'rest'],
      [[item, ws.id, 'Sticker', 1, STOCK, STOCK, STOCK]],
    );
    const accruals = people.map(() => randomUUID());
    const author = people[0];
    await insertRows(
      session,
      'shop_accruals',
      ['id', 'client_id', 'user_id', 'author_id', 'amount', 'comment'],
      people.map((id, i) => [accruals[i], ws.id, id, author, COINS, 'Welcome to the bench']),
    );
    await insertRows(
      session,
      'shop_ledger',
      ['id', 'client_id', 'user_id', 'kind', 'delta', 'balance', 'accrual_id', 'author_id'],
      people.map((id, i) => [randomUUID(), ws.id, id, 'accrual', COINS, COINS, accruals[i], author]),
    );
    // Balances spread over the workspace, so the list's sort has work to do.
    await insertRows(
      session,
      'shop_balances',
      ['client_id', 'user_id', 'amount', 'earned', 'spent'],
      people.map((id, i) => [ws.id, id, COINS - (i % 997), COINS, i % 997]),
    );
    const { rows: admins } = await session.query('SELECT id, login FROM users WHERE id = $1', [author]);
    const { rows } = await session.query(
      `SELECT id, login FROM users WHERE client_id = $1 AND id <> ALL($2::uuid[]) AND id = ANY($3::uuid[])
       ORDER BY login LIMIT 200`,
      [ws.id, people.slice(0, 2), people],
    );
    const person = (r) => ({ id: r.id, login: r.login, clientId: ws.id, workspace: ws.workspace });
    state.published.shop = {
      workspace: ws.workspace,
      clientId: ws.id,
      item,
      admin: person(admins[0]),
      buyers: rows.map(person),
    };
    return { shop_items: 1, shop_balances: people.length, shop_ledger: people.length };
  },
};
