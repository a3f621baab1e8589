import type { Feature, Right } from '@hallway/shared';
import { isUuid } from '@hallway/shared';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Tokens } from '../auth/tokens.js';
import type { Database, Tx } from '../db/client.js';
import { inTenant, inTenantWith, type OneTrip, oneTripInTenant } from '../db/tenant.js';
import { AppError } from '../errors/app-error.js';
import { COMPANY_COOKIE, readCookie, SESSION_COOKIE } from '../files/cookies.js';
import {
  type AccessSubject,
  accessOf,
  createContext,
  type RequestContext,
  type SessionClient,
  type SessionUser,
} from '../http/context.js';
import type { ModuleServices } from '../http/module.js';
import type { PrincipalCache } from './principals.js';

/**
 * Every route declares who may call it (ARCHITECTURE "Access"); the app refuses to start otherwise.
 * - `{ public: true, reason }`: anyone; no transaction is opened, the handler uses the system path explicitly if it must.
 * - `{ auth: 'optional', ... }`: signed-in or not; `ctx.user` may be null.
 * - otherwise a signed-in person, in a workspace (unless `workspace: 'optional'`), then in this order:
 *   workspace active → `feature` on → `right` granted → `role`.
 * The module's feature (module.ts) applies when the route names none; a route outside any feature says
 * `featureFree: true` with its reason. An empty declaration is refused: say at least `signedIn: true`.
 */
export type RouteAccess =
  /** Anyone, signed in or not; `reason` says why that is safe (the isolation suite lists every one with it). */
  | { public: true; reason: string }
  | {
      public?: false;
      /** Any signed-in person of the workspace (with the module's feature): what `{}` used to mean. */
      signedIn?: true;
      auth?: 'optional';
      role?: 'admin' | 'superadmin';
      feature?: Feature;
      right?: Right;
      workspace?: 'optional';
      /** The route serves no workspace feature (sign-in, own profile, the workspace itself): say why. */
      featureFree?: true;
      reason?: string;
      /**
       * The handler streams a long request body (uploads): access is checked in a short transaction that ends
       * before the handler runs, so no connection (on PGlite: no database) is held while the bytes arrive.
       * `ctx.db` throws there; the handler opens its own short transactions with `inTenant`.
       */
      streaming?: true;
    };

/** What a module says of its routes' feature (module.ts): the default of every route it registers. */
export type ModuleFeature = { feature: Feature } | { featureFree: true; reason: string };

/** What the guard knows of the module whose route or socket event it resolves (module.ts). */
export interface AccessOwner {
  feature: ModuleFeature;
  /** The rights the module checks: a route may name only one of these. */
  rights?: readonly Right[];
}

/**
 * Kinds of ids a route's params, query or body carry, for the isolation suite (`post`, `user`, `file`, ...), by
 * field path: `user_id`, `parent.id`, `mentions[]` (every item of an array).
 */
export type IdKinds = Record<string, string>;

/**
 * The access a route really gets, or why it may not start: a declaration must say something, and a guarded route
 * must either have a feature (its own or its module's) or say `featureFree` with a reason.
 */
