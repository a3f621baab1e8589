import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type HallwayApp } from '../../app.js';
import { call, createHarness, type Harness, makeWorkspace, type TestWorkspace } from '../../test/harness.js';
import type { SharedState } from './throttle.js';

// Issue 8 item 2 (throttling part): a Redis outage must not hold or fail sign-in. This file starts its own
// redis-server on a free port and kills that one; the shared Redis is never touched.

let dir: string;
let port: number;
let redisServer: ChildProcess | null = null;
let h: Harness;
let app: HallwayApp;
const logLines: { msg: string; level: number }[] = [];

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

async function startRedis(): Promise<void> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output.slice(-500)}`)));
  });
  redisServer = child;
}

async function killRedis(): Promise<void> {
  const child = redisServer!;
  redisServer = null;
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}

/** Resolves when the throttle's counters live in `state` (at once if they already do). */
async function counters(state: SharedState): Promise<void> {
  while (app.throttle.state !== state) await once(app.throttle.events, 'state');
}

/** Throttle keys in our Redis right now. */
async function keysInRedis(): Promise<string[]> {
  const client = new Redis({ port, host: '127.0.0.1', lazyConnect: true });
  try {
    await client.connect();
    return await client.keys('hallway:throttle:*');
  } finally {
    client.disconnect();
  }
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'hallway-redis-'));
  port = await freePort();
  await startRedis();
  h = await createHarness({ LOGIN_RATE_LIMIT: '3', LOGIN_ADDRESS_RATE_LIMIT: '1000' });
  const log = pino({ level: 'info' }, { write: (line: string) => void logLines.push(JSON.parse(line)) });
  // Only the throttle gets the Redis: realtime stays in this process.
  const config = { ...h.platform.config, redisUrl: `redis://127.0.0.1:${port}` };
  app = await buildApp({ ...h.platform, config }, { logger: log });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await h?.close();
  if (redisServer) await killRedis();
  await rm(dir, { recursive: true, force: true });
});

const wrong = (ws: TestWorkspace) =>
  app.inject({ method: 'POST', url: '/api/login', payload: { login: ws.employee.login, password: 'wrong-pass' } });

/** Three wrong passwords are checked, the fourth is refused: the limit holds wherever the counters are. */
async function expectThrottled(ws: TestWorkspace): Promise<number[]> {
  const times: number[] = [];
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) {
    const started = performance.now();
    statuses.push((await wrong(ws)).statusCode);
    times.push(performance.now() - started);
  }
  expect(statuses).toEqual([400, 400, 400, 429]);
  return times;
}

describe('sign-in throttling and a Redis outage', () => {
  it('uses Redis, counts in memory while it is hung or down without holding sign-in, and goes back to it', async () => {
    await counters('redis');
    // What the log says from here on: on a loaded machine the first connection can time out while the app starts
    // (and be told as an outage and a return), which is not the outage this test makes.
    const start = logLines.length;
    const before = await makeWorkspace(h);
    await expectThrottled(before);
    expect((await keysInRedis()).some((k) => k.includes(`account:user:${before.employee.id}`))).toBe(true);

    // A hung Redis (the connection stays open): one sign-in waits the command timeout, the next go to memory.
    redisServer!.kill('SIGSTOP');
    const hung = await makeWorkspace(h);
    const hungTimes = await expectThrottled(hung);
    console.info(`Redis hung: sign-in answered in ${hungTimes.map((t) => t.toFixed(0)).join(', ')} ms`);
    expect(Math.max(...hungTimes.slice(1))).toBeLessThan(500);
    expect(app.throttle.state).toBe('memory');

    await killRedis();
    const during = await makeWorkspace(h);
    const times = await expectThrottled(during);
    // More requests during the outage: the log must still say it once.
    for (let i = 0; i < 10; i++)
      await call({ ...h, app }, null, 'POST', '/api/login', { login: `x${i}`, password: 'y' });
    const slowest = Math.max(...times);
    console.info(`Redis down: sign-in answered in ${times.map((t) => t.toFixed(0)).join(', ')} ms`);
    expect(slowest).toBeLessThan(1_000);

    await startRedis();
    await counters('redis');
    const after = await makeWorkspace(h);
    await expectThrottled(after);
    const keys = await keysInRedis();
    expect(keys.some((k) => k.includes(`account:user:${after.employee.id}`))).toBe(true);
    expect(keys.some((k) => k.includes(`account:user:${during.employee.id}`))).toBe(false);

    const said = (text: string) => logLines.slice(start).filter((l) => l.msg?.includes(text));
    expect(said('Redis is unreachable')).toHaveLength(1);
    expect(said('Redis is reachable again')).toHaveLength(1);
    expect(logLines.filter((l) => l.level >= 50)).toEqual([]);
  });
});
