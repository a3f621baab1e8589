/** Background jobs on the same database (pg-boss). A job runs once across all processes. */
export interface Jobs {
  /** Registers the handler of a queue (before or after start). A handler that throws is tried again later. */
  work<T extends object>(
    queue: string,
    handler: (data: T, job: JobInfo) => Promise<void>,
    options?: {
      /** Jobs run together (each failing alone); more than 1 also skips the pause after a full batch. */ batchSize?: number;
    },
  ): Promise<void>;
  /**
   * Queues one job now, or after `startAfter` seconds. With `id` (a uuid) a job is queued once: sending that id again
   * queues nothing. A job that throws is tried again up to `retryLimit` times, `retryDelay` seconds apart (doubling
   * with `retryBackoff`).
   */
  send(queue: string, data: object, options?: SendOptions): Promise<string | null>;
  /** Queues many jobs in one statement (a fan-out's batch), each with its own options; ids already queued are skipped. */
  sendMany(queue: string, jobs: { data: object; options?: SendOptions }[]): Promise<void>;
  /** A cron schedule (UTC) that queues a job on `queue`; scheduling a queue again replaces its schedule. */
  schedule(queue: string, cron: string, data?: object): Promise<void>;
  unschedule(queue: string): Promise<void>;
  /**
   * Which of `values` have a live job on `queue` (queued, waiting for a retry, or running) whose `data[field]` is
   * that value. A job that completed, failed for good or was cancelled is not live; neither is one that vanished.
   * With `running: false` only jobs yet to run count: one whose process died stays running for pg-boss until it
   * expires (15 minutes), so a caller that knows its work was abandoned asks this way.
   */
  live(queue: string, field: string, values: string[], options?: { running?: boolean }): Promise<Set<string>>;
}

export interface SendOptions {
  startAfter?: number;
  singletonKey?: string;
  id?: string;
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
}

/** The job a handler runs: its id, and which try this is (0 first) of `retryLimit` retries. */
export interface JobInfo {
  id: string;
  retryCount: number;
  retryLimit: number;
}
