import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { isIPv6 } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../../config.js';
import { AppError } from '../errors/app-error.js';

/**
 * Sign-in throttling (docs/security.md). Two counters, each a sliding log of the last minute, so no minute —
 * aligned or not — sees more than the limit:
 * - per account: password checks for one person (or, for a name nobody has, that name), whatever the path, the
 *   spelling (login or e-mail, any case) or the headers;
 * - per address: every attempt on the sign-in, registration and reset routes from one client address (req.ip, as
 *   far as TRUST_PROXY lets Fastify read it; IPv6 by /64, since one machine commonly holds a whole /64).
 * Past the limit a key is locked out progressively: 1, 2, 4, 8 then 15 minutes, the count of lock-outs forgotten a
 * day after the last one. With REDIS_URL the counters are shared by every process; while Redis is unreachable each
 * process counts in its own memory and goes back to Redis when it returns.
 */

/**
 * `account` and `address` count sign-in attempts; `link_chat` and `link_bot` count guesses of one-time Telegram link
 * codes: per chat sending them, and per workspace bot (all chats together; every update comes from Telegram's
 * addresses, so the bot stands where a client address stands for sign-in).
 */
export type ThrottleKind = 'account' | 'address' | 'link_chat' | 'link_bot';

/** Link-code guesses a minute (then the progressive lock-out): one chat, and one workspace's bot in all. */
export const LINK_CODE_GUESSES = { chat: 5, bot: 30 } as const;

interface Rule {
  limit: number;
  windowMs: number;
  lockMs: number;
  maxLockMs: number;
  strikesMs: number;
}

const MINUTE = 60_000;
const rule = (limit: number): Rule => ({
  limit,
  windowMs: MINUTE,
  lockMs: MINUTE,
  maxLockMs: 15 * MINUTE,
  strikesMs: 24 * 60 * MINUTE,
});

/** 429 `too_many_requests`, with how long to wait. */
export class TooManyAttempts extends AppError {
  constructor(readonly retryAfterMs: number) {
    super(429, 'too_many_requests');
  }
}

interface Store {
  /** Records one attempt unless the key is locked or full; answers 0 (go on) or the milliseconds to wait. */
  take(key: string, rule: Rule, now: number): Promise<number>;
}

/** One process's counters: the fallback while Redis is away, and the only store without REDIS_URL. */
export class MemoryStore implements Store {
  private readonly logs = new Map<string, number[]>();
  private readonly locks = new Map<string, number>();
  private readonly strikes = new Map<string, { count: number; until: number }>();
  /** A flood of made-up names must not grow the maps without bound: the oldest keys go first. */
  private readonly maxKeys: number;

  constructor(maxKeys = 100_000) {
    this.maxKeys = maxKeys;
  }

  async take(key: string, r: Rule, now: number): Promise<number> {
    const lockedUntil = this.locks.get(key) ?? 0;
    if (lockedUntil > now) return lockedUntil - now;
    const log = (this.logs.get(key) ?? []).filter((t) => t > now - r.windowMs);
    if (log.length < r.limit) {
      log.push(now);
      this.logs.delete(key);
      this.logs.set(key, log);
      this.trim(this.logs);
      return 0;
    }
    this.logs.set(key, log);
    const previous = this.strikes.get(key);
    const count = previous && previous.until > now ? previous.count + 1 : 1;
    this.strikes.set(key, { count, until: now + r.strikesMs });
    const wait = lockDuration(r, count);
    this.locks.set(key, now + wait);
    this.trim(this.strikes);
    this.trim(this.locks);
    return wait;
  }

  /** Drops what can no longer matter (run every minute). */
  sweep(now: number): void {
    for (const [key, log] of this.logs) if (!log.some((t) => t > now - MINUTE)) this.logs.delete(key);
    for (const [key, until] of this.locks) if (until <= now) this.locks.delete(key);
    for (const [key, s] of this.strikes) if (s.until <= now) this.strikes.delete(key);
  }

  private trim(map: Map<string, unknown>): void {
    for (const key of map.keys()) {
      if (map.size <= this.maxKeys) break;
      map.delete(key);
    }
  }
}

const lockDuration = (r: Rule, strikes: number) => Math.min(r.lockMs * 2 ** (strikes - 1), r.maxLockMs);

// The same steps as MemoryStore.take, atomically in Redis. KEYS: log (sorted set of attempt times), lock, strikes.
const TAKE_SCRIPT = `
local lock = redis.call('PTTL', KEYS[2])
if lock > 0 then return lock end
local now, limit, window = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) < limit then
  redis.call('ZADD', KEYS[1], now, ARGV[7])
  redis.call('PEXPIRE', KEYS[1], window)
  return 0
end
local strikes = redis.call('INCR', KEYS[3])
redis.call('PEXPIRE', KEYS[3], ARGV[6])
local wait = math.floor(math.min(tonumber(ARGV[4]) * 2 ^ (strikes - 1), tonumber(ARGV[5])))
redis.call('SET', KEYS[2], '1', 'PX', wait)
return wait`;

type ThrottleRedis = Redis & {
  hallwayThrottle(log: string, lock: string, strikes: string, ...args: (string | number)[]): Promise<number>;
};

export type SharedState = 'redis' | 'memory';

const RETRY_AFTER_FAILURE_MS = 5_000;

