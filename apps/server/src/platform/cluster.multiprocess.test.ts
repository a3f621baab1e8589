import type pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN_LOGIN, DEMO_EMPLOYEE_LOGIN, DEMO_WORKSPACE } from '../bootstrap/demo.js';
import {
  connectTo,
  createDatabase,
  DEMO_PASSWORD,
  logsOnFailure,
  request,
  type ServerProcess,
  serverEnv,
  startTogether,
  stopAll,
  testRedis,
} from '../test/processes.js';
import { APPLIED_TABLE, readMigrations } from './db/migrate.js';
import { MAINTENANCE_ACTION, MAINTENANCE_QUEUE } from './jobs/maintenance.js';

/**
 * Two real server processes on one PostgreSQL database and one Redis: what a horizontally scaled deployment
 * relies on. Ports 4210 and 4211.
 */
const { url: REDIS_URL, up: redisUp } = await testRedis('the cross-process realtime test');

let database: Awaited<ReturnType<typeof createDatabase>>;
let a: ServerProcess;
let b: ServerProcess;
let sql: pg.Client;
const sockets: Socket[] = [];

beforeAll(async () => {
  database = await createDatabase('hallway_cluster');
  const env = (port: number) =>
    serverEnv(database.url, port, { REDIS_URL: redisUp ? REDIS_URL : undefined, MAINTENANCE_CRON: '* * * * *' });
  [a, b] = await startTogether([
    { name: 'A', env: env(4210) },
    { name: 'B', env: env(4211) },
  ]);
  sql = await connectTo(database.url);
}, 180_000);

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

afterAll(() => stopAll({ sql, servers: [a, b], database }));

logsOnFailure(() => [a, b]);

/** Log lines at level error or above (pino writes one JSON object a line). */
const errorsIn = (log: string) =>
  log.split('\n').filter((line) => {
    try {
      return (JSON.parse(line) as { level?: number }).level! >= 50;
    } catch {
      return /error/i.test(line);
    }
  });

