import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { modules } from '../../modules/index.js';
import { createHarness, type Harness, makeUser, makeWorkspace } from '../../test/harness.js';
import type { Module } from '../http/module.js';
import { bindSocketHandlers, type SocketHandler } from './handlers.js';

/** A module with socket events only, declaring their access as routes do; the module's feature is `chat`. */
const echo = (event: string, access: SocketHandler['access']): SocketHandler => ({
  event,
  access,
  payload: z.object({ text: z.string().max(20) }),
  handle: async (ctx, payload) => ({ text: (payload as { text: string }).text, by: ctx.me().id }),
});
const probe: Module = {
  name: 'socket-probe',
  feature: { feature: 'chat' },
  rights: ['polls'],
  routes() {},
  socket: [
    echo('probe.say', { signedIn: true }),
    echo('probe.admin', { role: 'admin' }),
    echo('probe.right', { right: 'polls' }),
  ],
};

let h: Harness;
let base: string;
const opened: Socket[] = [];
beforeAll(async () => {
  h = await createHarness({}, { modules: [...modules, probe] });
  await h.platform.realtime.attach(h.app.server);
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const socket of opened) socket.disconnect();
  await h.platform.realtime.close();
  await h.close();
});

function connect(workspace: string, token: string) {
  const socket = io(`${base}/${workspace}`, {
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
    forceNew: true,
  });
  opened.push(socket);
  return new Promise<Socket>((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => reject(err));
  });
}
const send = (socket: Socket, event: string, payload: unknown) =>
  socket.timeout(30_000).emitWithAck(event, payload) as Promise<{ result?: unknown; code?: string }>;

describe('socket events declare access like routes', () => {
  it('refuses at start an empty declaration, a public one, and a reserved event name', () => {
    const chat = { feature: { feature: 'chat' } } as const;
    expect(() => bindSocketHandlers([{ module: chat, handler: echo('x.empty', {}) }])).toThrow(/empty access/);
    expect(() =>
      bindSocketHandlers([
        { module: chat, handler: { ...echo('x.public', {}), access: { public: true, reason: 'probe' } as never } },
      ]),
    ).toThrow(/cannot be public/);
    expect(() => bindSocketHandlers([{ module: chat, handler: echo('identify', { signedIn: true }) }])).toThrow(
      /reserved/,
    );
    const free = { feature: { featureFree: true, reason: 'test' } } as const;
    expect(() => bindSocketHandlers([{ module: free, handler: echo('x.free', { signedIn: true }) }])).not.toThrow();
    expect(bindSocketHandlers([{ module: chat, handler: echo('x.chat', { signedIn: true }) }])[0].access).toEqual({
      signedIn: true,
      feature: 'chat',
    });
  });

  it("checks the module's feature, the right, the role and the payload on every event", async () => {
    const ws = await makeWorkspace(h);
    const noPolls = await makeUser(h, ws.id, { rights: { polls: false } });
    const employee = await connect(ws.workspace, ws.employee.token);
    const admin = await connect(ws.workspace, ws.admin.token);
    const limited = await connect(ws.workspace, noPolls.token);

    expect(await send(employee, 'probe.say', { text: 'hi' })).toEqual({ result: { text: 'hi', by: ws.employee.id } });
    expect((await send(employee, 'probe.say', { text: 'x'.repeat(21) })).code).toBe('validation');
    expect((await send(employee, 'probe.admin', { text: 'hi' })).code).toBe('no_access');
    expect((await send(admin, 'probe.admin', { text: 'hi' })).result).toEqual({ text: 'hi', by: ws.admin.id });
    expect((await send(limited, 'probe.right', { text: 'hi' })).code).toBe('no_access');
    expect((await send(employee, 'probe.right', { text: 'hi' })).result).toBeDefined();

    // The feature is read on every event: switching it off takes effect on open sockets.
    await h.platform.database.query(
      `UPDATE clients SET features = '[{"code":"chat","active":false}]'::jsonb WHERE id = $1`,
      [ws.id],
    );
    expect((await send(employee, 'probe.say', { text: 'hi' })).code).toBe('feature_disabled');
  });
});
