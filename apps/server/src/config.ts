import { isIP } from 'node:net';
import path from 'node:path';
import { LANGS } from '@hallway/shared';
import { z } from 'zod';
import { parseOutboundAllow } from './platform/http/outbound.js';

const bool = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));
/** Milliseconds, or with a unit: `500ms`, `5s`, `2m`; 0 turns the limit off. */
const duration = z
  .union([z.number(), z.string().regex(/^\d+(ms|s|m)?$/, 'a duration looks like 5000, 500ms, 5s or 2m')])
  .transform((v) => {
    if (typeof v === 'number') return v;
    const n = Number.parseInt(v, 10);
    return v.endsWith('ms') ? n : v.endsWith('s') ? n * 1_000 : v.endsWith('m') ? n * 60_000 : n;
  })
  .pipe(
    z
      .number()
      .int()
      .min(0)
      .max(24 * 3_600_000),
  );
const optionalUrl = (protocols: RegExp) =>
  z
    .string()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.url({ protocol: protocols }).optional());

/** Every environment variable Hallway reads. Nothing else reads process.env. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl(/^postgres(ql)?$/),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  REDIS_URL: optionalUrl(/^rediss?$/),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  JWT_TTL: z
    .string()
    .regex(/^\d+[smhd]$/, 'JWT_TTL looks like 30m, 12h or 7d')
    .default('7d'),
  SUPERADMIN_LOGIN: z.string().min(1).default('superadmin'),
  SUPERADMIN_PASSWORD: z.string().min(6, 'SUPERADMIN_PASSWORD must be at least 6 characters').optional(),
  DEMO: bool.optional(),
  VENDOR: z.string().min(1).default('hallway'),
  DEFAULT_LANG: z.enum(LANGS).default('en'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Sign-in, tokens and throttling (docs/security.md).
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  LOGIN_ADDRESS_RATE_LIMIT: z.coerce.number().int().min(1).optional(),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const trust = parseTrustProxy(v);
      if (trust instanceof Error) {
        ctx.addIssue({ code: 'custom', message: trust.message });
        return z.NEVER;
      }
      return trust;
    }),
  DEMO_PASSWORD: z.string().min(6, 'DEMO_PASSWORD must be at least 6 characters').optional(),
  WEB_DIST: z.string().optional(),
  S3_ENDPOINT: optionalUrl(/^https?$/),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY: z.string().optional(),
  S3_SECRET_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.default(true),
  SMTP_URL: optionalUrl(/^smtps?$/),
  MAIL_FROM: z.string().default('Hallway <no-reply@hallway.local>'),
  OIDC_ISSUER: optionalUrl(/^https?$/),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_REDIRECT_URI: optionalUrl(/^https?$/),
  JOBS: bool.default(true),
  // Messenger channels: Telegram's Bot API (a test server stands in for it), retries of a delivery.
  TELEGRAM_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.telegram.org'),
  NOTIFY_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(5),
  NOTIFY_RETRY_DELAY: z.coerce.number().int().min(1).max(3600).default(30),
  // Outbound requests (webhooks, the mailing export, Telegram): internal hosts the operator allows (docs/security.md).
  OUTBOUND_ALLOW_HOSTS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const allow = parseOutboundAllow(v);
      if (allow instanceof Error) {
        ctx.addIssue({ code: 'custom', message: `OUTBOUND_ALLOW_HOSTS: ${allow.message}` });
        return z.NEVER;
      }
      return allow;
    }),
  // Reliability: how long the database may make a request wait, and how much disk the embedded database needs.
  DATABASE_STATEMENT_TIMEOUT: duration.default(30_000),
  DATABASE_LOCK_TIMEOUT: duration.default(3_000),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT: duration.default(60_000),
  DATABASE_CONNECT_TIMEOUT: duration.default(5_000),
  REQUEST_TIMEOUT: duration.default(600_000),
  MIN_FREE_DISK_MB: z.coerce.number().int().min(0).default(256),
  // The embedded database's buffer cache (docs/operations.md "Memory"); its default is client.ts's.
  EMBEDDED_SHARED_BUFFERS_MB: z.coerce.number().int().min(8).max(16_384).optional(),
  SHUTDOWN_DELAY: duration.default(0),
  MAINTENANCE_CRON: z
    .string()
    .trim()
    .regex(/^\S+(\s+\S+){4,5}$/, 'MAINTENANCE_CRON is a cron expression (UTC), like 17 * * * *')
    .default('17 * * * *'),
});

export type Env = z.input<typeof envSchema>;

const PROXY_PRESETS = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY: unset (trust no proxy: X-Forwarded-For is ignored), a number of proxy hops in front of Hallway, or
 * a comma-separated list of the proxies' addresses, CIDR ranges and proxy-addr presets. "Trust everyone" is refused:
 * it lets any client choose its own address and so escape the per-address throttling.
 */