export function resolveAccess(
  declared: RouteAccess | undefined,
  owner: AccessOwner | undefined,
  what: string,
): RouteAccess {
  if (!declared) throw new Error(`${what} declares no access (config.access)`);
  if (declared.public) {
    if (!declared.reason?.trim()) throw new Error(`${what} is public without a reason`);
    return declared;
  }
  const stated = Object.entries(declared).filter(([key, v]) => v !== undefined && key !== 'reason');
  if (stated.length === 0) {
    throw new Error(`${what} declares an empty access {}: say who may call it (signedIn, role, right, feature)`);
  }
  if (declared.featureFree && !declared.reason?.trim()) throw new Error(`${what} is featureFree without a reason`);
  if (declared.right && owner && !owner.rights?.includes(declared.right)) {
    throw new Error(`${what} checks the right ${declared.right}, which its module does not declare (module.rights)`);
  }
  const module = owner?.feature;
  if (declared.feature || declared.featureFree) return declared;
  if (module && 'feature' in module) return { ...declared, feature: module.feature };
  if (module?.featureFree) return { ...declared, featureFree: true, reason: module.reason };
  throw new Error(`${what} names no feature: declare one, or featureFree with a reason`);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** For the isolation suite: which kind of object a path parameter names, when its name does not say. */
    params?: IdKinds;
    /** For the isolation suite: the kinds of ids in the query string and the body (top-level field names). */
    query?: IdKinds;
    body?: IdKinds;
    /**
     * The route's whole database work is this one read: a constant statement that names the caller through the
     * transaction's settings (`current_setting('app.user_id')`, `app.client_id`), never through inlined values.
     * The guard sends the tenant settings, the principal lookup and this statement as one query: one round trip,
     * no BEGIN/COMMIT (db/tenant.ts `oneTripInTenant`); with the principal in the guard's cache (principals.ts), the
     * settings and this statement alone. The handler reads the rows as `ctx.oneRead`; `ctx.db` throws.
     * For the hottest reads (the unread count every tab asks for); everything else uses `ctx.db`.
     */
    oneRead?: string;
    /**
     * The route may answer with one statement, before any transaction: called first, it returns that statement
     * (constant text; the caller named through the settings, as `oneRead`) and how to answer from its rows, or null
     * to run the route as usual. The guard sends the settings, the principal lookup (unless cached) and the statement
     * as one query; once the principal is checked, `answer` gets the context (`ctx.db` closed) and the rows and
     * returns the response, or undefined when the rows cannot answer (what the process kept in memory is stale, a
     * switch the statement did not heed is off): the route then runs as usual, in a transaction. For the hottest
     * reads: the company feed's first page kept in memory, the user feed on PostgreSQL.
     */
    quickRead?: (request: FastifyRequest) => QuickRead | null;
    /**
     * The route's write may be one statement, sent with the settings in one round trip (no BEGIN/COMMIT: a
     * multi-statement query is one transaction). Only with the principal in the guard's cache (principals.ts), so
     * the caller is checked before anything is written: called with the request's context (`ctx.db` closed), it
     * returns the statement (constant text but for validated or escaped literals; the caller named through the
     * settings) and how to answer from its rows, or null to run the route as usual. `answer` may return undefined
     * only when the statement changed nothing (a case it leaves to the route, a race it lost): the route then runs
     * as usual, in a transaction. What it schedules with `ctx.afterCommit` runs once the statement is done. It
     * trades what `oneRead` trades (principals.ts). For the hottest writes: the like toggle.
     */
    quickWrite?: (request: FastifyRequest, ctx: RequestContext) => QuickRead | null;
  }
  interface FastifyInstance {
    /** The module whose plugin scope this is (app.ts decorates each module's scope). */
    accessOwner?: AccessOwner;
  }
  interface FastifyRequest {
    ctx: RequestContext;
  }
}

/** A route's one-statement answer (`quickRead`): the statement, and the answer from its rows. */
export interface QuickRead {
  sql: OneTrip;
  answer(ctx: RequestContext, rows: Record<string, unknown>[]): unknown;
}

export interface Principal {
  user: SessionUser;
  client: SessionClient | null;
}

/**
 * How the signed-in person and the workspace of the request are looked up: SQL without parameters (validated ids
 * inlined) that runs in the same round trip as the transaction's BEGIN, and how to read its rows.
 */
export interface PrincipalQuery {
  sql(userId: string, clientId: string | null): string;
  read(rows: Record<string, unknown>[]): Principal | null;
}

export interface RegisteredRoute {
  method: string;
  url: string;
  access: RouteAccess;
  params: IdKinds;
  query: IdKinds;
  body: IdKinds;
  /** The route's zod schemas of query and body: the isolation suite finds every id field in them. */
  schema: { querystring?: unknown; body?: unknown };
}

/** URL prefixes of plugin routes that cannot carry our config (the OpenAPI UI); they are public by nature. */
const PLUGIN_PUBLIC_PREFIXES = ['/api/docs'];

export interface GuardDeps {
  database: Database;
  tokens: Tokens;
  principal: PrincipalQuery;
  /** The modules' services, given to every request as `ctx.services`. */
  services?: Partial<ModuleServices>;
  /** Who tokens name, kept for `oneRead` routes (principals.ts); without it they look the principal up each time. */
  principals?: PrincipalCache;
}

