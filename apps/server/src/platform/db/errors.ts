/** The constraint a statement violated when it broke a unique index, else null. Drivers nest the cause differently. */
export function uniqueViolation(err: unknown): string | null {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return e.constraint ?? '';
  }
  return null;
}

type Failure = { code?: string; message?: string; severity?: string; cause?: unknown };

/** The error and its causes (Drizzle wraps the driver's error in its own). */
function* chain(err: unknown): Generator<Failure> {
  for (let e = err as Failure | undefined, depth = 0; e && depth < 5; e = e.cause as Failure, depth++) yield e;
}

/**
 * SQLSTATEs meaning "the database cannot serve this now; the same request may work in a moment": canceled by
 * statement_timeout (57014), lock_timeout (55P03), the backend shut down or killed (57P01–57P03), no free
 * connection slots (53300), a broken connection (class 08), a serialization failure or deadlock (40001, 40P01).
 */
const TRANSIENT_CODES = /^(57014|55P03|57P0[123]|53300|53400|08...|40001|40P01)$/;
/** Driver-level failures without a SQLSTATE: refused, reset, pool acquire timeout, connection lost. */
const TRANSIENT_MESSAGES =
  /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|EPIPE|timeout exceeded when trying to connect|Connection terminated|not queryable|Client was closed/i;

/** Whether a failure means the database is unavailable or saturated (answered 503 with Retry-After). */
export function databaseUnavailable(err: unknown): boolean {
  for (const e of chain(err)) {
    if (typeof e.code === 'string' && TRANSIENT_CODES.test(e.code)) return true;
    if (typeof e.code === 'string' && /^E[A-Z]+$/.test(e.code) && TRANSIENT_MESSAGES.test(e.code)) return true;
    if (!e.severity && typeof e.message === 'string' && TRANSIENT_MESSAGES.test(e.message)) return true;
  }
  return false;
}

/** Whether the connection that raised this cannot be used again (rather than one statement having failed). */
export function connectionBroken(err: unknown): boolean {
  for (const e of chain(err)) {
    if (typeof e.code === 'string' && /^(57P0[123]|08...)$/.test(e.code)) return true;
    if (
      !e.severity &&
      typeof e.message === 'string' &&
      /connection|terminat|ECONN|socket|not queryable/i.test(e.message)
    )
      return true;
  }
  return false;
}

/**
 * Whether a failure means the disk is full: PostgreSQL's `disk_full` (53100, "could not extend file … No space left
 * on device"), or the operating system's no space left / quota exceeded from a file write. Reads still work; writes
 * are refused with 507 until space is freed.
 */
export function diskFull(err: unknown): boolean {
  for (const e of chain(err)) {
    if (e.code === '53100' || e.code === 'ENOSPC' || e.code === 'EDQUOT') return true;
    if (typeof e.message === 'string' && /No space left on device|Disk quota exceeded/i.test(e.message)) return true;
  }
  return false;
}

/**
 * What a failed background call means when the process outlives it, else null. pg-boss records a finished job's
 * completion or failure without awaiting it (its worker's onFetch), so a database that went away or a full disk
 * surface there as unhandled rejections: states the process outlives (requests answer 503 or 507, the job is fetched
 * again after its expiry), unlike a bug.
 */
export function toleratedBackgroundFailure(err: unknown): string | null {
  if (diskFull(err)) return 'a background database call failed: the disk is full';
  if (databaseUnavailable(err)) return 'a background database call failed: the database is unavailable';
  return null;
}
