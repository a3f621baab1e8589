/** Background jobs on the same database (pg-boss). A job runs once across all processes. */
export interface Jobs {
  /** Registers the handler of a queue (before or after start). A handler that throws is tried again later. */
  work<T extends object>(queue: string, handler: (data: T, job: { id: string }) => Promise<void>): Promise<void>;
  /** Queues one job now, or after `startAfter` seconds. */
  send(queue: string, data: object, options?: { startAfter?: number; singletonKey?: string }): Promise<string | null>;
  /** A cron schedule (UTC) that queues a job on `queue`; scheduling a queue again replaces its schedule. */
  schedule(queue: string, cron: string, data?: object): Promise<void>;
  unschedule(queue: string): Promise<void>;
}