export function installRouteGuard(app: FastifyInstance, deps: GuardDeps): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  app.decorateRequest('ctx', null as unknown as RequestContext);

  app.addHook('onRoute', function (this: FastifyInstance, route: RouteOptions) {
    if (PLUGIN_PUBLIC_PREFIXES.some((p) => route.url.startsWith(p))) return;
    const access = resolveAccess(route.config?.access, this.accessOwner, `Route ${String(route.method)} ${route.url}`);
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      const { params = {}, query = {}, body = {} } = route.config ?? {};
      const schema = { querystring: route.schema?.querystring, body: route.schema?.body };
      routes.push({ method, url: route.url, access, params, query, body, schema });
    }
    const { oneRead, quickRead, quickWrite } = route.config ?? {};
    if ((oneRead || quickRead || quickWrite) && (access.public || access.auth === 'optional' || access.streaming)) {
      throw new Error(`Route ${String(route.method)} ${route.url}: oneRead is for signed-in, non-streaming routes`);
    }
    if (access.public) return;
    const handler = route.handler;
    route.handler = async function guarded(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      const tasks: (() => unknown)[] = [];
      const run = () => handler.call(this, request, reply);
      const quick = quickRead?.(request);
      const result = quick
        ? await runQuickRead(deps, access, quick, request, tasks, run)
        : quickWrite
          ? await runQuickWrite(deps, access, quickWrite, request, tasks, run)
          : await runGuarded(deps, access, oneRead, request, tasks, run);
      for (const task of tasks) {
        try {
          await task();
        } catch (err) {
          request.log.error({ err }, 'after-commit task failed');
        }
      }
      return result;
    };
  });
  return routes;
}

/** Only reads may use the cookies: a cross-site form can send them, but never a header. */
const isRead = (request: FastifyRequest) => request.method === 'GET' || request.method === 'HEAD';

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return isRead(request) ? readCookie(request.headers.cookie, SESSION_COOKIE) : null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/** Who the request's token names and where it acts: its scope, and how the checked principal enters the request. */
function signedIn(
  deps: GuardDeps,
  access: Exclude<RouteAccess, { public: true }>,
  request: FastifyRequest,
  tasks: (() => unknown)[],
) {
  const token = bearer(request);
  const payload = token ? deps.tokens.verify(token) : null;
  if (!payload) {
    if (access.auth !== 'optional' || token) throw new AppError(401, token ? 'session_expired' : 'unauthorized');
    return null;
  }

  // The tenant comes from the token; only a superadmin chooses one, with X-COMPANY-ID. Ids in a path never do.
  let clientId = payload.client_id;
  if (clientId === null) {
    const chosen =
      request.headers['x-company-id'] ?? (isRead(request) ? readCookie(request.headers.cookie, COMPANY_COOKIE) : null);
    if (typeof chosen === 'string' && chosen !== '' && chosen !== 'null') {
      if (!isUuid(chosen)) throw new AppError(400, 'workspace_not_found');
      clientId = chosen;
    }
  }

  const userId = payload.result._id;
  const scope = { clientId, userId };
  /** The person and workspace checked against the token, and the context the handler gets. */
  const enter = (db: Tx, principal: Principal | null, read: Record<string, unknown>[] = []) => {
    if (!principal || principal.user.tokenVersion !== payload.v || principal.user.clientId !== payload.client_id) {
      throw new AppError(401, 'session_expired');
    }
    const { user } = principal;
    if (user.deletionMark) throw new AppError(403, 'user_deleted');
    if (clientId && !principal.client) throw new AppError(404, 'workspace_not_found');
    const ctx = createContext({
      db,
      user,
      client: principal.client,
      log: request.log,
      afterCommit: (t) => tasks.push(t),
      services: deps.services,
      oneRead: read,
    });
    enforceAccess(ctx, access);
    request.ctx = ctx;
  };
  return { scope, enter };
}

/**
 * One statement after the settings, no BEGIN/COMMIT (db/tenant.ts `oneTripInTenant`). The read runs before the
 * principal is checked, in the token's tenant under row-level security; its rows reach the handler only once the
 * check has passed (`enter`). A principal in the cache spares the lookup.
 */
async function readOnce(
  deps: GuardDeps,
  { scope, enter }: NonNullable<ReturnType<typeof signedIn>>,
  statement: OneTrip,
): Promise<Record<string, unknown>[]> {
  const { userId, clientId } = scope;
  const cached = deps.principals?.get(userId, clientId);
  if (cached) {
    const [read] = await oneTripInTenant(deps.database, scope, statement);
    enter(closedTransaction, cached, read);
    return read!;
  }
  const epoch = deps.principals?.epoch() ?? 0;
  const [rows, read] = await oneTripInTenant(deps.database, scope, deps.principal.sql(userId, clientId), statement);
  const principal = deps.principal.read(rows!);
  enter(closedTransaction, principal, read);
  deps.principals?.set(userId, clientId, principal!, epoch);
  return read!;
}

/** A `quickRead` route: its answer from the statement's rows when they can give it, else the route as usual. */
async function runQuickRead(
  deps: GuardDeps,
  access: Exclude<RouteAccess, { public: true }>,
  quick: QuickRead,
  request: FastifyRequest,
  tasks: (() => unknown)[],
  handler: () => unknown,
): Promise<unknown> {
  const entry = signedIn(deps, access, request, tasks);
  if (entry) {
    const rows = await readOnce(deps, entry, quick.sql);
    const answered = quick.answer(request.ctx, rows);
    if (answered !== undefined) return answered;
  }
  return runGuarded(deps, access, undefined, request, tasks, handler);
}

