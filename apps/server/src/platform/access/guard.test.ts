import { on, once } from 'node:events';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { principalQuery } from '../../modules/users/principal.js';
import { call, createHarness, type Harness, makeUser, makeWorkspace, superadmin } from '../../test/harness.js';
import { registerErrorHandler } from '../errors/handler.js';
import { installRouteGuard, type RouteAccess, resolveAccess } from './guard.js';

let h: Harness;
const ONE_READ = `SELECT current_setting('app.client_id', true) AS client, current_setting('app.user_id', true) AS me,
  (SELECT count(*)::int FROM users) AS people;`;
let probe: ReturnType<typeof Fastify>;
/** The same one-read route behind a guard with the platform's principal cache. */
let cachedProbe: ReturnType<typeof Fastify>;
/** Principal lookups the cached probe's guard made. */
let lookupCount = 0;
beforeAll(async () => {
  h = await createHarness();
  // A second app on the same real database, with routes that only exercise the guard.
  probe = Fastify();
  registerErrorHandler(probe);
  installRouteGuard(probe, { database: h.platform.database, tokens: h.platform.tokens, principal: principalQuery });
  const free = { featureFree: true, reason: 'guard probe' } as const;
  const routes: [string, RouteAccess][] = [
    ['/public', { public: true, reason: 'guard probe' }],
    ['/signed-in', { signedIn: true, ...free }],
    ['/optional', { auth: 'optional', ...free }],
    ['/no-workspace', { workspace: 'optional', ...free }],
    ['/feature', { feature: 'chat' }],
    ['/right', { right: 'wall', ...free }],
    ['/admin', { role: 'admin', ...free }],
    ['/superadmin', { role: 'superadmin', workspace: 'optional', ...free }],
  ];
  const answer = async (req: FastifyRequest) => ({
    user: req.ctx?.user?.id ?? null,
    client: req.ctx?.clientId ?? null,
  });
  for (const [url, access] of routes) probe.get(url, { config: { access } }, answer);
  probe.get(
    '/one-read',
    { config: { access: { signedIn: true, ...free }, oneRead: ONE_READ } },
    async (req: FastifyRequest) => {
      let db = 'open';
      try {
        void req.ctx.db.execute;
      } catch {
        db = 'closed';
      }
      return { user: req.ctx.user!.id, read: req.ctx.oneRead, db };
    },
  );
  // A module's scope, as app.ts registers it: its routes get the module's feature unless they name one.
  await probe.register(async (scope: FastifyInstance) => {
    scope.decorate('accessOwner', { getter: () => ({ feature: { feature: 'polls' as const } }) });
    scope.get('/module-default', { config: { access: { signedIn: true } } }, answer);
    scope.get('/module-override', { config: { access: { feature: 'chat' } } }, answer);
    scope.get('/module-free', { config: { access: { signedIn: true, ...free } } }, answer);
  });
  await probe.ready();

  cachedProbe = Fastify();
  registerErrorHandler(cachedProbe);
  installRouteGuard(cachedProbe, {
    database: h.platform.database,
    tokens: h.platform.tokens,
    principal: {
      sql: (userId, clientId) => {
        lookupCount += 1;
        return principalQuery.sql(userId, clientId);
      },
      read: principalQuery.read,
    },
    principals: h.platform.principals,
  });
  cachedProbe.get(
    '/one-read',
    { config: { access: { signedIn: true, ...free }, oneRead: ONE_READ } },
    async (req: FastifyRequest) => ({ user: req.ctx.user!.id, read: req.ctx.oneRead }),
  );
  await cachedProbe.ready();
});
afterAll(async () => {
  await cachedProbe.close();
  await probe.close();
  await h.close();
});

const get = (url: string, token?: string, headers: Record<string, string> = {}) =>
  probe.inject({ method: 'GET', url, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });

