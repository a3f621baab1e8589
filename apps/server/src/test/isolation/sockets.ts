import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import type { Module } from '../../platform/http/module.js';
import { type BoundSocketHandler, bindSocketHandlers } from '../../platform/realtime/handlers.js';
import type { Harness, TestUser } from '../harness.js';
import { socketFixtures, type World } from './registry.js';
import { idPaths, kindsByValue, read, type Slot, type Swap, write } from './requests.js';

/**
 * The isolation suite's sockets (suite.ts): real socket.io clients on the app's own port, as the browser connects
 * (platform/realtime/socket.ts). B's people keep theirs open for the whole run and every event they receive is
 * recorded; the modules' socket events are sent through them like routes.
 */

/** Generous: the machine may be slow; a wait ends as soon as the awaited event arrives. */
const LIMIT_MS = 60_000;

export interface Received {
  event: string;
  text: string;
}

export class Listener {
  readonly received: Received[] = [];
  /** Set once the server ended the socket (a logout of B's own revokes its sessions); the suite opens another. */
  closed = false;
  private waiting = new Map<string, (outcome: 'arrived' | 'closed') => void>();
  constructor(
    readonly who: string,
    readonly socket: Socket,
  ) {
    socket.onAny((event: string, ...args: unknown[]) => {
      if (event === SYNC_EVENT) {
        const nonce = (args[0] as { nonce?: string } | undefined)?.nonce ?? '';
        this.waiting.get(nonce)?.('arrived');
        this.waiting.delete(nonce);
        return;
      }
      this.received.push({ event, text: JSON.stringify(args) });
    });
    socket.on('disconnect', () => {
      this.closed = true;
      for (const done of this.waiting.values()) done('closed');
      this.waiting.clear();
    });
  }

  /** Resolves once the sync event with `nonce` arrived (everything emitted before it has arrived by then). */
  synced(nonce: string): Promise<'arrived' | 'closed'> {
    if (this.closed) return Promise.resolve('closed');
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${this.who}: the sync event did not arrive in ${LIMIT_MS} ms`)),
        LIMIT_MS,
      );
      this.waiting.set(nonce, (outcome) => {
        clearTimeout(timer);
        resolve(outcome);
      });
    });
  }
}

/** The event the suite itself sends to B's sockets to know that every earlier emission has been delivered. */
export const SYNC_EVENT = 'isolation.sync';
let syncs = 0;

/**
 * Sends the sync event to the workspace and waits until each listener has it (no sleeping): answers the listeners
 * whose socket was closed instead.
 */
export async function sync(h: Harness, clientId: string, listeners: readonly Listener[]): Promise<Listener[]> {
  const nonce = `sync-${process.pid}-${syncs++}`;
  const outcomes = listeners.map((l) => l.synced(nonce));
  h.platform.realtime.emit(clientId, null, SYNC_EVENT, { nonce });
  const closed: Listener[] = [];
  for (const [i, outcome] of (await Promise.all(outcomes)).entries())
    if (outcome === 'closed') closed.push(listeners[i]);
  return closed;
}

/** The app listening on a loopback port with realtime attached; the returned function undoes it. */
export async function listening(h: Harness): Promise<{ base: string; stop: () => Promise<void> }> {
  if (h.app.server.listening) {
    const { port } = h.app.server.address() as AddressInfo;
    return { base: `http://127.0.0.1:${port}`, stop: async () => {} };
  }
  await h.platform.realtime.attach(h.app.server);
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = h.app.server.address() as AddressInfo;
  return { base: `http://127.0.0.1:${port}`, stop: () => h.platform.realtime.close() };
}

/** A socket of `user` in its workspace, identified (so it is in its room `user:{id}`). */
export async function connectAs(base: string, workspace: string, user: TestUser, who: string): Promise<Listener> {
  const socket = io(`${base}/${workspace}`, {
    transports: ['websocket'],
    auth: { token: user.token },
    reconnection: false,
    forceNew: true,
    timeout: LIMIT_MS,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => reject(new Error(`${who}: socket refused (${err.message})`)));
  });
  const listener = new Listener(who, socket);
  const identified = await socket
    .timeout(LIMIT_MS)
    .emitWithAck('identify', { client_id: user.clientId, user_id: user.id, timestamp: Date.now() });
  if (identified !== true) throw new Error(`${who}: identify answered ${JSON.stringify(identified)}`);
  return listener;
}

/** The modules' socket events with their access resolved, as the app binds them (app.ts). */
export function socketHandlers(modules: readonly Module[]): BoundSocketHandler[] {
  return bindSocketHandlers(modules.flatMap((m) => (m.socket ?? []).map((handler) => ({ module: m, handler }))));
}

export interface SocketRequest {
  event: string;
  payload: unknown;
  kinds: string[];
  slots: Slot[];
  mixed?: Slot;
}

/** The payload of an event filled with the world's objects (one swapped for another workspace's, with `swap`). */
export function socketRequestFor(
  handler: BoundSocketHandler,
  world: World,
  problems: string[],
  swap?: Swap,
): SocketRequest | null {
  const fixture = socketFixtures.get(handler.event);
  const payload = (fixture ? fixture(world) : {}) as Record<string, unknown>;
  const byValue = kindsByValue(world);
  const slots: Slot[] = [];
  const missing: string[] = [];
  for (const at of idPaths(handler.payload)) {
    const value = read(payload, at);
    if (value === undefined) continue;
    if (typeof value !== 'string' || !byValue.has(value)) {
      missing.push(`payload ${at} is an id: fill it with the workspace's object (registerSocket in isolation.ts)`);
      continue;
    }
    slots.push({ where: 'body', at, kind: byValue.get(value)! });
    if (swap?.slot === slots.length - 1) {
      const other = swap.objects[slots[swap.slot].kind];
      if (other === undefined) missing.push(`payload ${at} → ${slots[swap.slot].kind} (other workspace)`);
      else write(payload, at, other);
    }
  }
  if (missing.length) {
    problems.push(`socket ${handler.event}: ${missing.join('; ')}`);
    return null;
  }
  const named = swap ? [slots[swap.slot]] : slots;
  return {
    event: handler.event,
    payload,
    kinds: [...new Set(named.map((s) => s.kind))],
    slots,
    mixed: swap ? slots[swap.slot] : undefined,
  };
}

/** The event's ack: `{ result }` or `{ message, code }`. */
export function sendEvent(listener: Listener, request: SocketRequest): Promise<{ result?: unknown; code?: string }> {
  return listener.socket.timeout(LIMIT_MS).emitWithAck(request.event, request.payload);
}
