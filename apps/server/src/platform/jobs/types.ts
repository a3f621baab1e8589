/** Background jobs on the same database (pg-boss). A job runs once across all processes. */
export interface Jobs {
  /** Registers the handler of a queue (before or after start). A handler that throws is tried again later. */
  work<T extends object>(queue: string, handler: (data: T, job: JobInfo) => Promise<void>): Promise<void>;
  /**
   * Queues one job now, or after `startAfter` seconds. With `id` (a uuid) a job is queued once: sending that id again
   * queues nothing. A job that throws is tried again up to `retryLimit` times, `retryDelay` seconds apart (doubling
   * with `retryBackoff`).
   */
  send(queue: string, data: object, options?: SendOptions): Promise<string | null>;
  /** A cron schedule (UTC) that queues a job on `queue`; scheduling a queue again replaces its schedule. */
  schedule(queue: string, cron: string, data?: object): Promise<void>;
  unschedule(queue: string): Promise<void>;
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