/** A `quickWrite` route: its statement alone when the principal is cached and the rows answer, else as usual. */
async function runQuickWrite(
  deps: GuardDeps,
  access: Exclude<RouteAccess, { public: true }>,
  quickWrite: NonNullable<FastifyContextConfig['quickWrite']>,
  request: FastifyRequest,
  tasks: (() => unknown)[],
  handler: () => unknown,
): Promise<unknown> {
  const entry = signedIn(deps, access, request, tasks);
  const cached = entry && deps.principals?.get(entry.scope.userId, entry.scope.clientId);
  if (entry && cached) {
    entry.enter(closedTransaction, cached);
    const quick = quickWrite(request, request.ctx);
    if (quick) {
      const [rows] = await oneTripInTenant(deps.database, entry.scope, quick.sql);
      const answered = quick.answer(request.ctx, rows!);
      if (answered !== undefined) return answered;
    }
  }
  return runGuarded(deps, access, undefined, request, tasks, handler);
}

async function runGuarded(
  deps: GuardDeps,
  access: Exclude<RouteAccess, { public: true }>,
  oneRead: string | undefined,
  request: FastifyRequest,
  tasks: (() => unknown)[],
  handler: () => unknown,
): Promise<unknown> {
  const entry = signedIn(deps, access, request, tasks);
  if (!entry) {
    return inTenant(deps.database, { clientId: null }, async (tx) => {
      request.ctx = createContext({
        db: tx,
        user: null,
        client: null,
        log: request.log,
        afterCommit: (t) => tasks.push(t),
        services: deps.services,
      });
      return handler();
    });
  }
  if (oneRead) {
    await readOnce(deps, entry, oneRead);
    return handler();
  }
  const { scope, enter } = entry;
  const { userId, clientId } = scope;
  // The principal checked here is kept for the one-statement routes (`oneRead`, `quickRead`, `quickWrite`); a change
  // committed after this lookup moves the epoch or forgets the entry (principals.ts).
  const epoch = deps.principals?.epoch() ?? 0;
  const result = await inTenantWith(deps.database, scope, deps.principal.sql(userId, clientId), async (tx, rows) => {
    const principal = deps.principal.read(rows);
    enter(tx, principal);
    deps.principals?.set(userId, clientId, principal!, epoch);
    return access.streaming ? STREAMING : handler();
  });
  if (result !== STREAMING) return result;
  request.ctx = { ...request.ctx, db: closedTransaction };
  return handler();
}

/** Workspace active → feature on → right granted → role: for routes and socket events alike. */
export function enforceAccess(ctx: AccessSubject, access: Exclude<RouteAccess, { public: true }>): void {
  if (!ctx.client && access.workspace !== 'optional') throw new AppError(400, 'workspace_required');
  if (ctx.client?.status === 'blocked' && !ctx.isSuperadmin) throw new AppError(403, 'company_blocked');
  if (access.feature && !ctx.hasFeature(access.feature)) throw new AppError(403, 'feature_disabled');
  if (access.right && !ctx.can(access.right)) throw new AppError(403, 'no_access');
  if (access.role === 'admin' && !ctx.isAdmin) throw new AppError(403, 'no_access');
  if (access.role === 'superadmin' && !ctx.isSuperadmin) throw new AppError(403, 'no_access');
}

/**
 * The same checks for a public route that a secret opens on someone's behalf (a person's calendar feed token, a
 * workspace's bot webhook path), made at every request: blocking the workspace, switching the feature off or taking
 * the person's right away closes what the secret opens, with the guard's codes (403 `company_blocked`,
 * `feature_disabled`, `no_access`). The caller checks the secret first, so a stranger learns nothing from them.
 */
export function enforceOnBehalf(
  who: { user: SessionUser | null; client: SessionClient | null },
  access: { feature: Feature; right?: Right },
): void {
  if (who.user?.deletionMark) throw new AppError(403, 'user_deleted');
  enforceAccess(accessOf(who.user, who.client), access);
}

const STREAMING = Symbol('streaming');
/** `ctx.db` of a streaming or one-read route: no transaction is open, and a pooled connection must not be reused. */
const closedTransaction = new Proxy({} as Tx, {
  get() {
    throw new Error('ctx.db is closed on a streaming or one-read route; open a transaction with inTenant');
  },
});
