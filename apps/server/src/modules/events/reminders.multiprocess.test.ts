import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN_LOGIN, DEMO_EMPLOYEE_LOGIN, DEMO_WORKSPACE } from '../../bootstrap/demo.js';
import {
  connectTo,
  createDatabase,
  DEMO_PASSWORD,
  freePort,
  request,
  type ServerProcess,
  serverEnv,
  startServer,
  startTogether,
  stopAll,
  tail,
} from '../../test/processes.js';

/**
 * Event reminders with two server processes on one PostgreSQL database: both run a reminder pass as they start
 * (and the minute job afterwards), yet each member gets the reminder of an occurrence once (the unique `sent` row).
 */
let database: Awaited<ReturnType<typeof createDatabase>>;
let servers: ServerProcess[] = [];
let sql: pg.Client;

const env = (port: number) => serverEnv(database.url, port);

beforeAll(async () => {
  database = await createDatabase('hallway_reminders');
  sql = await connectTo(database.url);
}, 60_000);

afterAll(() => stopAll({ sql, servers, database }));

async function signIn(server: ServerProcess, login: string) {
  const res = await request<{ token: string; result: { _id: string } }>(server, 'POST', '/api/loginPage', {
    body: { login, password: DEMO_PASSWORD, workspace: DEMO_WORKSPACE },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { token: res.body.token, id: res.body.result._id };
}

const passes = (log: string) =>
  log
    .split('\n')
    .filter((line) => line.includes('"events.remind pass"'))
    .map((line) => JSON.parse(line) as { due: number; sent: number });

/** Polls a condition the processes bring about (no fixed sleeps): the database or the logs. */
async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 150_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) {
      throw new Error(
        `${what} did not happen:\n${servers.map((s) => `--- ${s.name}\n${tail(s.log(), 30)}`).join('\n')}`,
      );
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

describe('event reminders across processes', () => {
  it('reminds each member of an occurrence once while two processes run the job', { timeout: 400_000 }, async () => {
    const [portA, portB] = [await freePort(), await freePort()];
    const first = await startServer('A', env(portA));
    servers = [first];
    const admin = await signIn(first, DEMO_ADMIN_LOGIN);
    const employee = await signIn(first, DEMO_EMPLOYEE_LOGIN);
    // Starts at the next whole minute after ten minutes from this minute: the 10-minute reminder is due now.
    const start = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 10 * 60_000);
    const created = await request<{ result: { _id: string } }>(first, 'POST', '/api/event/', {
      token: admin.token,
      body: {
        name: 'Release go/no-go call',
        date: start.toISOString().slice(0, 10),
        startTime: start.toISOString().slice(11, 16),
        endTime: new Date(start.getTime() + 30 * 60_000).toISOString().slice(11, 16),
        endDate: new Date(start.getTime() + 30 * 60_000).toISOString().slice(0, 10),
        timeZone: 'UTC',
        members: [employee.id],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const eventId = created.body.result._id;

    // Both processes start together: each runs a reminder pass at start, then the minute job.
    await first.stop();
    servers = await startTogether([
      { name: 'A', env: env(portA) },
      { name: 'B', env: env(portB) },
    ]);

    const sentRows = async () =>
      (await sql.query('SELECT user_id FROM event_reminders_sent WHERE event_id = $1', [eventId])).rows;
    await until('the reminders', async () => ((await sentRows()).length === 2 ? true : undefined));
    // Each process ran its start pass, and afterwards a minute job ran somewhere: nothing more was sent.
    await until('a later pass', async () => {
      const all = servers.flatMap((s) => passes(s.log()));
      return servers.every((s) => passes(s.log()).length > 0) && all.length >= 3 ? all : undefined;
    });
    const all = servers.flatMap((s) => passes(s.log()));
    expect(all.reduce((sum, p) => sum + p.sent, 0)).toBe(2);
    expect((await sentRows()).map((r) => r.user_id).sort()).toEqual([admin.id, employee.id].sort());

    // One centre entry each, delivered by whichever process took the fan-out.
    const entries = async () =>
      (
        await sql.query(`SELECT n.user_id FROM notifications n WHERE n.code = 'events.reminder' AND n.link = $1`, [
          `/calendar/?event=${eventId}`,
        ])
      ).rows;
    const delivered = await until('the centre entries', async () => {
      const rows = await entries();
      return rows.length >= 2 ? rows : undefined;
    });
    expect(delivered.map((r) => r.user_id).sort()).toEqual([admin.id, employee.id].sort());
    const again = await signIn(servers[1], DEMO_EMPLOYEE_LOGIN);
    const page = await request<{ result: { code: string; title: string }[] }>(
      servers[1],
      'GET',
      `/api/notification/${(await sql.query('SELECT client_id FROM events WHERE id = $1', [eventId])).rows[0].client_id}/events/${employee.id}/now`,
      { token: again.token },
    );
    expect(page.body.result.filter((n) => n.code === 'events.reminder').map((n) => n.title)).toHaveLength(1);
  });
});
