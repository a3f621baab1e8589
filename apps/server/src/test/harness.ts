import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_RIGHTS, FEATURES, type Rights, type Role } from '@hallway/shared';
import { eq } from 'drizzle-orm';
import { type Logger, pino } from 'pino';
import { expect, inject } from 'vitest';
import { buildApp, type HallwayApp } from '../app.js';
import { ensureSuperadmin } from '../bootstrap/superadmin.js';
import { loadConfig } from '../config.js';
import { passwordLinkEvents } from '../modules/auth/service.js';
import { clients } from '../modules/clients/tables.js';
import { principalQuery } from '../modules/users/principal.js';
import { type UserRow, users } from '../modules/users/tables.js';
import { hashPassword } from '../platform/auth/passwords.js';
import { createPlatform, type RunningPlatform } from '../platform/create.js';
import { openDatabase } from '../platform/db/client.js';
import { inSystem } from '../platform/db/tenant.js';
import { files } from '../platform/files/tables.js';
import type { Module } from '../platform/http/module.js';
import { copySnapshot, createSnapshot, type Snapshot, SUPERADMIN } from './snapshot.js';

export const PASSWORD = 'secret123';
export { SUPERADMIN };

let ownSnapshot: Promise<Snapshot> | null = null;
/** The global setup's snapshot; a project without that setup gets its own embedded one (PGlite needs no cleanup). */
function runSnapshot(): Promise<Snapshot> {
  const provided = inject('hallwaySnapshot');
  if (provided) return Promise.resolve(provided);
  if (process.env.TEST_DATABASE_URL) {
    throw new Error('createHarness on PostgreSQL needs the global setup of the server project (test/global-setup.ts)');
  }
  ownSnapshot ??= createSnapshot(undefined);
  return ownSnapshot;
}

