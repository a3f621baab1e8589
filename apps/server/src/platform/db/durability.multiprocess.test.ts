import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, describe, expect, it, type TestContext } from 'vitest';
import { DEMO_EMPLOYEE_LOGIN, DEMO_WORKSPACE } from '../../bootstrap/demo.js';
import {
  createDatabase,
  DEMO_PASSWORD,
  killAllServers,
  request,
  type ServerProcess,
  startServer,
  tail,
} from '../../test/processes.js';

/**
 * A server killed with SIGKILL in the middle of a stream of writes keeps every write it acknowledged: a 200
 * is only sent after COMMIT returned, and COMMIT must mean the write is on disk (in the WAL) — on the embedded
 * database as on PostgreSQL. Ports 4220 and 4221.
 */

const WRITERS = 4;
const KILL_AFTER_ACKS = 300;

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  await killAllServers();
  for (const cleanup of cleanups.reverse()) await cleanup();
});

interface Stream {
  /** Module-visit numbers answered 200. */
  acked: Set<number>;
  /** Every number sent, answered or not. */
  sent: number;
  /** The highest profile counter answered 200. */
  profile: number;
  done: Promise<void>;
}

/** Several writers at once until the server stops answering. */
function streamWrites(server: ServerProcess, who: { token: string; id: string; clientId: string }): Stream {
  const stream: Stream = { acked: new Set(), sent: 0, profile: 0, done: Promise.resolve() };
  const visits = async () => {
    for (;;) {
      const n = stream.sent++;
      try {
        const res = await request(server, 'POST', '/api/analytics/modules', {
          token: who.token,
          body: { module: `durability-${n}`, date: Date.now(), userId: who.id, clientId: who.clientId },
        });
        if (res.status !== 200) throw new Error(`visit ${n}: ${res.status} ${JSON.stringify(res.body)}`);
        stream.acked.add(n);
      } catch (err) {
        if (isConnectionLoss(err)) return;
        throw err;
      }
    }
  };
  const profile = async () => {
    for (let k = 1; ; k++) {
      try {
        const res = await request(server, 'PUT', `/api/user/${who.id}`, {
          token: who.token,
          body: { about: `counter ${k}` },
        });
        if (res.status !== 200) throw new Error(`profile ${k}: ${res.status} ${JSON.stringify(res.body)}`);
        stream.profile = k;
      } catch (err) {
        if (isConnectionLoss(err)) return;
        throw err;
      }
    }
  };
  stream.done = Promise.all([...Array.from({ length: WRITERS }, visits), profile()]).then(() => undefined);
  return stream;
}

/** fetch's failure when the peer vanished (reset, refused, closed mid-response). */
const isConnectionLoss = (err: unknown) => err instanceof TypeError && /fetch failed|terminated/.test(err.message);

async function signIn(server: ServerProcess) {
  const login = await request<{ token: string; result: { _id: string; client_id: string } }>(
    server,
    'POST',
    '/api/loginPage',
    { body: { login: DEMO_EMPLOYEE_LOGIN, password: DEMO_PASSWORD, workspace: DEMO_WORKSPACE } },
  );
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return { token: login.body.token, id: login.body.result._id, clientId: login.body.result.client_id };
}

async function killMidStream(ctx: TestContext, name: string, env: Record<string, string | undefined>) {
  const logs: string[] = [];
  ctx.onTestFailed(() => console.error(`--- logs of ${name} ---\n${logs.map((l) => tail(l, 60)).join('\n---\n')}`));
  const first = await startServer(`${name} (before the kill)`, env);
  const who = await signIn(first);
  const stream = streamWrites(first, who);
  let ended = false;
  void stream.done.then(() => {
    ended = true;
  });
  while (stream.acked.size < KILL_AFTER_ACKS) {
    // A writer's error (or the server going away on its own) ends the test here rather than spinning.
    await Promise.race([stream.done, new Promise((r) => setTimeout(r, 20))]);
    if (ended) throw new Error(`the writes stopped after ${stream.acked.size} acknowledgements, before the kill`);
  }
  await first.kill();
  logs.push(first.log());
  await stream.done;
  const inFlight = stream.sent - stream.acked.size;

  const second = await startServer(`${name} (after the restart)`, env);
  const me = await request<{ result: { about: string } }>(second, 'GET', `/api/user/${who.id}`, { token: who.token });
  expect(me.status).toBe(200);
  const counter = Number(me.body.result.about.replace('counter ', ''));
  // The profile write in flight at the kill may or may not have committed; the acknowledged one must have.
  expect(counter === stream.profile || counter === stream.profile + 1, `${counter} after ${stream.profile}`).toBe(true);
  await second.stop();
  logs.push(second.log());
  expect(second.log()).not.toMatch(/"level":(50|60)/);
  return { stream, inFlight, userId: who.id };
}

function expectEveryAcked(stream: Stream, stored: number[]) {
  const present = new Set(stored);
  const lost = [...stream.acked].filter((n) => !present.has(n));
  expect(lost, `${lost.length} of ${stream.acked.size} acknowledged writes lost`).toEqual([]);
  // Nothing appears that was never sent.
  expect(stored.every((n) => n < stream.sent)).toBe(true);
}

const numbers = (rows: { module: string }[]) => rows.map((r) => Number(r.module.replace('durability-', '')));

describe('acknowledged writes survive SIGKILL', () => {
  it('on the embedded database (PGlite in DATA_DIR)', async (ctx) => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'hallway-durability-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const env = { PORT: '4220', DATA_DIR: dataDir, DEMO: '1', SUPERADMIN_PASSWORD: 'durable-secret' };
    const { stream, inFlight, userId } = await killMidStream(ctx, 'embedded', env);
    const db = await PGlite.create(path.join(dataDir, 'db'));
    try {
      const { rows } = await db.query<{ module: string }>(
        "SELECT module FROM module_visits WHERE user_id = $1 AND module LIKE 'durability-%'",
        [userId],
      );
      expectEveryAcked(stream, numbers(rows));
      console.info(
        `embedded: ${stream.acked.size} acknowledged, ${inFlight} in flight at the kill, ${rows.length} kept`,
      );
    } finally {
      await db.close();
    }
  }, 300_000);

  it('on PostgreSQL', async (ctx) => {
    const database = await createDatabase('hallway_durability');
    cleanups.push(() => database.drop());
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'hallway-durability-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const env = {
      PORT: '4221',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      DEMO: '1',
      SUPERADMIN_PASSWORD: 'durable-secret',
    };
    const { stream, inFlight, userId } = await killMidStream(ctx, 'postgres', env);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ module: string }>(
        "SELECT module FROM module_visits WHERE user_id = $1 AND module LIKE 'durability-%'",
        [userId],
      );
      expectEveryAcked(stream, numbers(rows));
      console.info(
        `postgres: ${stream.acked.size} acknowledged, ${inFlight} in flight at the kill, ${rows.length} kept`,
      );
    } finally {
      await client.end();
    }
  }, 300_000);
});
