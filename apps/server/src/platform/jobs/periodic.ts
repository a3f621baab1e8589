import type { FastifyBaseLogger } from 'fastify';
import type { Platform } from '../index.js';

/**
 * A module's pass on a cron schedule (UTC), in the processes that run jobs (`JOBS`), and once at start for what fell
 * due while no process ran (a deploy). pg-boss queues one job a slot across processes, but the start-up pass runs in
 * every process that starts: a pass must claim its rows itself (a conditional `UPDATE … RETURNING`) so two at once
 * do its work once. A failing start-up pass is logged; the schedule's next run tries again.
 */
export async function startPeriodic(
  platform: Pick<Platform, 'config' | 'jobs'>,
  log: FastifyBaseLogger,
  job: { queue: string; cron: string; pass: () => Promise<unknown> },
): Promise<void> {
  if (!platform.config.jobs) return;
  await platform.jobs.work(job.queue, async () => {
    await job.pass();
  });
  await platform.jobs.schedule(job.queue, job.cron);
  await job.pass().catch((err) => log.error({ err }, `${job.queue} pass failed`));
}
