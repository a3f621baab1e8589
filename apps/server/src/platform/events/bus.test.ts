import { EventEmitter, once } from 'node:events';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { modules } from '../../modules/index.js';
import { call, createHarness, type Harness, makeWorkspace, type TestWorkspace } from '../../test/harness.js';
import { rowsOf } from '../db/client.js';
import { inSystem } from '../db/tenant.js';
import { AppError } from '../errors/app-error.js';
import type { Module } from '../http/module.js';
import { record } from './bus.js';
import { domainEvents } from './tables.js';

declare module './bus.js' {
  interface DomainEvents {
    'probe.noted': { n: number };
    'probe.kept': { n: number };
  }
}

/** What the probe's subscribers saw, in order. */
const seen = new EventEmitter();
const log: string[] = [];
let failuresLeft = 0;

const free = { featureFree: true, reason: 'event bus probe' } as const;
const probe: Module = {
  name: 'events-probe',
  feature: free,
  routes(app) {
    app.post(
      '/api/probe/event',
      { schema: { body: z.object({ n: z.number(), fail: z.boolean() }) }, config: { access: { signedIn: true } } },
      async (req) => {
        await record(req.ctx, 'probe.noted', { n: req.body.n });
        await record(req.ctx, 'probe.kept', { n: req.body.n });
        if (req.body.fail) throw new AppError(400, 'validation');
        return { result: true };
      },
    );
  },
  subscribes: {
    'probe.noted': {
      async handle(ctx, event) {
        // Inside the recording transaction: its tenant, before the commit.
        const [row] = await rowsOf<{ tenant: string }>(ctx.db, sql`SELECT current_setting('app.client_id') AS tenant`);
        log.push(`noted ${event.payload.n} in ${row.tenant === event.clientId ? 'its transaction' : 'another'}`);
        ctx.afterCommit(() => log.push(`committed ${event.payload.n}`));
      },
    },
    'probe.kept': {
      phase: 'outbox',
      async handle(_ctx, event) {
        if (failuresLeft > 0) {
          failuresLeft--;
          log.push(`kept ${event.payload.n} failed`);
          throw new Error('the subscriber failed once');
        }
        log.push(`kept ${event.payload.n}`);
        seen.emit('kept', event.payload.n);
      },
    },
  },
};

let h: Harness;
let ws: TestWorkspace;
beforeAll(async () => {
  h = await createHarness({ JOBS: '1' }, { modules: [...modules, probe] });
  ws = await makeWorkspace(h);
}, 120_000);
afterAll(() => h.close());

const kept = (n: number) =>
  (async () => {
    for (;;) {
      const [value] = await once(seen, 'kept');
      if (value === n) return;
    }
  })();

describe('domain events', { timeout: 120_000 }, () => {
  it('runs a transaction subscriber inside the change, and its after-commit work only once the change commits', async () => {
    log.length = 0;
    const done = kept(1);
    expect((await call(h, ws.employee, 'POST', '/api/probe/event', { n: 1, fail: false })).statusCode).toBe(200);
    await done;
    expect(log).toEqual(['noted 1 in its transaction', 'committed 1', 'kept 1']);

    log.length = 0;
    const refused = await call(h, ws.employee, 'POST', '/api/probe/event', { n: 2, fail: true });
    expect(refused.statusCode).toBe(400);
    // Rolled back: the subscriber ran, its after-commit work did not, and no outbox row is left.
    expect(log).toEqual(['noted 2 in its transaction']);
    const rows = await inSystem(h.platform.database, (tx) =>
      tx.select().from(domainEvents).where(sql`${domainEvents.payload} ->> 'n' = '2'`),
    );
    expect(rows).toEqual([]);
  });

  it('hands an outbox event to its subscriber exactly once: a failure is retried, a repeated job skipped', async () => {
    log.length = 0;
    failuresLeft = 1;
    const done = kept(3);
    expect((await call(h, ws.employee, 'POST', '/api/probe/event', { n: 3, fail: false })).statusCode).toBe(200);
    await done;
    const [event] = await inSystem(h.platform.database, (tx) =>
      tx.select().from(domainEvents).where(sql`${domainEvents.payload} ->> 'n' = '3'`),
    );
    expect(event.type).toBe('probe.kept');
    expect(event.actorId).toBe(ws.employee.id);

    // The job again (a crash after the handler's commit, before the event was marked done): nothing runs twice.
    await inSystem(h.platform.database, (tx) =>
      tx.update(domainEvents).set({ doneAt: null }).where(eq(domainEvents.id, event.id)),
    );
    await h.platform.jobs.send('domain-events', { clientId: ws.id, eventId: event.id });
    // Done again once the repeated job has run (it marks the event done after skipping the handled subscriber).
    await expect
      .poll(
        async () => {
          const [row] = await inSystem(h.platform.database, (tx) =>
            tx.select({ doneAt: domainEvents.doneAt }).from(domainEvents).where(eq(domainEvents.id, event.id)),
          );
          return row.doneAt !== null;
        },
        { timeout: 60_000 },
      )
      .toBe(true);
    expect(log.filter((line) => line.startsWith('kept'))).toEqual(['kept 3 failed', 'kept 3']);
  });

  it('writes no outbox row for an event nobody follows durably', async () => {
    const before = await inSystem(h.platform.database, (tx) =>
      rowsOf<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM domain_events WHERE type = 'probe.noted'`),
    );
    expect(before[0].n).toBe(0);
  });
});
