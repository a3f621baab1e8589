import { EventEmitter, once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { principalQuery } from '../../modules/users/principal.js';
import { call, createHarness, type Harness, makeWorkspace } from '../../test/harness.js';
import { createPlatform } from '../create.js';
import { READY_TIMEOUT_MS } from './routes.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('health probes', () => {
  it('answers live and ready without a session', async () => {
    const live = await call(h, null, 'GET', '/api/health/live');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await call(h, null, 'GET', '/api/health/ready');
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ok',
      checks: { database: 'up', migrations: 'done', redis: 'off', shuttingDown: false },
    });
  });

  it('is not ready while the database does not answer in time', async () => {
    const database = h.platform.database;
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // PGlite runs one transaction at a time: one left open keeps every other statement waiting.
    const blocker =
      database.kind === 'pglite'
        ? database.pglite!.transaction(() => held)
        : (async () => {
            const pool = database.pool!;
            // Every connection of the pool (DATABASE_POOL_SIZE of the harness) busy.
            const clients = await Promise.all(Array.from({ length: 5 }, () => pool.connect()));
            await held;
            for (const c of clients) c.release();
          })();
    try {
      const started = Date.now();
      const ready = await call(h, null, 'GET', '/api/health/ready');
      expect(ready.statusCode, ready.body).toBe(503);
      expect(ready.headers['retry-after']).toBe('5');
      expect(ready.json()).toMatchObject({
        code: 'service_unavailable',
        checks: { database: 'down', migrations: 'unknown' },
      });
      expect(Date.now() - started).toBeGreaterThanOrEqual(READY_TIMEOUT_MS - 50);
    } finally {
      release();
      await blocker;
    }
    expect((await call(h, null, 'GET', '/api/health/ready')).statusCode).toBe(200);
  });
});

describe('shutting down', () => {
  it('answers 503 with Retry-After in the API format, readiness included; liveness stays', async () => {
    const own = await createHarness();
    try {
      const ws = await makeWorkspace(own);
      own.app.markShuttingDown();
      for (const url of ['/api/user/me', '/api/health/ready', '/api/env']) {
        const res = await call(own, ws.employee, 'GET', url);
        expect(res.statusCode, url).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(res.headers.connection).toBe('close');
        expect(res.json()).toEqual({ message: expect.any(String), code: 'service_unavailable' });
      }
      expect((await call(own, null, 'GET', '/api/health/live')).statusCode).toBe(200);
    } finally {
      await own.close();
    }
  });
});

describe('closing with kept-alive connections busy', () => {
  it('answers every request that reached it, 503 with Connection: close once closing; never drops one', async () => {
    const own = await createHarness();
    await own.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = own.app.server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    type Outcome = { status?: number; connection?: string; error?: string; reused: boolean };
    const outcomes: Outcome[] = [];
    const answered = new EventEmitter();
    let closed = false;
    // Each client sends its next request the moment the last one is answered, on the same connection.
    const client = async () => {
      for (;;) {
        const outcome = await new Promise<Outcome>((resolve) => {
          const req = http.get({ host: '127.0.0.1', port, path: '/api/env', agent }, (res) => {
            res.resume();
            res.on('end', () =>
              resolve({ status: res.statusCode, connection: res.headers.connection, reused: req.reusedSocket }),
            );
          });
          req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code, reused: req.reusedSocket }));
        });
        outcomes.push(outcome);
        answered.emit('outcome');
        // Refused: the listener is closed, and the client knows its request never left.
        if (outcome.error || (closed && outcome.status !== 200)) return;
      }
    };
    const clients = Array.from({ length: 4 }, client);
    try {
      while (outcomes.filter((o) => o.status === 200).length < 40) await once(answered, 'outcome');
      // What main.ts does on SIGTERM (without SHUTDOWN_DELAY).
      own.app.markShuttingDown();
      closed = true;
      await own.app.close();
      await Promise.all(clients);
    } finally {
      agent.destroy();
      await own.close();
    }
    const unanswered = outcomes.filter((o) => o.error && o.error !== 'ECONNREFUSED');
    expect(unanswered).toEqual([]);
    const refusals = outcomes.filter((o) => o.status !== 200 && !o.error);
    expect(refusals.length).toBeGreaterThan(0);
    for (const o of refusals) expect(o).toMatchObject({ status: 503, connection: 'close' });
  });
});

describe('a nearly full disk', () => {
  it('refuses to start with a clear message before creating anything in DATA_DIR', async () => {
    const parent = await mkdtemp(path.join(os.tmpdir(), 'hallway-disk-'));
    const dataDir = path.join(parent, 'data');
    try {
      const config = loadConfig({ DATA_DIR: dataDir, MIN_FREE_DISK_MB: '900000000', LOG_LEVEL: 'silent', DEMO: '0' });
      await expect(createPlatform(config, pino({ level: 'silent' }), { principal: principalQuery })).rejects.toThrow(
        /^Not enough disk space in DATA_DIR .*data \(\d+ MB free, 900000000 MB needed\)/,
      );
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });
});
