import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { createHarness, type Harness, type TestUser, type TestWorkspace } from './harness.js';

/**
 * A harness listening on a real port with realtime attached, for tests of what arrives over sockets. Call it at the
 * top of a test file: it registers its own `beforeAll`/`afterEach`/`afterAll`, and `live.h` / `live.base` are set
 * once the file's tests run.
 */
export function useLiveServer() {
  const opened: Socket[] = [];
  const live = {
    h: undefined as unknown as Harness,
    base: '',
    /** A socket of `user`, connected and identified. */
    async online(ws: TestWorkspace, user: TestUser) {
      const socket = io(`${live.base}/${ws.workspace}`, {
        transports: ['websocket'],
        auth: { token: user.token },
        reconnection: false,
        forceNew: true,
      });
      opened.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      expect(await socket.timeout(30_000).emitWithAck('identify', { client_id: ws.id, user_id: user.id })).toBe(true);
      return socket;
    },
    /** A real HTTP request (not `inject`), so announcements go through the listening server. */
    async http(user: TestUser, method: string, path: string, body?: unknown) {
      const res = await fetch(`${live.base}${path}`, {
        method,
        headers: { authorization: `Bearer ${user.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field in the tests
      return { status: res.status, body: (await res.json()) as any };
    },
  };
  beforeAll(async () => {
    live.h = await createHarness();
    await live.h.platform.realtime.attach(live.h.app.server);
    live.base = await live.h.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(() => {
    for (const socket of opened.splice(0)) socket.disconnect();
  });
  afterAll(async () => {
    await live.h.platform.realtime.close();
    await live.h.close();
  });
  return live;
}

/** Every payload of `event` the socket receives from now on. */
export function record(socket: Socket, event: string) {
  const received: Record<string, unknown>[] = [];
  socket.on(event, (payload: Record<string, unknown>) => received.push(payload));
  return received;
}

/**
 * The next payload of `event`. It fails after 30 s, a guard against hanging rather than a wait for time; a test that
 * failed before awaiting it leaves no unhandled rejection behind.
 */
export const next = (socket: Socket, event: string) => {
  const payload = new Promise<Record<string, unknown>>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within 30 s`)), 30_000);
    socket.once(event, (received: Record<string, unknown>) => {
      clearTimeout(timer);
      resolve(received);
    });
  });
  payload.catch(() => {});
  return payload;
};