describe('route guard', () => {
  it('refuses to start with a route that declares no access', async () => {
    const app = Fastify();
    installRouteGuard(app, { database: h.platform.database, tokens: h.platform.tokens, principal: principalQuery });
    expect(() => app.get('/undeclared', async () => 'x')).toThrow(/declares no access/);
  });

  it('refuses to start with an empty declaration, or one without a feature and without featureFree + reason', () => {
    const app = Fastify();
    installRouteGuard(app, { database: h.platform.database, tokens: h.platform.tokens, principal: principalQuery });
    expect(() => app.get('/empty', { config: { access: {} } }, async () => 'x')).toThrow(/empty access/);
    expect(() => app.get('/no-feature', { config: { access: { signedIn: true } } }, async () => 'x')).toThrow(
      /names no feature/,
    );
    expect(() =>
      app.get('/no-reason', { config: { access: { signedIn: true, featureFree: true } } }, async () => 'x'),
    ).toThrow(/featureFree without a reason/);
    expect(() =>
      app.get(
        '/blank-reason',
        { config: { access: { role: 'admin', featureFree: true, reason: ' ' } } },
        async () => 'x',
      ),
    ).toThrow(/featureFree without a reason/);
  });

  it("gives a module's feature to its routes unless a route names another or says featureFree", async () => {
    const ws = await makeWorkspace(h);
    const registered = (url: string) => h.app.routesRegistry.find((r) => r.url === url);
    expect(registered('/api/post')?.access).toMatchObject({ feature: 'wall' });
    expect(registered('/api/comment')?.access).toMatchObject({ featureFree: true });
    expect((await get('/module-default', ws.employee.token)).statusCode).toBe(200);
    await h.platform.database.query(
      `UPDATE clients SET features = '[{"code":"polls","active":false},{"code":"chat","active":true}]'::jsonb WHERE id = $1`,
      [ws.id],
    );
    expect((await get('/module-default', ws.employee.token)).json().code).toBe('feature_disabled');
    expect((await get('/module-override', ws.employee.token)).statusCode).toBe(200);
    expect((await get('/module-free', ws.employee.token)).statusCode).toBe(200);
  });

  it('treats a feature the workspace does not list as off', async () => {
    const ws = await makeWorkspace(h);
    expect((await get('/feature', ws.employee.token)).statusCode).toBe(200);
    await h.platform.database.query(
      `UPDATE clients SET features = '[{"code":"wall","active":true}]'::jsonb WHERE id = $1`,
      [ws.id],
    );
    expect((await get('/feature', ws.employee.token)).json().code).toBe('feature_disabled');
    expect((await get('/module-default', ws.employee.token)).json().code).toBe('feature_disabled');
    const client = await call(h, ws.admin, 'GET', `/api/clients/${ws.id}`);
    const chat = client.json().result.features.find((f: { code: string }) => f.code === 'chat');
    expect(chat).toEqual({ code: 'chat', active: false });
  });

  it('lets anyone call public routes and signed-in people the rest', async () => {
    const ws = await makeWorkspace(h);
    expect((await get('/public')).statusCode).toBe(200);
    expect((await get('/signed-in')).statusCode).toBe(401);
    expect((await get('/signed-in', ws.employee.token)).json()).toEqual({ user: ws.employee.id, client: ws.id });
    expect((await get('/optional')).json()).toEqual({ user: null, client: null });
    expect((await get('/optional', ws.employee.token)).json().user).toBe(ws.employee.id);
    expect((await get('/optional', 'forged.token.value')).statusCode).toBe(401);
  });

  it('checks workspace status, then feature, then right, then role', async () => {
    const ws = await makeWorkspace(h);
    const noWall = await makeUser(h, ws.id, { rights: { wall: false } });
    expect((await get('/right', noWall.token)).json().code).toBe('no_access');
    expect((await get('/right', ws.admin.token)).statusCode).toBe(200); // administrators hold every right
    expect((await get('/admin', ws.employee.token)).statusCode).toBe(403);
    expect((await get('/admin', ws.admin.token)).statusCode).toBe(200);
    expect((await get('/superadmin', ws.admin.token)).statusCode).toBe(403);
    await h.platform.database.query(
      `UPDATE clients SET features = '[{"code":"chat","active":false}]'::jsonb WHERE id = $1`,
      [ws.id],
    );
    expect((await get('/feature', ws.admin.token)).json().code).toBe('feature_disabled');
    await h.platform.database.query(`UPDATE clients SET status = 'blocked' WHERE id = $1`, [ws.id]);
    expect((await get('/feature', ws.admin.token)).json().code).toBe('company_blocked');
  });

  it('lets only a superadmin choose the workspace, and only with X-COMPANY-ID', async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    const root = await superadmin(h);
    const employeeTries = await get('/signed-in', ws.employee.token, { 'x-company-id': other.id });
    expect(employeeTries.json().client).toBe(ws.id);
    expect((await get('/signed-in', root.token)).json().code).toBe('workspace_required');
    expect((await get('/no-workspace', root.token)).json()).toEqual({ user: root.id, client: null });
    expect((await get('/signed-in', root.token, { 'x-company-id': other.id })).json().client).toBe(other.id);
    expect((await get('/signed-in', root.token, { 'x-company-id': 'not-a-uuid' })).statusCode).toBe(400);
    const unknown = await get('/signed-in', root.token, { 'x-company-id': '00000000-0000-7000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses a deleted person and a token of another version', async () => {
    const ws = await makeWorkspace(h);
    const gone = await makeUser(h, ws.id, { deleted: true });
    expect((await get('/signed-in', gone.token)).json().code).toBe('user_deleted');
    const person = await makeUser(h, ws.id);
    await h.platform.database.query('UPDATE users SET token_version = token_version + 1 WHERE id = $1', [person.id]);
    expect((await get('/signed-in', person.token)).json().code).toBe('session_expired');
  });

  it("runs a route's oneRead in the caller's tenant, with the principal checked, and leaves no settings behind", async () => {
    const ws = await makeWorkspace(h);
    await makeUser(h, ws.id);
    const { rows } = await h.platform.database.query('SELECT count(*)::int AS n FROM users WHERE client_id = $1', [
      ws.id,
    ]);
    const answer = await get('/one-read', ws.employee.token);
    expect(answer.json()).toEqual({
      user: ws.employee.id,
      read: [{ client: ws.id, me: ws.employee.id, people: rows[0]!.n }],
      db: 'closed',
    });
    const after = await h.platform.database.query(
      "SELECT coalesce(current_setting('app.client_id', true), '') AS client, current_user AS role",
    );
    expect(after.rows[0]).toMatchObject({ client: '' });
    expect(after.rows[0]!.role).not.toBe('hallway_app');

    expect((await get('/one-read')).statusCode).toBe(401);
    const revoked = await makeUser(h, ws.id);
    await h.platform.database.query('UPDATE users SET token_version = token_version + 1 WHERE id = $1', [revoked.id]);
    expect((await get('/one-read', revoked.token)).json().code).toBe('session_expired');
  });

  it('refuses to start with a oneRead on a route that may be called signed out', () => {
    const app = Fastify();
    installRouteGuard(app, { database: h.platform.database, tokens: h.platform.tokens, principal: principalQuery });
    const declare = (access: RouteAccess) => () => app.get('/x', { config: { access, oneRead: ONE_READ } }, () => 'x');
    expect(declare({ public: true, reason: 'probe' })).toThrow(/oneRead/);
    expect(declare({ auth: 'optional', featureFree: true, reason: 'probe' })).toThrow(/oneRead/);
  });

  it('refuses to start a public route without its reason, and a right its module does not declare', () => {
    const owner = { feature: { feature: 'wall' }, rights: ['wall'] } as const;
    expect(() => resolveAccess({ public: true, reason: ' ' }, owner, 'GET /x')).toThrow(/public without a reason/);
    expect(resolveAccess({ right: 'wall' }, owner, 'GET /x')).toEqual({ right: 'wall', feature: 'wall' });
    expect(() => resolveAccess({ right: 'polls' }, owner, 'GET /x')).toThrow(/right polls, which its module/);
    expect(() => resolveAccess({ right: 'wall' }, { feature: owner.feature }, 'GET /x')).toThrow(/does not declare/);
  });

  it('covers every route of the real app with a declaration', () => {
    expect(h.app.routesRegistry.length).toBeGreaterThan(20);
    for (const route of h.app.routesRegistry) expect(route.access, `${route.method} ${route.url}`).toBeDefined();
    expect(call).toBeTypeOf('function');
  });
});

describe("the principal cache on a route's oneRead", () => {
  /** Resolves once the cache has applied `payload`; what it applied meanwhile lands in `seen`. */
  async function untilChange(payload: string, seen: string[] = []) {
    for await (const [applied] of on(h.platform.principals!, 'change')) {
      seen.push(applied as string);
      if (applied === payload) return seen;
    }
  }
  const cachedGet = (token: string) =>
    cachedProbe.inject({ method: 'GET', url: '/one-read', headers: { authorization: `Bearer ${token}` } });
  const lookups = () => lookupCount;

  it('answers from memory and forgets a person whose token, deletion or workspace changes', async () => {
    const cache = h.platform.principals!;
    expect(cache.listening).toBe(true);
    const ws = await makeWorkspace(h);
    const [revoked, deleted, blocked] = await Promise.all([makeUser(h, ws.id), makeUser(h, ws.id), makeUser(h, ws.id)]);
    for (const person of [revoked, deleted, blocked]) {
      expect((await cachedGet(person.token)).json()).toMatchObject({ user: person.id, read: [{ client: ws.id }] });
    }
    const before = lookups();
    expect((await cachedGet(revoked.token)).statusCode).toBe(200);
    expect(lookups()).toBe(before);

    let changed = untilChange(`u:${revoked.id}`);
    await h.platform.database.query('UPDATE users SET token_version = token_version + 1 WHERE id = $1', [revoked.id]);
    await changed;
    expect((await cachedGet(revoked.token)).json().code).toBe('session_expired');

    changed = untilChange(`u:${deleted.id}`);
    await h.platform.database.query('UPDATE users SET deletion_mark = true WHERE id = $1', [deleted.id]);
    await changed;
    expect((await cachedGet(deleted.token)).json().code).toBe('user_deleted');

    changed = untilChange('*');
    await h.platform.database.query("UPDATE clients SET status = 'blocked' WHERE id = $1", [ws.id]);
    await changed;
    expect((await cachedGet(blocked.token)).json().code).toBe('company_blocked');
  });

  it('hears nothing of writes to columns it does not keep', async () => {
    const ws = await makeWorkspace(h);
    const [person, marker] = await Promise.all([makeUser(h, ws.id), makeUser(h, ws.id)]);
    expect((await cachedGet(person.token)).statusCode).toBe(200);
    const before = lookups();
    const seen = untilChange(`u:${marker.id}`);
    await h.platform.database.query("UPDATE users SET city = 'Lviv', token_version = token_version WHERE id = $1", [
      person.id,
    ]);
    await h.platform.database.query('UPDATE users SET token_version = token_version + 1 WHERE id = $1', [marker.id]);
    expect(await seen).not.toContain(`u:${person.id}`);
    expect((await cachedGet(person.token)).statusCode).toBe(200);
    expect(lookups()).toBe(before);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'looks the principal up while its listening connection is lost, and starts empty once it listens again',
    async () => {
      const cache = h.platform.principals!;
      const ws = await makeWorkspace(h);
      const person = await makeUser(h, ws.id);
      expect((await cachedGet(person.token)).statusCode).toBe(200);
      expect(cache.get(person.id, ws.id)).toBeDefined();
      const lost = once(cache, 'lost');
      const back = once(cache, 'listening');
      await h.platform.database.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'hallway-listen' AND datname = current_database()",
      );
      await lost;
      expect(cache.get(person.id, ws.id)).toBeUndefined();
      const before = lookups();
      expect((await cachedGet(person.token)).statusCode).toBe(200);
      expect(lookups()).toBe(before + 1);
      await back;
      expect(cache.listening).toBe(true);
      expect(cache.get(person.id, ws.id)).toBeUndefined();
    },
  );
});
