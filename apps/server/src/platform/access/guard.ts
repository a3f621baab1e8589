import type { Feature, Right } from '@hallway/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Tokens } from '../auth/tokens.js';
import type { Database, Tx } from '../db/client.js';
import { inTenant, inTenantWith } from '../db/tenant.js';
import { AppError } from '../errors/app-error.js';
import { COMPANY_COOKIE, readCookie, SESSION_COOKIE } from '../files/cookies.js';
import { createContext, type RequestContext, type SessionClient, type SessionUser } from '../http/context.js';

/**
 * Every route declares who may call it (ARCHITECTURE "Access"); the app refuses to start otherwise.
 * - `{ public: true }`: anyone; no transaction is opened, the handler uses the system path explicitly if it must.
 * - `{ auth: 'optional', ... }`: signed-in or not; `ctx.user` may be null.
 * - otherwise a signed-in person, in a workspace (unless `workspace: 'optional'`), then in this order:
 *   workspace active → `feature` on → `right` granted → `role`.
 */
export type RouteAccess =
  | { public: true }
  | {
      public?: false;
      auth?: 'optional';
      role?: 'admin' | 'superadmin';
      feature?: Feature;
      right?: Right;
      workspace?: 'optional';
      /**
       * The handler streams a long request body (uploads): access is checked in a short transaction that ends
       * before the handler runs, so no connection (on PGlite: no database) is held while the bytes arrive.
       * `ctx.db` throws there; the handler opens its own short transactions with `inTenant`.
       */
      streaming?: true;
    };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** For the isolation suite: which kind of object a path parameter names, when its name does not say. */
    params?: Record<string, string>;
  }
  interface FastifyRequest {
    ctx: RequestContext;
  }
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
  params: Record<string, string>;
}

/** URL prefixes of plugin routes that cannot carry our config (the OpenAPI UI); they are public by nature. */
const PLUGIN_PUBLIC_PREFIXES = ['/api/docs'];

export function installRouteGuard(
  app: FastifyInstance,
  deps: { database: Database; tokens: Tokens; principal: PrincipalQuery },
): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  app.decorateRequest('ctx', null as unknown as RequestContext);

  app.addHook('onRoute', (route: RouteOptions) => {
    if (PLUGIN_PUBLIC_PREFIXES.some((p) => route.url.startsWith(p))) return;
    const access = route.config?.access;
    if (!access) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no access (config.access)`);
    }
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      routes.push({ method, url: route.url, access, params: route.config?.params ?? {} });
    }
    if (access.public) return;
    const handler = route.handler;
    route.handler = async function guarded(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      const tasks: (() => unknown)[] = [];
      const result = await runGuarded(deps, access, request, tasks, () => handler.call(this, request, reply));
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Only reads may use the cookies: a cross-site form can send them, but never a header. */
const isRead = (request: FastifyRequest) => request.method === 'GET' || request.method === 'HEAD';

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return isRead(request) ? readCookie(request.headers.cookie, SESSION_COOKIE) : null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

async function runGuarded(
  deps: { database: Database; tokens: Tokens; principal: PrincipalQuery },
  access: Exclude<RouteAccess, { public: true }>,
  request: FastifyRequest,
  tasks: (() => unknown)[],
  handler: () => unknown,
): Promise<unknown> {
  const token = bearer(request);
  const payload = token ? deps.tokens.verify(token) : null;
  if (!payload) {
    if (access.auth !== 'optional' || token) throw new AppError(401, token ? 'session_expired' : 'unauthorized');
    return inTenant(deps.database, { clientId: null }, async (tx) => {
      request.ctx = createContext({
        db: tx,
        user: null,
        client: null,
        log: request.log,
        afterCommit: (t) => tasks.push(t),
      });
      return handler();
    });
  }

  // The tenant comes from the token; only a superadmin chooses one, with X-COMPANY-ID. Ids in a path never do.
  let clientId = payload.client_id;
  if (clientId === null) {
    const chosen =
      request.headers['x-company-id'] ?? (isRead(request) ? readCookie(request.headers.cookie, COMPANY_COOKIE) : null);
    if (typeof chosen === 'string' && chosen !== '' && chosen !== 'null') {
      if (!UUID.test(chosen)) throw new AppError(400, 'workspace_not_found');
      clientId = chosen;
    }
  }

  const userId = payload.result._id;
  const scope = { clientId, userId };
  const result = await inTenantWith(deps.database, scope, deps.principal.sql(userId, clientId), async (tx, rows) => {
    const principal = deps.principal.read(rows);
    if (!principal || principal.user.tokenVersion !== payload.v || principal.user.clientId !== payload.client_id) {
      throw new AppError(401, 'session_expired');
    }
    const { user } = principal;
    const superadmin = user.roles.includes('superadmin');
    if (user.deletionMark) throw new AppError(403, 'user_deleted');
    if (clientId && !principal.client) throw new AppError(404, 'workspace_not_found');
    const ctx = createContext({
      db: tx,
      user,
      client: principal.client,
      log: request.log,
      afterCommit: (t) => tasks.push(t),
    });
    if (!ctx.client && access.workspace !== 'optional') throw new AppError(400, 'workspace_required');
    if (ctx.client?.status === 'blocked' && !superadmin) throw new AppError(403, 'company_blocked');
    if (access.feature && !ctx.hasFeature(access.feature)) throw new AppError(403, 'feature_disabled');
    if (access.right && !ctx.can(access.right)) throw new AppError(403, 'no_access');
    if (access.role === 'admin' && !ctx.isAdmin) throw new AppError(403, 'no_access');
    if (access.role === 'superadmin' && !superadmin) throw new AppError(403, 'no_access');
    request.ctx = ctx;
    return access.streaming ? STREAMING : handler();
  });
  if (result !== STREAMING) return result;
  request.ctx = { ...request.ctx, db: closedTransaction };
  return handler();
}

const STREAMING = Symbol('streaming');
/** `ctx.db` of a streaming route: its transaction has ended, and a pooled connection must not be reused. */
const closedTransaction = new Proxy({} as Tx, {
  get() {
    throw new Error('ctx.db is closed on a streaming route; open a transaction with inTenant');
  },
});
