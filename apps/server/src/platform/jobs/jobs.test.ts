import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetsCleanup } from '../../modules/auth/maintenance.js';
import { passwordResets } from '../../modules/auth/tables.js';
import { createHarness, type Harness, makeWorkspace } from '../../test/harness.js';
import { journal } from '../db/tables.js';
import { inSystem } from '../db/tenant.js';
import { outbox } from '../mail/tables.js';
import { createJobs } from './boss.js';
import {
  MAINTENANCE_ACTION,
  MAINTENANCE_QUEUE,
  outboxCleanup,
  runMaintenance,
  scheduleMaintenance,
} from './maintenance.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const queueName = (prefix: string) => `${prefix}.${randomBytes(4).toString('hex')}`;

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const jobState = async (id: string) => {
  const { rows } = await h.platform.database.query('SELECT state FROM pgboss.job WHERE id = $1', [id]);
  return rows[0]?.state as string | undefined;
};

describe('jobs on the application database', () => {
  it('runs a sent job once with its data and marks it completed', async () => {
    const queue = queueName('test.echo');
    const seen: unknown[] = [];
    await h.platform.jobs.work<{ n: number }>(queue, async (data) => {
      seen.push(data);
    });
    const id = await h.platform.jobs.send(queue, { n: 7 });
    expect(id).toEqual(expect.any(String));
    await waitFor('completion', async () => ((await jobState(id!)) === 'completed' ? true : undefined));
    expect(seen).toEqual([{ n: 7 }]);
  });

  it('tries a failed job again', async () => {
    const queue = queueName('test.flaky');
    let attempts = 0;
    await h.platform.jobs.work(queue, async () => {
      attempts++;
      if (attempts === 1) throw new Error('first attempt fails');
    });
    const id = await h.platform.jobs.send(queue, {});
    await waitFor('completion after a retry', async () => ((await jobState(id!)) === 'completed' ? true : undefined));
    expect(attempts).toBe(2);
  });

  it('runs a batch together: the job that fails is retried alone, the others complete once; ids queue once', async () => {
    const queue = queueName('test.batch');
    const runs = new Map<number, number>();
    await h.platform.jobs.work<{ n: number }>(
      queue,
      async ({ n }, job) => {
        runs.set(n, (runs.get(n) ?? 0) + 1);
        if (n === 2 && job.retryCount === 0) throw new Error('the second fails once');
      },
      { batchSize: 5 },
    );
    const ids = [1, 2, 3].map(() => crypto.randomUUID());
    const jobs = ids.map((id, i) => ({ data: { n: i + 1 }, options: { id, retryLimit: 2, retryDelay: 1 } }));
    await h.platform.jobs.sendMany(queue, jobs);
    // The same ids again queue nothing.
    await h.platform.jobs.sendMany(queue, jobs);
    for (const id of ids)
      await waitFor('completion of each', async () => ((await jobState(id)) === 'completed' ? true : undefined));
    expect(Object.fromEntries(runs)).toEqual({ 1: 1, 2: 2, 3: 1 });
  });

  it('keeps one schedule per queue: registering again replaces it, unscheduling removes it', async () => {
    const queue = queueName('test.cron');
    const schedules = async () =>
      (await h.platform.database.query('SELECT cron, timezone, data FROM pgboss.schedule WHERE name = $1', [queue]))
        .rows;
    await h.platform.jobs.schedule(queue, '*/5 * * * *', { kind: 'first' });
    expect(await schedules()).toEqual([{ cron: '*/5 * * * *', timezone: 'UTC', data: { kind: 'first' } }]);
    await h.platform.jobs.schedule(queue, '0 3 * * *', { kind: 'second' });
    expect(await schedules()).toEqual([{ cron: '0 3 * * *', timezone: 'UTC', data: { kind: 'second' } }]);
    await h.platform.jobs.unschedule(queue);
    expect(await schedules()).toEqual([]);
  });
});