export interface Harness {
  app: HallwayApp;
  platform: RunningPlatform;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The whole app on a fresh database, copied from the run's migrated snapshot (snapshot.ts): in-memory PGlite, or a
 * new database on the server of TEST_DATABASE_URL. One per test file; tests stay apart by building their own
 * workspaces with the factories below.
 */
export async function createHarness(
  env: Record<string, string | undefined> = {},
  options: {
    modules?: readonly Module[];
    /** The request log (a test that reads what was logged gives its own); else errors to stderr. */
    logger?: Logger;
  } = {},
): Promise<Harness> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'hallway-test-'));
  const copy = await copySnapshot(await runSnapshot());
  const databaseUrl = copy.databaseUrl;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: '5',
    LOG_LEVEL: 'silent',
    SUPERADMIN_LOGIN: SUPERADMIN.login,
    SUPERADMIN_PASSWORD: SUPERADMIN.password,
    DEMO: '0',
    JOBS: '0',
    LOGIN_RATE_LIMIT: '1000',
    PUBLIC_URL: 'http://hallway.test',
    ...env,
  });
  const log = pino({ level: 'silent' });
  const database = copy.pglite ? await openDatabase({ kind: 'pglite', pglite: copy.pglite }) : undefined;
  const platform = await createPlatform(config, log, { principal: principalQuery, database });
  await ensureSuperadmin(platform, log);
  // A request that fails with 500 prints its error: a test that sees a 500 then shows why (TEST_LOG_LEVEL changes it).
  const requestLog = options.logger ?? pino({ level: process.env.TEST_LOG_LEVEL ?? 'error' }, pino.destination(2));
  const app = await buildApp(platform, { logger: requestLog, modules: options.modules });
  await app.ready();
  return {
    app,
    platform,
    dataDir,
    async close() {
      await app.close();
      await platform.close();
      await copy.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * How `work` reached the database: `transactions` opened (a pooled connection's BEGIN, or PGlite's `transaction`)
 * and `queries` sent outside them (a pooled connection's query without BEGIN, PGlite's `exec`), so a test can tell
 * a one-statement route from one that opened a transaction.
 */
export async function roundTrips<T>(h: Harness, work: () => Promise<T>) {
  const seen = { transactions: 0, queries: 0 };
  const { pool, pglite } = h.platform.database;
  const restore: (() => void)[] = [];
  /** Replaces `target[name]` by `wrap(original)` until `work` is done. */
  type Method = (this: unknown, ...args: unknown[]) => unknown;
  const spy = (target: object, name: string, wrap: (original: Method) => Method) => {
    const object = target as Record<string, Method>;
    const original = object[name]!;
    object[name] = wrap(original);
    restore.push(() => {
      object[name] = original;
    });
  };
  if (pool) {
    // Each checkout's first query tells: BEGIN opens a transaction, anything else is a one-trip query.
    spy(
      pool,
      'connect',
      (connect) =>
        function (this: unknown, ...args: unknown[]) {
          // pg's own pool.query checks out with a callback: it is counted as a query below.
          if (typeof args[0] === 'function') return connect.apply(this, args);
          return (connect.apply(this, args) as Promise<object>).then((client) => {
            let first = true;
            spy(
              client,
              'query',
              (query) =>
                function (this: unknown, ...queryArgs: unknown[]) {
                  if (first) {
                    const text = typeof queryArgs[0] === 'string' ? queryArgs[0] : '';
                    seen[text.startsWith('BEGIN') ? 'transactions' : 'queries']++;
                    first = false;
                  }
                  return query.apply(this, queryArgs);
                },
            );
            return client;
          });
        },
    );
    spy(
      pool,
      'query',
      (query) =>
        function (this: unknown, ...args: unknown[]) {
          seen.queries++;
          return query.apply(this, args);
        },
    );
  } else {
    spy(
      pglite!,
      'transaction',
      (transaction) =>
        function (this: unknown, ...args: unknown[]) {
          seen.transactions++;
          return transaction.apply(this, args);
        },
    );
    spy(
      pglite!,
      'exec',
      (exec) =>
        function (this: unknown, ...args: unknown[]) {
          seen.queries++;
          return exec.apply(this, args);
        },
    );
  }
  try {
    return { result: await work(), ...seen };
  } finally {
    for (const undo of restore.reverse()) undo();
  }
}

let passwordHash: Promise<string> | null = null;
const testPasswordHash = () => (passwordHash ??= hashPassword(PASSWORD));
let counter = 0;
const unique = (prefix: string) => `${prefix}${process.pid}x${Date.now().toString(36)}${(counter++).toString(36)}`;

export interface TestUser {
  id: string;
  login: string;
  email: string;
  clientId: string | null;
  token: string;
  row: UserRow;
}

export interface TestWorkspace {
  id: string;
  workspace: string;
  admin: TestUser;
  employee: TestUser;
}

/** A workspace with every feature on, one administrator and one employee, each signed in. */
export async function makeWorkspace(
  h: Harness,
  options: { settings?: Record<string, unknown>; status?: 'active' | 'blocked' } = {},
): Promise<TestWorkspace> {
  const workspace = unique('ws').replace(/[^A-Za-z0-9]/g, '');
  const [client] = await inSystem(h.platform.database, (tx) =>
    tx
      .insert(clients)
      .values({
        workspace,
        name: `Company ${workspace}`,
        features: FEATURES.map((code) => ({ code, active: true })),
        settings: { defaultRights: DEFAULT_RIGHTS, ...options.settings },
        status: options.status ?? 'active',
      })
      .returning(),
  );
  const admin = await makeUser(h, client.id, { roles: ['admin'], firstName: 'Ada', lastName: 'Admin' });
  const employee = await makeUser(h, client.id, { firstName: 'Eve', lastName: 'Employee' });
  return { id: client.id, workspace, admin, employee };
}

export async function makeUser(
  h: Harness,
  clientId: string,
  options: Partial<Omit<UserRow, 'roles' | 'rights'>> & {
    roles?: Role[];
    rights?: Partial<Rights>;
    deleted?: boolean;
  } = {},
): Promise<TestUser> {
  const login = unique('user');
  const { roles, rights, deleted, ...fields } = options;
  const [row] = await inSystem(h.platform.database, async (tx) =>
    tx
      .insert(users)
      .values({
        firstName: 'Test',
        lastName: 'Person',
        ...fields,
        clientId,
        login,
        email: `${login}@example.test`,
        passwordHash: await testPasswordHash(),
        roles: roles ?? [],
        rights: { ...DEFAULT_RIGHTS, ...rights },
        deletionMark: deleted ?? false,
      })
      .returning(),
  );
  return { id: row.id, login, email: row.email!, clientId, token: tokenFor(h, row), row };
}

/**
 * An upload row of `size` bytes owned by `user`, without its bytes: the attachment limits look at the row, so a test
 * of them needs no 20 MB body.
 */
export async function storedFileOfSize(h: Harness, user: TestUser, size: number): Promise<string> {
  const [row] = await inSystem(h.platform.database, (tx) =>
    tx
      .insert(files)
      .values({
        clientId: user.clientId!,
        ownerId: user.id,
        name: 'huge.mov',
        mime: 'video/quicktime',
        size,
        storageKey: `test/${user.id}/${size}/${Math.random()}`,
      })
      .returning(),
  );
  return row.id;
}

export const tokenFor = (h: Harness, row: Pick<UserRow, 'id' | 'clientId' | 'tokenVersion'>) =>
  h.platform.tokens.sign({ id: row.id, clientId: row.clientId, tokenVersion: row.tokenVersion });

export async function superadmin(h: Harness): Promise<TestUser> {
  const [row] = await inSystem(h.platform.database, (tx) =>
    tx.select().from(users).where(eq(users.login, SUPERADMIN.login)),
  );
  return { id: row.id, login: row.login, email: row.email ?? '', clientId: null, token: tokenFor(h, row), row };
}

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** `app.inject` with the caller's token (and X-COMPANY-ID when given). */
export function call(
  h: Harness,
  who: { token: string } | null,
  method: Method,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return h.app.inject({
    method,
    url,
    headers: { ...(who ? { authorization: `Bearer ${who.token}` } : {}), ...headers },
    ...(body !== undefined ? { payload: body as object } : {}),
  });
}

/** A call's answer that must be 200 (the body shows in the failure), parsed. */
export async function ok(res: Awaited<ReturnType<typeof call>>) {
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/**
 * `POST api/forgot_password` with a login or an e-mail, resolving once the reset link was made and mailed (or nobody
 * has the name): that work follows the answer.
 */
export async function askResetLink(h: Harness, email: string, headers: Record<string, string> = {}) {
  const address = email.trim().toLowerCase();
  let listener!: (done: string) => void;
  const handled = new Promise<void>((resolve) => {
    listener = (done: string) => {
      if (done === address) resolve();
    };
    passwordLinkEvents.on('handled', listener);
  });
  try {
    const res = await call(h, null, 'POST', '/api/forgot_password', { email }, headers);
    // Only an accepted request has work after its answer.
    if (res.statusCode === 200) await handled;
    return res;
  } finally {
    passwordLinkEvents.off('handled', listener);
  }
}
