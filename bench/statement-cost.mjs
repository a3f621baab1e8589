// What the guard's statements cost the database, one call after another on one connection (no HTTP, no
// concurrency): the bare unread count, the tenant settings + the count (a `oneRead` route with its principal in the
// guard's cache), and the settings + the principal lookup + the count (without the cache): the server's own
// statements, from its build (`npm run build -w apps/server`). Needs a database the bench generated with
// notifications and kept (`node bench/run.mjs ... --keep`):
//   node bench/statement-cost.mjs postgres://postgres@127.0.0.1:5432/hallway_bench_notifyperf [calls]
import pg from 'pg';
import { UNREAD_SQL } from '../apps/server/dist/modules/notifications/service.js';
import { principalQuery } from '../apps/server/dist/modules/users/principal.js';

const url = process.argv[2];
const calls = Number(process.argv[3] ?? 3000);
if (!url) throw new Error('usage: node bench/statement-cost.mjs <database url> [calls]');
const client = new pg.Client({ connectionString: url });
await client.connect();
const { rows: people } = await client.query(
  'SELECT id, client_id FROM users WHERE client_id IS NOT NULL ORDER BY id LIMIT 50',
);

const settings = (p) =>
  `SELECT set_config('app.client_id', '${p.client_id}', true), set_config('app.user_id', '${p.id}', true), set_config('role', 'hallway_app', true), set_config('statement_timeout', '30000', true);`;
const BARE = `SELECT section, count(*)::int AS n FROM notifications
  WHERE user_id = $1::uuid AND in_center AND NOT read GROUP BY section`;

const variants = {
  'bare count (parameterised)': (p) => client.query(BARE, [p.id]),
  'settings + count (oneRead, principal cached)': (p) => client.query(settings(p) + UNREAD_SQL),
  'settings + principal + count (oneRead, not cached)': (p) =>
    client.query(settings(p) + principalQuery.sql(p.id, p.client_id) + UNREAD_SQL),
};
for (let round = 1; round <= 2; round++) {
  for (const [name, call] of Object.entries(variants)) {
    for (let i = 0; i < 200; i++) await call(people[i % people.length]);
    const start = process.hrtime.bigint();
    for (let i = 0; i < calls; i++) await call(people[i % people.length]);
    const us = Number(process.hrtime.bigint() - start) / calls / 1000;
    console.log(`round ${round}  ${name.padEnd(52)} ${us.toFixed(0).padStart(5)} µs per call`);
  }
}
await client.end();