describe('maintenance', () => {
  const DAY = 86_400_000;
  const ago = (ms: number) => new Date(Date.now() - ms);

  it('deletes spent or expired reset links older than a day and outbox mail older than 90 days, and journals the run', async () => {
    const ws = await makeWorkspace(h);
    const reset = (label: string, fields: { created: Date; expiresAt: Date; usedAt?: Date }) => ({
      clientId: ws.id,
      userId: ws.employee.id,
      tokenHash: `${label}-${randomBytes(8).toString('hex')}`,
      ...fields,
    });
    const mail = (subject: string, created: Date) => ({
      clientId: ws.id,
      to: ws.employee.email,
      subject,
      text: 'body',
      html: '<p>body</p>',
      status: 'kept' as const,
      created,
    });
    await inSystem(h.platform.database, async (tx) => {
      await tx
        .insert(passwordResets)
        .values([
          reset('spent-long-ago', { created: ago(3 * DAY), expiresAt: ago(3 * DAY - 3_600_000), usedAt: ago(3 * DAY) }),
          reset('expired-long-ago', { created: ago(2 * DAY), expiresAt: ago(2 * DAY - 3_600_000) }),
          reset('spent-today', { created: ago(3_600_000), expiresAt: ago(-1_000), usedAt: ago(1_000) }),
          reset('expired-today', { created: ago(2 * 3_600_000), expiresAt: ago(3_600_000) }),
          reset('live', { created: ago(60_000), expiresAt: ago(-3_540_000) }),
        ]);
      await tx.insert(outbox).values([mail('ancient', ago(91 * DAY)), mail('recent', ago(89 * DAY))]);
    });

    const deleted = await runMaintenance(h.platform.database, [outboxCleanup, passwordResetsCleanup]);
    expect(deleted).toEqual({ outbox: 1, password_resets: 2 });

    const left = await inSystem(h.platform.database, async (tx) => ({
      resets: (await tx.select().from(passwordResets).where(eq(passwordResets.userId, ws.employee.id))).map((r) =>
        r.tokenHash.split('-').slice(0, -1).join('-'),
      ),
      mail: (await tx.select().from(outbox).where(eq(outbox.clientId, ws.id))).map((m) => m.subject),
      runs: await tx.select().from(journal).where(eq(journal.action, MAINTENANCE_ACTION)),
    }));
    expect(left.resets.sort()).toEqual(['expired-today', 'live', 'spent-today']);
    expect(left.mail).toEqual(['recent']);
    expect(left.runs).toHaveLength(1);
    expect(left.runs[0]).toMatchObject({ clientId: null, userId: null, details: { deleted } });

    expect(await runMaintenance(h.platform.database, [outboxCleanup, passwordResetsCleanup])).toEqual({
      outbox: 0,
      password_resets: 0,
    });
  });

  it('runs from its cron schedule through pg-boss', async () => {
    // A second pg-boss on the same database that looks at schedules every second instead of every 30.
    const quick = createJobs(h.platform.database, pino({ level: 'silent' }), {
      pollingIntervalSeconds: 1,
      cronMonitorIntervalSeconds: 1,
      cronWorkerIntervalSeconds: 1,
    });
    const runs = () =>
      inSystem(h.platform.database, (tx) =>
        tx.select({ n: sql<number>`count(*)::int` }).from(journal).where(eq(journal.action, MAINTENANCE_ACTION)),
      ).then(([r]) => r.n);
    const before = await runs();
    try {
      await scheduleMaintenance(
        { database: h.platform.database, jobs: quick, log: pino({ level: 'silent' }) },
        { cron: '* * * * *', tasks: [passwordResetsCleanup] },
      );
      const { rows } = await h.platform.database.query('SELECT cron FROM pgboss.schedule WHERE name = $1', [
        MAINTENANCE_QUEUE,
      ]);
      expect(rows).toEqual([{ cron: '* * * * *' }]);
      await waitFor('a scheduled run', async () => ((await runs()) > before ? true : undefined), 25_000);
      const { rows: jobs } = await h.platform.database.query(
        "SELECT state FROM pgboss.job WHERE name = $1 AND state = 'completed'",
        [MAINTENANCE_QUEUE],
      );
      expect(jobs.length).toBeGreaterThanOrEqual(1);
    } finally {
      await quick.unschedule(MAINTENANCE_QUEUE);
      await quick.stop();
    }
  }, 45_000);
});

describe('jobs after stop', () => {
  it('a handler that outlives stop() fails quietly: its late failure touches nothing and rejects nothing', async () => {
    let ignored: (line: string) => void = () => undefined;
    const log = pino(
      { level: 'debug' },
      { write: (line: string) => line.includes('after stop ignored') && ignored(line) },
    );
    const short = createJobs(h.platform.database, log, { pollingIntervalSeconds: 1, stopTimeoutMs: 1000 });
    const queue = queueName('test.outlives');
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    try {
      await short.work(queue, async () => {
        started();
        await released;
        throw new Error('finished after the stop');
      });
      const id = await short.send(queue, {});
      await running;
      await short.stop();
      // pg-boss failed the job still running at its stop timeout; the handler's own failure comes later.
      expect(await jobState(id!)).toBe('retry');
      const late = new Promise<string>((r) => (ignored = r));
      release();
      expect(await late).toContain('pgboss.job');
      await new Promise((r) => setImmediate(r));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  }, 20_000);
});