/**
 * Counters in Redis, falling back to memory while Redis is unreachable. The client never queues or retries a
 * command (a sign-in must not wait for an outage) but keeps reconnecting in the background; the log says once
 * that throttling went local and once that it is shared again.
 */
class RedisStore implements Store {
  readonly events = new EventEmitter();
  private readonly redis: ThrottleRedis;
  private shared = false;
  private announcedDown = false;
  private retryAt = 0;

  constructor(
    url: string,
    private readonly fallback: MemoryStore,
    private readonly log: FastifyBaseLogger,
  ) {
    this.redis = new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: 2_000,
      commandTimeout: 500,
      retryStrategy: (times) => Math.min(times * 200, 2_000),
    }) as ThrottleRedis;
    this.redis.defineCommand('hallwayThrottle', { numberOfKeys: 3, lua: TAKE_SCRIPT });
    this.redis.on('ready', () => {
      this.retryAt = 0;
      this.up();
    });
    this.redis.on('error', (err) => this.down(err));
    this.redis.on('close', () => this.down());
  }

  get state(): SharedState {
    return this.shared ? 'redis' : 'memory';
  }

  async take(key: string, r: Rule, now: number): Promise<number> {
    // After a failed command (a hung server still looks connected) a few seconds go straight to memory, so an
    // outage costs one request at most the command timeout, not every request.
    if (this.redis.status !== 'ready' || now < this.retryAt) return this.fallback.take(key, r, now);
    const base = `hallway:throttle:{${key}}`;
    try {
      const wait = await this.redis.hallwayThrottle(
        `${base}:log`,
        `${base}:lock`,
        `${base}:strikes`,
        now,
        r.limit,
        r.windowMs,
        r.lockMs,
        r.maxLockMs,
        r.strikesMs,
        `${now}:${randomBytes(6).toString('hex')}`,
      );
      this.up();
      return Number(wait);
    } catch (err) {
      this.retryAt = now + RETRY_AFTER_FAILURE_MS;
      this.down(err as Error);
      return this.fallback.take(key, r, now);
    }
  }

  private up(): void {
    if (this.shared) return;
    this.shared = true;
    if (this.announcedDown) this.log.info('Redis is reachable again: sign-in throttling is shared by every process');
    this.announcedDown = false;
    this.events.emit('state', 'redis');
  }

  private down(err?: Error): void {
    this.shared = false;
    if (this.announcedDown) return;
    this.announcedDown = true;
    this.log.warn(
      { err: err?.message },
      'Redis is unreachable: sign-in throttling counts in this process until it returns',
    );
    this.events.emit('state', 'memory');
  }

  async close(): Promise<void> {
    this.redis.removeAllListeners('close');
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

export interface Throttle {
  /** Counts an attempt on `key`; throws TooManyAttempts past the limit or during a lock-out. */
  take(kind: ThrottleKind, key: string): Promise<void>;
  /** An `onRequest` hook for the routes throttled per address. */
  byAddress(req: FastifyRequest): Promise<void>;
  /** Where counters live right now, and its changes ('state' events), for tests and health. */
  readonly state: SharedState;
  readonly events: EventEmitter;
}

/**
 * Fastify's `trustProxy` from TRUST_PROXY. A hop count trusts that many proxies whatever their address (Fastify
 * itself ignores a bare number), so it is only right when clients cannot reach Hallway around the proxies; a list
 * of the proxies' addresses is safer. Nothing configured: the socket's peer is the client.
 */
export function trustProxyOption(
  trust: Config['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

/** The address a counter is kept for: IPv4 as is (also when mapped into IPv6), IPv6 by its /64 network. */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head, tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** Builds the throttle and puts it on the app (`app.throttle`); the Redis client closes with the app. */
export function installThrottle(
  app: FastifyInstance,
  config: Pick<Config, 'redisUrl' | 'loginRateLimit' | 'addressRateLimit'>,
) {
  const memory = new MemoryStore();
  const sweeper = setInterval(() => memory.sweep(Date.now()), MINUTE);
  sweeper.unref();
  const redis = config.redisUrl ? new RedisStore(config.redisUrl, memory, app.log) : null;
  const store: Store = redis ?? memory;
  const rules: Record<ThrottleKind, Rule> = {
    account: rule(config.loginRateLimit),
    address: rule(config.addressRateLimit),
    link_chat: rule(LINK_CODE_GUESSES.chat),
    link_bot: rule(LINK_CODE_GUESSES.bot),
  };
  const take = async (kind: ThrottleKind, key: string) => {
    const wait = await store.take(`${kind}:${key}`, rules[kind], Date.now());
    if (wait > 0) throw new TooManyAttempts(wait);
  };
  const throttle: Throttle = {
    take,
    byAddress: (req) => take('address', addressKey(req.ip)),
    get state() {
      return redis?.state ?? 'memory';
    },
    events: redis?.events ?? new EventEmitter(),
  };
  app.decorate('throttle', throttle);
  // onError hooks run before the error handler answers: the refusal says when to come back.
  app.addHook('onError', async (_req, reply, err) => {
    if (err instanceof TooManyAttempts) reply.header('Retry-After', Math.ceil(err.retryAfterMs / 1000));
  });
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    await redis?.close();
  });
  return throttle;
}

declare module 'fastify' {
  interface FastifyInstance {
    throttle: Throttle;
  }
}
