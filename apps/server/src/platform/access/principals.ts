import { EventEmitter } from 'node:events';
import type { Database } from '../db/client.js';
import type { Principal } from './guard.js';

/** The channel the `principal_changed` trigger (migration 0021) notifies on. */
export const PRINCIPAL_CHANNEL = 'hallway_principal';

/** How long an entry may serve at most: a bound on anything the notifications could miss, not the invalidation. */
const MAX_AGE_MS = 60_000;
/** Entries kept before the cache starts over: far above the people active in one process at a time. */
const MAX_ENTRIES = 50_000;

interface Entry {
  principal: Principal;
  at: number;
}

/**
 * Who a token names (the person and the workspace the request acts in), kept in memory for the guard's
 * one-statement routes (`oneRead`, `quickRead`, `quickWrite`) so the hottest reads and writes skip the principal
 * lookup; every signed-in request's own lookup fills it. It serves only while it listens to the
 * `principal_changed` trigger: every write of a cached column of `users` or `clients` (token version, roles,
 * rights, deletion, workspace status and features…), on any path and in any process, notifies at commit and the
 * entry is forgotten. While the listening connection is down the cache is empty and bypassed, and it starts empty
 * again when it listens anew, so a change made meanwhile is never served from memory.
 *
 * What this trades: a revoked token can still be served by a one-statement route (and write a like) in the
 * moment between the revoking commit and its notification reaching this process (milliseconds; on the embedded
 * database the notification is handled before the writer's own call returns). Every other route looks the
 * principal up in its transaction.
 *
 * Emits `change` with the notification's payload once it is applied (tests wait for it), `listening` and `lost`.
 */
export class PrincipalCache extends EventEmitter {
  private readonly entries = new Map<string, Map<string, Entry>>();
  private size = 0;
  private active = false;
  /** Moves on every change and on every start or loss of listening: a lookup made before may not be stored. */
  private generation = 0;

  constructor(private readonly now: () => number = Date.now) {
    super();
  }

  /** True while changes are being heard, so entries may be served. */
  get listening(): boolean {
    return this.active;
  }

  /** Taken before a principal is looked up, handed back to `set`. */
  epoch(): number {
    return this.generation;
  }

  get(userId: string, clientId: string | null): Principal | undefined {
    if (!this.active) return undefined;
    const entry = this.entries.get(userId)?.get(clientId ?? '');
    if (!entry) return undefined;
    if (this.now() - entry.at > MAX_AGE_MS) {
      this.forget(userId);
      return undefined;
    }
    return entry.principal;
  }

  /** Keeps a principal looked up at `epoch`, unless something changed (or listening stopped) since. */
  set(userId: string, clientId: string | null, principal: Principal, epoch: number): void {
    if (!this.active || epoch !== this.generation) return;
    if (this.size >= MAX_ENTRIES) this.reset();
    let byClient = this.entries.get(userId);
    if (!byClient) {
      byClient = new Map();
      this.entries.set(userId, byClient);
    }
    if (!byClient.has(clientId ?? '')) this.size += 1;
    byClient.set(clientId ?? '', { principal, at: this.now() });
  }

  /** A notification: `u:<id>` forgets one person, anything else (a workspace changed, a table emptied) all. */
  changed(payload: string): void {
    this.generation += 1;
    if (payload.startsWith('u:')) this.forget(payload.slice(2));
    else this.reset();
    this.emit('change', payload);
  }

  /** Listening (again): start from nothing, since changes may have been missed before. */
  up(): void {
    this.generation += 1;
    this.reset();
    this.active = true;
    this.emit('listening');
  }

  /** The listening connection is gone: serve nothing from memory until it is back. */
  down(): void {
    this.generation += 1;
    this.active = false;
    this.reset();
    this.emit('lost');
  }

  private forget(userId: string): void {
    const byClient = this.entries.get(userId);
    if (!byClient) return;
    this.size -= byClient.size;
    this.entries.delete(userId);
  }

  private reset(): void {
    this.entries.clear();
    this.size = 0;
  }
}

/** A cache listening to the database's principal changes; `close` stops listening. */
export async function startPrincipalCache(
  database: Database,
): Promise<{ cache: PrincipalCache; close: () => Promise<void> }> {
  const cache = new PrincipalCache();
  const stop = await database.listen(PRINCIPAL_CHANNEL, {
    message: (payload) => cache.changed(payload),
    up: () => cache.up(),
    down: () => cache.down(),
  });
  return {
    cache,
    close: stop,
  };
}
