import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { type DefaultEventsMap, type Namespace, Server, type Socket } from 'socket.io';
import { z } from 'zod';
import type { PrincipalQuery } from '../access/guard.js';
import type { Tokens } from '../auth/tokens.js';
import { type Database, rowsOf } from '../db/client.js';
import { inSystem, inTenantWith } from '../db/tenant.js';
import type { ModuleServices } from '../http/module.js';
import { answerSocketEvent, type BoundSocketHandler } from './handlers.js';
import { redisLink } from './redis-link.js';
import type { Realtime } from './types.js';

interface SocketData {
  userId: string;
  clientId: string;
  superadmin?: boolean;
}

/** What one process asks the others to do with their own sockets of a workspace. */
interface Delivery {
  clientId: string;
  room: string | null;
  event: string;
  payload: unknown;
}
interface RoomJoin {
  clientId: string;
  userId: string;
  room: string;
}
/** Sessions ended: every socket of a person, or every socket of a workspace but the superadmin's. */
interface Revocation {
  userId?: string;
  clientId?: string;
}
interface InterServerEvents {
  deliver(delivery: Delivery): void;
  join(request: RoomJoin): void;
  revoke(request: Revocation): void;
}

/** Every socket of a person joins this room at connection (before `identify`), so revocation reaches it. */
const sessionRoom = (userId: string) => `session:${userId}`;
const SUPERADMIN_ROOM = 'session:superadmin';

/** Same rule as the workspace code (packages/shared workspaceCode). */
const WORKSPACE_NAMESPACE = /^\/[A-Za-z0-9]{2,32}$/;

const identifyPayload = z.object({
  client_id: z.string().max(64).nullish(),
  user_id: z.string().max(64),
  timestamp: z.union([z.number(), z.string().max(64)]).optional(),
});

/** A refusal the client sees as `connect_error` with a catalogue code as its message. */
class Refusal extends Error {}

/**
 * socket.io on the HTTP server's port (ARCHITECTURE "Realtime"): one namespace per workspace (`/{workspace}`,
 * any letter case), websocket transport only, the token checked in the handshake. `identify` joins `user:{id}`;
 * modules join further rooms with `join()`.
 *
 * Delivery goes by workspace id, never by namespace name: a namespace only exists in a process once a socket
 * connected to it (with whatever letter case the browser used), so each process delivers to its own sockets and,
 * with REDIS_URL, asks the other processes to do the same through the adapter's server-side events.
 * Emitting never creates a namespace: one created outside the workspace pattern would skip the handshake check.
 */