async function signIn(server: ServerProcess, login: string) {
  const res = await request<{ token: string; result: { _id: string } }>(server, 'POST', '/api/loginPage', {
    body: { login, password: DEMO_PASSWORD, workspace: DEMO_WORKSPACE },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { token: res.body.token, id: res.body.result._id };
}

function connect(server: ServerProcess, namespace: string, token: string): Promise<Socket> {
  const socket = io(`${server.url}/${namespace}`, {
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => reject(err));
  });
}

async function identified(server: ServerProcess, namespace: string, who: { token: string; id: string }) {
  const socket = await connect(server, namespace, who.token);
  expect(await socket.timeout(30_000).emitWithAck('identify', { user_id: who.id, timestamp: Date.now() })).toBe(true);
  return socket;
}

const nextEvent = (socket: Socket, event: string) =>
  new Promise<unknown>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within 10 s`)), 10_000);
    socket.once(event, (payload: unknown) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });

describe('two server processes on one database', () => {
  it('both migrated and seeded the fresh database concurrently, each step applied once', async () => {
    expect(errorsIn(a.log())).toEqual([]);
    expect(errorsIn(b.log())).toEqual([]);
    // One row per file (the name is the key): a migration applied twice would have failed the second start.
    const migrations = await sql.query(`SELECT name, hash FROM ${APPLIED_TABLE} ORDER BY name`);
    expect(migrations.rows).toEqual(readMigrations().map(({ name, hash }) => ({ name, hash })));
    const counts = await sql.query(`SELECT
      (SELECT count(*)::int FROM users WHERE 'superadmin' = ANY(roles)) AS superadmins,
      (SELECT count(*)::int FROM clients WHERE workspace = '${DEMO_WORKSPACE}') AS demos,
      (SELECT count(*)::int FROM system_settings WHERE key = 'jwt_secret') AS secrets,
      (SELECT count(*)::int FROM pgboss.version) AS boss_versions`);
    expect(counts.rows[0]).toEqual({ superadmins: 1, demos: 1, secrets: 1, boss_versions: 1 });
    // One generated secret for both: a token from A is good on B.
    const admin = await signIn(a, DEMO_ADMIN_LOGIN);
    expect((await request(b, 'GET', '/api/user/me', { token: admin.token })).status).toBe(200);
  });

  it.skipIf(!redisUp)('delivers a user.updated caused on one process to sockets on the other, both ways', async () => {
    const admin = await signIn(a, DEMO_ADMIN_LOGIN);
    const anna = await signIn(b, DEMO_EMPLOYEE_LOGIN);
    const daniel = await signIn(a, 'daniel');
    const onB = await identified(b, DEMO_WORKSPACE, anna);
    const onA = await identified(a, DEMO_WORKSPACE.toUpperCase(), anna);
    const bystanders = [await identified(b, DEMO_WORKSPACE, daniel), await identified(a, DEMO_WORKSPACE, daniel)];
    const overheard: unknown[] = [];
    for (const s of bystanders) s.on('user.updated', (p: unknown) => overheard.push(p));

    for (const [caller, rights] of [
      [a, { wall: false }],
      [b, { wall: true }],
    ] as const) {
      const arrivals = [nextEvent(onB, 'user.updated'), nextEvent(onA, 'user.updated')];
      const res = await request(caller, 'PUT', `/api/user/${anna.id}/rights`, { token: admin.token, body: { rights } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      for (const payload of await Promise.all(arrivals)) expect(payload).toMatchObject({ _id: anna.id, rights });
    }
    // Daniel's own change, made after on the last caller: anything misrouted to his sockets would have come first.
    const markers = bystanders.map((s) => nextEvent(s, 'user.updated'));
    const own = await request(b, 'PUT', `/api/user/${daniel.id}/rights`, {
      token: admin.token,
      body: { rights: { wall: true } },
    });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    for (const payload of await Promise.all(markers)) expect(payload).toMatchObject({ _id: daniel.id });
    expect(overheard.map((payload) => (payload as { _id: string })._id)).toEqual([daniel.id, daniel.id]);
  });

  it('runs the scheduled maintenance once per minute slot across both processes', async () => {
    const runs = async () =>
      (await sql.query('SELECT details FROM journal WHERE action = $1', [MAINTENANCE_ACTION])).rows as {
        details: { job: string; deleted: Record<string, number> };
      }[];
    // Schedules are looked at every 30 s, so two minute slots have come due within 80 s of the start.
    const deadline = Date.now() + 150_000;
    while ((await runs()).length < 2) {
      if (Date.now() > deadline) throw new Error('fewer than two maintenance runs in 150 s');
      await new Promise((r) => setTimeout(r, 2_000));
    }
    // A graceful stop lets a run in progress finish, so what follows is a settled picture.
    await Promise.all([a.stop(), b.stop()]);
    const slots = await sql.query(
      `SELECT singleton_on, count(*)::int AS n FROM pgboss.job
       WHERE name = '__pgboss__send-it' AND data->>'name' = $1 GROUP BY singleton_on`,
      [MAINTENANCE_QUEUE],
    );
    const jobs = await sql.query('SELECT id, state FROM pgboss.job WHERE name = $1', [MAINTENANCE_QUEUE]);
    const journal = await runs();
    expect(slots.rows.every((r) => r.n === 1)).toBe(true);
    expect(jobs.rows.length).toBeLessThanOrEqual(slots.rows.length);
    const completed = jobs.rows.filter((j) => j.state === 'completed').map((j) => j.id as string);
    expect(completed.length).toBeGreaterThanOrEqual(2);
    // Exactly one journal row per completed job: no job ran twice, no run went unrecorded.
    expect(journal.map((r) => r.details.job).sort()).toEqual([...completed].sort());
    expect(journal[0].details.deleted).toMatchObject({ outbox: 0, password_resets: 0, event_reminders_sent: 0 });
    const ran = (s: ServerProcess) =>
      s
        .log()
        .split('\n')
        .filter((l) => l.includes('maintenance done')).length;
    expect(ran(a) + ran(b)).toBe(journal.length);
  }, 240_000);
});
