// Baseline: a Fastify route that runs SQL on the database with no auth, no ORM and no validation.
// BENCH_QUERIES is a JSON object { name: query }; `GET /sql/<name>?p=a&p=b` runs it with those parameters.
// A query is one statement (a string, bound to all parameters) or a list of `{ sql, params: [indexes] }` run in
// one transaction on one connection, each statement bound to the parameters it names.
import path from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import { z } from 'zod';

const step = z.object({ sql: z.string(), params: z.array(z.number().int().min(0)).default([]) });
const query = z.union([z.string(), z.array(step).min(1)]);
const env = z
  .object({
    PORT: z.coerce.number().int().min(1).max(65535),
    HOST: z.string().default('127.0.0.1'),
    DATABASE_URL: z.string().optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
    DATA_DIR: z.string().optional(),
    BENCH_QUERIES: z.string().transform((s) => z.record(z.string().regex(/^[a-z0-9-]+$/), query).parse(JSON.parse(s))),
  })
  .parse(process.env);

async function open() {
  if (env.DATABASE_URL) {
    // The same pool size the Hallway server gets, so neither side has more connections to PostgreSQL.
    const pool = new pg.Pool({
      connectionString: env.DATABASE_URL,
      max: env.DATABASE_POOL_SIZE,
      // As the Hallway server's pool (platform/db/client.ts): no JIT compilation.
      options: '-c jit=off',
    });
    return {
      query: (text, params) => pool.query(text, params),
      async transaction(work) {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          const result = await work((text, params) => client.query(text, params));
          await client.query('COMMIT');
          return result;
        } catch (err) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw err;
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  if (!env.DATA_DIR) throw new Error('Set DATABASE_URL or DATA_DIR');
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(path.join(env.DATA_DIR, 'db'));
  return {
    query: (text, params) => db.query(text, params),
    transaction: (work) => db.transaction((tx) => work((text, params) => tx.query(text, params))),
    close: () => db.close(),
  };
}

const db = await open();
const app = Fastify({ logger: false });
app.get('/ready', async () => ({ ok: true }));
app.get('/sql/:name', async (req, reply) => {
  const q = env.BENCH_QUERIES[req.params.name];
  if (!q) return reply.status(404).send({ message: 'unknown query' });
  const p = req.query.p === undefined ? [] : [req.query.p].flat();
  if (typeof q === 'string') return { result: (await db.query(q, p)).rows };
  const rows = await db.transaction(async (run) => {
    let last = [];
    for (const s of q) {
      last = (
        await run(
          s.sql,
          s.params.map((i) => p[i]),
        )
      ).rows;
    }
    return last;
  });
  return { result: rows };
});

await app.listen({ port: env.PORT, host: env.HOST });
const stop = async () => {
  await app.close();
  await db.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
