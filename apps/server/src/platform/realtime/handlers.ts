import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  type AccessOwner,
  enforceAccess,
  type PrincipalQuery,
  type RouteAccess,
  resolveAccess,
} from '../access/guard.js';
import type { Database } from '../db/client.js';
import { inTenantWith } from '../db/tenant.js';
import { AppError } from '../errors/app-error.js';
import { createContext, type RequestContext } from '../http/context.js';
import type { ModuleServices } from '../http/module.js';

type GuardedAccess = Exclude<RouteAccess, { public: true }>;

/**
 * An event the browser sends on its socket (`chat.typing`, `desk.move`, ...). It declares its access like a
 * route: the module's feature by default, then right and role, checked against the person's current state in a
 * transaction of its own for every event; the payload is validated with zod. The answer goes back as the ack:
 * `{ result }` or `{ message, code }`.
 */
export interface SocketHandler<Payload = unknown> {
  event: string;
  access: GuardedAccess;
  payload: z.ZodType<Payload>;
  handle(ctx: RequestContext, payload: Payload): Promise<unknown>;
}

/** A handler with its access resolved against its module, ready for realtime to bind to each socket. */
export interface BoundSocketHandler extends SocketHandler {
  access: GuardedAccess;
}

/** Events of the platform's own (socket.ts) and of socket.io: no module may take them over. */
const RESERVED_EVENTS = ['identify', 'user-logout', 'connect', 'disconnect', 'disconnecting', 'error'];

/** Resolves every handler's access at start, refusing an empty one as the route guard does. */
export function bindSocketHandlers(
  handlers: readonly { module: AccessOwner; handler: SocketHandler }[],
): BoundSocketHandler[] {
  return handlers.map(({ module, handler }) => {
    if (RESERVED_EVENTS.includes(handler.event)) throw new Error(`Socket event ${handler.event} is reserved`);
    const access = resolveAccess(handler.access, module, `Socket event ${handler.event}`);
    if (access.public) throw new Error(`Socket event ${handler.event} cannot be public: sockets are signed in`);
    return { ...handler, access } as BoundSocketHandler;
  });
}

export interface SocketHandlerDeps {
  database: Database;
  principal: PrincipalQuery;
  log: FastifyBaseLogger;
  services?: Partial<ModuleServices>;
}

type Ack = (answer: unknown) => void;

/** Runs one event for the socket's person: the same checks as an HTTP request, then the handler. */
export async function runSocketHandler(
  deps: SocketHandlerDeps,
  handler: BoundSocketHandler,
  who: { userId: string; clientId: string },
  raw: unknown,
): Promise<unknown> {
  const parsed = handler.payload.safeParse(raw);
  if (!parsed.success) throw new AppError(400, 'validation');
  const tasks: (() => unknown)[] = [];
  const result = await inTenantWith(
    deps.database,
    who,
    deps.principal.sql(who.userId, who.clientId),
    async (tx, rows) => {
      const principal = deps.principal.read(rows);
      if (!principal || principal.user.deletionMark) throw new AppError(401, 'session_expired');
      const ctx = createContext({
        db: tx,
        user: principal.user,
        client: principal.client,
        log: deps.log,
        afterCommit: (t) => tasks.push(t),
        services: deps.services,
      });
      enforceAccess(ctx, handler.access);
      return handler.handle(ctx, parsed.data);
    },
  );
  for (const task of tasks) await task();
  return result;
}

/** The ack of an event: its result, or the error as HTTP would answer it. */
export async function answerSocketEvent(
  deps: SocketHandlerDeps,
  handler: BoundSocketHandler,
  who: { userId: string; clientId: string },
  raw: unknown,
  ack: unknown,
): Promise<void> {
  const reply = typeof ack === 'function' ? (ack as Ack) : () => undefined;
  try {
    reply({ result: await runSocketHandler(deps, handler, who, raw) });
  } catch (err) {
    if (err instanceof AppError) return reply(err.toBody());
    deps.log.error({ err, event: handler.event }, 'socket event failed');
    reply(new AppError(500, 'server_error').toBody());
  }
}
