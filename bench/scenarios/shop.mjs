/**
 * Issue 33: buying (`POST api/shop/buy`: one of an item, by 200 people of one workspace, again and again) next to
 * the bare SQL of the same conditional updates in one transaction; and the balances list of a 10,000-person
 * workspace (`GET api/shop/balances/{id}`, the first page of 50 by balance) next to its bare query.
 */

const data = { largeWorkspace: 10_000, shopBalances: 10_000 };

function shop(ctx) {
  const published = ctx.manifest.published?.shop;
  if (!published) throw new Error('The shop generator published nothing: run with --shop-balances');
  return published;
}

const BALANCES = `SELECT u.id, trim(u.first_name || ' ' || u.last_name) AS name, u.position,
    coalesce(b.amount, 0) AS amount, coalesce(b.earned, 0) AS earned, coalesce(b.spent, 0) AS spent,
    (SELECT count(*)::int FROM shop_accruals x WHERE x.client_id = u.client_id AND x.user_id = u.id
      AND x.achievement_id IS NOT NULL AND x.cancelled_at IS NULL) AS achievements
  FROM users u LEFT JOIN shop_balances b ON b.user_id = u.id AND b.client_id = u.client_id
  WHERE u.client_id = $1::uuid AND NOT u.deletion_mark
  ORDER BY coalesce(b.amount, 0) DESC, u.id LIMIT 50`;

export const baselines = [
  {
    id: 'bare-sql-shop-buy',
    title: 'bare SQL: a purchase (rest and coins taken by conditional updates, the purchase and its ledger row)',
    server: 'bare-sql',
    sql: [
      {
        sql: `INSERT INTO shop_purchases (id, client_id, user_id, item_id, cost)
              SELECT gen_random_uuid(), client_id, $2::uuid, id, cost FROM shop_items WHERE id = $1::uuid RETURNING id`,
        params: [0, 1],
      },
      {
        sql: `UPDATE shop_items SET rest = rest - 1, sales = sales + 1 WHERE id = $1::uuid AND rest >= 1
              RETURNING rest, cost`,
        params: [0],
      },
      {
        sql: `UPDATE shop_balances SET amount = amount - 1, spent = spent + 1 WHERE user_id = $1::uuid AND amount >= 1
              RETURNING amount, client_id`,
        params: [1],
      },
      {
        sql: `INSERT INTO shop_ledger (id, client_id, user_id, kind, delta, balance)
              SELECT gen_random_uuid(), client_id, user_id, 'purchase', -1, amount FROM shop_balances
              WHERE user_id = $1::uuid RETURNING balance`,
        params: [1],
      },
    ],
    requests: (ctx) => shop(ctx).buyers.map((p) => ({ path: `/sql/bare-sql-shop-buy?p=${shop(ctx).item}&p=${p.id}` })),
    check: (body) => body.result.length === 1,
  },
  {
    id: 'bare-sql-shop-balances',
    title: 'bare SQL: the first 50 people of a 10,000-person workspace by balance, with their achievement counts',
    server: 'bare-sql',
    sql: [
      { sql: BALANCES, params: [0] },
      {
        sql: 'SELECT count(*)::int AS n FROM users u WHERE u.client_id = $1::uuid AND NOT u.deletion_mark',
        params: [0],
      },
    ],
    requests: (ctx) => [{ path: `/sql/bare-sql-shop-balances?p=${shop(ctx).clientId}` }],
    check: (body) => body.result.length > 0,
  },
];

export const scenarios = [
  {
    id: 'shop-buy',
    title: 'POST api/shop/buy: 200 people of one workspace buying one item again and again (never sold out)',
    baselines: ['bare-json', 'bare-sql-shop-buy'],
    data,
    requests: async (ctx) => {
      const { buyers, item } = shop(ctx);
      const list = [];
      // One sign-in after another: 200 password checks at once would make the server answer 503.
      for (const p of buyers) {
        const token = await ctx.signIn(p);
        list.push({
          method: 'POST',
          path: '/api/shop/buy',
          headers: { authorization: `Bearer ${token}` },
          body: { item_id: item },
        });
      }
      return list;
    },
    check: (body) => body.result.rest > 0 && body.result.balance > 0,
  },
  {
    id: 'shop-balances',
    title: 'GET api/shop/balances/{id}: the first page by balance of a 10,000-person workspace, read by a manager',
    baselines: ['bare-json', 'bare-sql-shop-balances'],
    data,
    requests: async (ctx) => {
      const { admin, clientId } = shop(ctx);
      return [
        {
          path: `/api/shop/balances/${clientId}?limit=50`,
          headers: { authorization: `Bearer ${await ctx.signIn(admin)}` },
        },
      ];
    },
    check: (body) => body.result.length === 50 && body.total >= 10_000,
  },
];