function parseTrustProxy(value: string | undefined): false | number | string[] | Error {
  const v = value?.trim().toLowerCase() ?? '';
  if (['', '0', 'false', 'no', 'off', 'none'].includes(v)) return false;
  if (['true', 'yes', 'on'].includes(v)) {
    return new Error('TRUST_PROXY=true would trust any X-Forwarded-For: give the hop count or the proxies (CIDR list)');
  }
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return hops <= 10 ? hops : new Error('TRUST_PROXY is a hop count (1-10) or a list of addresses/CIDR ranges');
  }
  const entries = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = entries.find((entry) => {
    if (PROXY_PRESETS.includes(entry)) return false;
    const [address, bits, ...rest] = entry.split('/');
    const family = isIP(address);
    if (!family || rest.length) return true;
    if (bits === undefined) return false;
    return !/^\d+$/.test(bits) || Number(bits) > (family === 4 ? 32 : 128);
  });
  if (bad !== undefined) return new Error(`TRUST_PROXY: "${bad}" is not an address, a CIDR range or a preset`);
  return entries;
}

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const s3Keys = [e.S3_BUCKET, e.S3_ACCESS_KEY, e.S3_SECRET_KEY];
  if (s3Keys.some(Boolean) && !s3Keys.every(Boolean)) {
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET, S3_ACCESS_KEY and S3_SECRET_KEY go together');
  }
  const oidcKeys = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET, e.OIDC_REDIRECT_URI];
  if (oidcKeys.some(Boolean) && !oidcKeys.every(Boolean)) {
    throw new ConfigError(
      'Invalid configuration:\n  OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET and OIDC_REDIRECT_URI go together',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    database: e.DATABASE_URL
      ? ({
          kind: 'pg',
          url: e.DATABASE_URL,
          poolSize: e.DATABASE_POOL_SIZE,
          connectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT,
          timeouts: {
            statementMs: e.DATABASE_STATEMENT_TIMEOUT,
            lockMs: e.DATABASE_LOCK_TIMEOUT,
            idleInTransactionMs: e.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT,
          },
        } as const)
      : ({
          kind: 'pglite',
          dir: path.join(dataDir, 'db'),
          sharedBuffersMb: e.EMBEDDED_SHARED_BUFFERS_MB,
        } as const),
    redisUrl: e.REDIS_URL,
    jwt: { secret: e.JWT_SECRET, ttl: e.JWT_TTL },
    superadmin: { login: e.SUPERADMIN_LOGIN, password: e.SUPERADMIN_PASSWORD },
    /** The demo workspace is seeded on the embedded database unless DEMO=0; on PostgreSQL only with DEMO=1. */
    demo: e.DEMO ?? !e.DATABASE_URL,
    vendor: e.VENDOR,
    defaultLang: e.DEFAULT_LANG,
    logLevel: e.LOG_LEVEL,
    /** Password checks per minute for one account (whatever spelling or entry point signs in). */
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    /** Attempts per minute on the sign-in, registration and reset routes from one address. */
    addressRateLimit: e.LOGIN_ADDRESS_RATE_LIMIT ?? e.LOGIN_RATE_LIMIT * 10,
    /** Fastify's `trustProxy`: false (the socket's address), a hop count, or the proxies' addresses and ranges. */
    trustProxy: e.TRUST_PROXY,
    /** The demo accounts' password; without it a random one is printed once when the demo is seeded. */
    demoPassword: e.DEMO_PASSWORD,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
    s3: e.S3_BUCKET
      ? {
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          bucket: e.S3_BUCKET,
          accessKeyId: e.S3_ACCESS_KEY!,
          secretAccessKey: e.S3_SECRET_KEY!,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    oidc: e.OIDC_ISSUER
      ? {
          issuer: e.OIDC_ISSUER,
          clientId: e.OIDC_CLIENT_ID!,
          clientSecret: e.OIDC_CLIENT_SECRET!,
          redirectUri: e.OIDC_REDIRECT_URI!,
        }
      : undefined,
    jobs: e.JOBS,
    messengers: {
      telegramApi: e.TELEGRAM_API_URL.replace(/\/$/, ''),
      /** Retries of a messenger delivery after its first attempt; the delay (seconds) doubles each time. */
      retryLimit: e.NOTIFY_RETRY_LIMIT,
      retryDelaySeconds: e.NOTIFY_RETRY_DELAY,
    },
    /**
     * The hosts outbound requests may reach although they are inside the network (and may reach over plain http):
     * names as written in URLs, addresses and CIDR ranges (platform/http/outbound.ts).
     */
    outboundAllow: e.OUTBOUND_ALLOW_HOSTS,
    maintenanceCron: e.MAINTENANCE_CRON,
    /** Slow clients: the whole request (headers and body) must arrive within this (0: no limit). */
    requestTimeoutMs: e.REQUEST_TIMEOUT,
    /** The embedded database refuses to start with less free space than this in DATA_DIR. */
    minFreeDiskMb: e.MIN_FREE_DISK_MB,
    /** On SIGTERM, how long readiness answers 503 before the process stops taking requests. */
    shutdownDelayMs: e.SHUTDOWN_DELAY,
  };
}

export type Config = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {}