export function createRealtime(deps: {
  database: Database;
  tokens: Tokens;
  principal: PrincipalQuery;
  redisUrl?: string;
  log: FastifyBaseLogger;
}) {
  let io: Server<DefaultEventsMap, DefaultEventsMap, InterServerEvents, SocketData> | null = null;
  let redis: Redis[] = [];
  const link = redisLink(deps.log);
  /** The namespaces of this process holding sockets, by workspace id (one per letter case the browsers used). */
  const namespaces = new Map<string, Set<Namespace>>();
  let handlers: readonly BoundSocketHandler[] = [];
  let services: Partial<ModuleServices> = {};

  async function clientIdOf(workspace: string): Promise<string | null> {
    const [row] = await inSystem(deps.database, (tx) =>
      rowsOf<{ id: string }>(tx, sql`SELECT id FROM clients WHERE lower(workspace) = ${workspace}`),
    );
    return row?.id ?? null;
  }

  async function authorize(socket: Socket): Promise<SocketData> {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string' || token === '') throw new Refusal('unauthorized');
    const payload = deps.tokens.verify(token.replace(/^Bearer /i, ''));
    if (!payload) throw new Refusal('session_expired');
    const clientId = await clientIdOf(socket.nsp.name.slice(1).toLowerCase());
    if (!clientId) throw new Refusal('workspace_not_found');
    const userId = payload.result._id;
    const principal = await inTenantWith(
      deps.database,
      { clientId, userId },
      deps.principal.sql(userId, clientId),
      async (_tx, rows) => deps.principal.read(rows),
    );
    // The same rules as the HTTP guard: a revoked token, or one issued for another workspace, is spent.
    if (!principal || principal.user.tokenVersion !== payload.v || principal.user.clientId !== payload.client_id) {
      throw new Refusal('session_expired');
    }
    if (principal.user.deletionMark) throw new Refusal('user_deleted');
    const superadmin = principal.user.roles.includes('superadmin');
    if (!superadmin && principal.user.clientId !== clientId) throw new Refusal('no_access');
    if (!superadmin && principal.client?.status === 'blocked') throw new Refusal('company_blocked');
    return { userId: principal.user.id, clientId, superadmin };
  }

  function track(socket: Socket) {
    const { clientId } = socket.data as SocketData;
    const set = namespaces.get(clientId) ?? new Set<Namespace>();
    namespaces.set(clientId, set);
    set.add(socket.nsp);
    socket.on('disconnect', () => {
      if (socket.nsp.sockets.size > 0) return;
      set.delete(socket.nsp);
      if (set.size === 0 && namespaces.get(clientId) === set) namespaces.delete(clientId);
    });
  }

  /**
   * This process's own part of a delivery, a join or a revocation runs after the current macrotask, in the order
   * they were asked for: the request that caused it gets its reply first (a company post's fanout to 10,000 sockets
   * holds the thread for a few hundred milliseconds), and the other processes, asked first through Redis, deliver at
   * the same time.
   */
  const pending: (() => void)[] = [];
  function later(work: () => void) {
    pending.push(work);
    if (pending.length === 1) setImmediate(runPending);
  }
  function runPending() {
    // Work asked for while this runs joins the same pass (the length is read at each turn), so the order holds.
    for (let i = 0; i < pending.length; i++) {
      try {
        pending[i]?.();
      } catch (err) {
        deps.log.error({ err }, 'realtime delivery failed');
      }
    }
    pending.length = 0;
  }

  function deliverHere({ clientId, room, event, payload }: Delivery) {
    for (const nsp of namespaces.get(clientId) ?? []) {
      const local = nsp.local;
      (room ? local.to(room) : local).emit(event, payload);
    }
  }

  function joinHere({ clientId, userId, room }: RoomJoin) {
    for (const nsp of namespaces.get(clientId) ?? []) nsp.local.in(`user:${userId}`).socketsJoin(room);
  }

  function revokeHere({ userId, clientId }: Revocation) {
    // A person's sockets may sit in any workspace's namespace (the superadmin's), so every one is looked at.
    if (userId)
      for (const set of namespaces.values())
        for (const nsp of set) nsp.local.in(sessionRoom(userId)).disconnectSockets(true);
    if (clientId)
      for (const nsp of namespaces.get(clientId) ?? []) nsp.local.except(SUPERADMIN_ROOM).disconnectSockets(true);
  }

  const realtime = {
    async attach(server: HttpServer) {
      const created: NonNullable<typeof io> = new Server(server, {
        transports: ['websocket'],
        serveClient: false,
        pingTimeout: 20_000,
        cleanupEmptyChildNamespaces: true,
      });
      io = created;
      if (deps.redisUrl) {
        // Publishing while Redis is away must neither queue (stale events delivered minutes later) nor wait.
        const pub = new Redis(deps.redisUrl, { lazyConnect: true, enableOfflineQueue: false, commandTimeout: 5_000 });
        // The adapter subscribes without handling the promise: the subscription waits for Redis however long it
        // takes, rather than failing after ioredis's retries (an unhandled rejection that ends the process).
        const sub = new Redis(deps.redisUrl, { lazyConnect: true, maxRetriesPerRequest: null });
        redis = [pub, sub];
        link.watch(pub, sub);
        await link.firstAttempt(pub, sub);
        created.adapter(createAdapter(link.guardPublish(pub), sub));
        created.on('deliver', deliverHere);
        created.on('join', joinHere);
        created.on('revoke', revokeHere);
      }
      // The root namespace belongs to no workspace; without this any visitor could hold a socket open on it.
      created.use((_socket, next) => next(new Refusal('workspace_not_found')));
      const workspaces = created.of(WORKSPACE_NAMESPACE);
      workspaces.use((socket, next) => {
        authorize(socket)
          .then((data) => {
            socket.data = data;
            next();
          })
          .catch((err: Error) => {
            if (err instanceof Refusal) return next(err);
            deps.log.error({ err }, 'realtime handshake failed');
            next(new Refusal('server_error'));
          });
      });
      workspaces.on('connection', (socket) => {
        const data = socket.data as SocketData;
        track(socket);
        socket.join(sessionRoom(data.userId));
        if (data.superadmin) socket.join(SUPERADMIN_ROOM);
        socket.on('identify', (raw: unknown, ack?: unknown) => {
          const parsed = identifyPayload.safeParse(raw);
          const ok =
            parsed.success &&
            parsed.data.user_id === data.userId &&
            (parsed.data.client_id == null || parsed.data.client_id === data.clientId);
          if (!ok) {
            if (typeof ack === 'function') ack(false);
            return;
          }
          // The session may have ended since the handshake (logout, password change, deletion, blocking).
          authorize(socket).then(
            () => {
              if (socket.connected) socket.join(`user:${data.userId}`);
              if (typeof ack === 'function') ack(socket.connected);
            },
            () => {
              if (typeof ack === 'function') ack(false);
              socket.disconnect(true);
            },
          );
        });
        socket.on('user-logout', () => {
          socket.leave(`user:${data.userId}`);
          socket.disconnect(true);
        });
        for (const handler of handlers) {
          socket.on(
            handler.event,
            (raw: unknown, ack?: unknown) => void answerSocketEvent({ ...deps, services }, handler, data, raw, ack),
          );
        }
      });
    },

    emit(clientId: string, room: string | null, event: string, payload: unknown) {
      if (!io) return;
      const delivery = { clientId, room, event, payload };
      if (link.up()) io.serverSideEmit('deliver', delivery);
      later(() => deliverHere(delivery));
    },

    handle(list: readonly BoundSocketHandler[], provided: Partial<ModuleServices>) {
      handlers = list;
      services = provided;
    },

    /** Puts every socket of a person (in this and other processes) into a room, e.g. after joining a group. */
    join(clientId: string, userId: string, room: string) {
      if (!io) return;
      const request = { clientId, userId, room };
      if (link.up()) io.serverSideEmit('join', request);
      later(() => joinHere(request));
    },

    /** 'off' without REDIS_URL; 'down' while this process reaches only its own sockets. */
    redisState(): 'off' | 'up' | 'down' {
      if (!deps.redisUrl) return 'off';
      return link.up() ? 'up' : 'down';
    },

    /** Ends every open socket of a person in every process (their sessions were revoked). */
    revokeUser(userId: string) {
      if (!io) return;
      if (redis.length) io.serverSideEmit('revoke', { userId });
      later(() => revokeHere({ userId }));
    },

    /** Ends every open socket of a workspace's people in every process (the workspace was blocked). */
    revokeWorkspace(clientId: string) {
      if (!io) return;
      if (redis.length) io.serverSideEmit('revoke', { clientId });
      later(() => revokeHere({ clientId }));
    },

    /**
     * Disconnects every socket and leaves Redis; the HTTP server stays with its owner (Fastify closes it), so
     * call this before `app.close()`, which otherwise waits for the open websockets.
     */
    async close() {
      const server = io;
      io = null;
      if (!server) return;
      server.local.disconnectSockets(true);
      for (const set of namespaces.values()) for (const nsp of set) nsp.local.disconnectSockets(true);
      namespaces.clear();
      server.engine.close();
      link.stop();
      await Promise.all(redis.map((r) => r.quit().catch(() => r.disconnect())));
      redis = [];
    },
  } satisfies Realtime & Record<string, unknown>;
  return realtime;
}

export type RealtimeServer = ReturnType<typeof createRealtime>;
