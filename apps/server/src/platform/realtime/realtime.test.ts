import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness, makeUser, makeWorkspace, superadmin } from '../../test/harness.js';
import { createTokens } from '../auth/tokens.js';

let h: Harness;
let base: string;
const opened: Socket[] = [];

beforeAll(async () => {
  h = await createHarness();
  await h.platform.realtime.attach(h.app.server);
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
});
afterEach(() => {
  for (const socket of opened.splice(0)) socket.disconnect();
});
afterAll(async () => {
  await h.platform.realtime.close();
  await h.close();
});

function socketTo(namespace: string, token: string | undefined, transports: ('websocket' | 'polling')[]) {
  const socket = io(`${base}/${namespace}`, {
    transports,
    auth: token === undefined ? {} : { token },
    reconnection: false,
    forceNew: true,
    timeout: 5_000,
  });
  opened.push(socket);
  return socket;
}

/** A connected socket, or the refusal's message. */
function connect(namespace: string, token?: string, transports: ('websocket' | 'polling')[] = ['websocket']) {
  const socket = socketTo(namespace, token, transports);
  return new Promise<Socket>((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => reject(new Error(err.message)));
  });
}

const refusal = (namespace: string, token?: string, transports?: ('websocket' | 'polling')[]) =>
  connect(namespace, token, transports).then(
    () => 'connected',
    (err: Error) => err.message,
  );

const identify = (socket: Socket, payload: Record<string, unknown>) =>
  socket.timeout(30_000).emitWithAck('identify', payload) as Promise<boolean>;

/** Every `event` a socket receives from now on. */
function record(socket: Socket, event: string) {
  const received: unknown[] = [];
  socket.on(event, (payload: unknown) => received.push(payload));
  return received;
}

const nextEvent = (socket: Socket, event: string) =>
  new Promise<unknown>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within 30 s`)), 30_000);
    socket.once(event, (payload: unknown) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });

function http(method: string, path: string, token: string, body?: unknown) {
  return fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
}

describe('realtime handshake', () => {
  it('refuses a missing, forged or revoked token', async () => {
    const ws = await makeWorkspace(h);
    expect(await refusal(ws.workspace)).toBe('unauthorized');
    const forged = createTokens('f'.repeat(48), '1h').sign(ws.employee.row);
    expect(await refusal(ws.workspace, forged)).toBe('session_expired');
    expect(await refusal(ws.workspace, 'not.a.jwt')).toBe('session_expired');
    expect((await http('POST', '/api/logout', ws.employee.token, {})).status).toBe(200);
    expect(await refusal(ws.workspace, ws.employee.token)).toBe('session_expired');
  });

  it("refuses another workspace's employee, an unknown workspace and the root namespace", async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    expect(await refusal(other.workspace, ws.employee.token)).toBe('no_access');
    expect(await refusal(other.workspace, ws.admin.token)).toBe('no_access');
    expect(await refusal('nosuchworkspace1', ws.employee.token)).toBe('workspace_not_found');
    expect(await refusal('', ws.employee.token)).toBe('workspace_not_found');
    expect(await refusal('not-a-code', ws.employee.token)).toBe('Invalid namespace');
  });

  it('stays guarded after events were emitted to a workspace nobody had connected to', async () => {
    const ws = await makeWorkspace(h);
    h.platform.realtime.emit(ws.id, null, 'workspace.ping', {});
    h.platform.realtime.emit(ws.id, `user:${ws.employee.id}`, 'user.updated', {});
    await new Promise((r) => setTimeout(r, 50));
    expect(await refusal(ws.workspace)).toBe('unauthorized');
    expect(await refusal(ws.workspace.toLowerCase())).toBe('unauthorized');
  });

  it('refuses a deleted person and a blocked company', async () => {
    const ws = await makeWorkspace(h);
    const gone = await makeUser(h, ws.id, { deleted: true });
    expect(await refusal(ws.workspace, gone.token)).toBe('user_deleted');
    const blocked = await makeWorkspace(h, { status: 'blocked' });
    expect(await refusal(blocked.workspace, blocked.employee.token)).toBe('company_blocked');
  });

  it('lets the superadmin into any workspace, blocked ones too', async () => {
    const root = await superadmin(h);
    const ws = await makeWorkspace(h);
    const blocked = await makeWorkspace(h, { status: 'blocked' });
    for (const code of [ws.workspace, blocked.workspace]) {
      const socket = await connect(code, root.token);
      expect(await identify(socket, { client_id: null, user_id: root.id, timestamp: Date.now() })).toBe(true);
    }
  });

  it('refuses HTTP long-polling', async () => {
    const ws = await makeWorkspace(h);
    expect(await refusal(ws.workspace, ws.employee.token, ['polling'])).not.toBe('connected');
    const res = await fetch(`${base}/socket.io/?EIO=4&transport=polling`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: 'Transport unknown' });
  });
});

describe('realtime delivery', () => {
  it("delivers user.updated after an administrator's rights change to that person's identified sockets only", async () => {
    const ws = await makeWorkspace(h);
    const colleague = await makeUser(h, ws.id);
    const other = await makeWorkspace(h);
    // The same person in two tabs, one of them naming the workspace in capitals.
    const tabs = [
      await connect(ws.workspace, ws.employee.token),
      await connect(ws.workspace.toUpperCase(), ws.employee.token),
    ];
    const silent = await connect(ws.workspace, ws.employee.token);
    const bystanders = [
      await connect(ws.workspace, colleague.token),
      await connect(ws.workspace, ws.admin.token),
      await connect(other.workspace, other.employee.token),
    ];
    for (const tab of tabs) {
      expect(await identify(tab, { client_id: ws.id, user_id: ws.employee.id, timestamp: Date.now() })).toBe(true);
    }
    expect(await identify(bystanders[0], { client_id: ws.id, user_id: colleague.id, timestamp: Date.now() })).toBe(
      true,
    );
    expect(await identify(bystanders[1], { client_id: ws.id, user_id: ws.admin.id })).toBe(true);
    expect(await identify(bystanders[2], { client_id: other.id, user_id: other.employee.id })).toBe(true);
    // Claiming someone else's room, or another workspace, joins nothing.
    expect(await identify(silent, { client_id: ws.id, user_id: colleague.id })).toBe(false);
    expect(await identify(silent, { client_id: other.id, user_id: ws.employee.id })).toBe(false);
    expect(await identify(silent, { user_id: 42 })).toBe(false);

    const overheard = [silent, ...bystanders].map((s) => record(s, 'user.updated'));
    const arrivals = tabs.map((tab) => nextEvent(tab, 'user.updated'));
    const res = await http('PUT', `/api/user/${ws.employee.id}/rights`, ws.admin.token, { rights: { wall: false } });
    expect(res.status).toBe(200);
    for (const payload of await Promise.all(arrivals)) {
      expect(payload).toMatchObject({ _id: ws.employee.id, rights: { wall: false } });
    }
    // A marker sent afterwards to both whole workspaces: anything misrouted would have reached a socket before it.
    const markers = [silent, ...bystanders].map((s) => nextEvent(s, 'test.marker'));
    h.platform.realtime.emit(ws.id, null, 'test.marker', {});
    h.platform.realtime.emit(other.id, null, 'test.marker', {});
    await Promise.all(markers);
    expect(overheard.flat()).toEqual([]);
  });

  it('does not announce a change that was refused', async () => {
    const ws = await makeWorkspace(h);
    const tab = await connect(ws.workspace, ws.employee.token);
    expect(await identify(tab, { client_id: ws.id, user_id: ws.employee.id })).toBe(true);
    const heard = record(tab, 'user.updated');
    const res = await http('PUT', `/api/user/${ws.employee.id}/rights`, ws.employee.token, { rights: { wall: false } });
    expect(res.status).toBe(403);
    // The administrator's change that follows is the only one heard: the refused one announced nothing before it.
    const marker = nextEvent(tab, 'user.updated');
    const allowed = await http('PUT', `/api/user/${ws.employee.id}/rights`, ws.admin.token, {
      rights: { groups: false },
    });
    expect(allowed.status).toBe(200);
    expect(await marker).toMatchObject({ _id: ws.employee.id, rights: { groups: false } });
    expect(heard).toHaveLength(1);
  });

  it('user-logout leaves the room and closes that socket only', async () => {
    const ws = await makeWorkspace(h);
    const leaving = await connect(ws.workspace, ws.employee.token);
    const staying = await connect(ws.workspace, ws.employee.token);
    for (const tab of [leaving, staying]) expect(await identify(tab, { user_id: ws.employee.id })).toBe(true);
    const closed = new Promise<string>((resolve) => leaving.once('disconnect', (reason) => resolve(reason)));
    leaving.emit('user-logout');
    expect(await closed).toBe('io server disconnect');
    const arrival = nextEvent(staying, 'user.updated');
    const res = await http('PUT', `/api/user/${ws.employee.id}/rights`, ws.admin.token, { rights: { groups: false } });
    expect(res.status).toBe(200);
    expect(await arrival).toMatchObject({ _id: ws.employee.id, rights: { groups: false } });
    expect(leaving.connected).toBe(false);
  });

  it('join() puts every socket of a person into a further room of their workspace', async () => {
    const ws = await makeWorkspace(h);
    const tab = await connect(ws.workspace, ws.employee.token);
    const colleague = await connect(ws.workspace, ws.admin.token);
    expect(await identify(tab, { user_id: ws.employee.id })).toBe(true);
    expect(await identify(colleague, { user_id: ws.admin.id })).toBe(true);
    h.platform.realtime.join(ws.id, ws.employee.id, 'group:g1');
    const heard = record(colleague, 'group.ping');
    const arrival = nextEvent(tab, 'group.ping');
    h.platform.realtime.emit(ws.id, 'group:g1', 'group.ping', { n: 1 });
    expect(await arrival).toEqual({ n: 1 });
    const everyone = [nextEvent(tab, 'workspace.ping'), nextEvent(colleague, 'workspace.ping')];
    h.platform.realtime.emit(ws.id, null, 'workspace.ping', { n: 2 });
    expect(await Promise.all(everyone)).toEqual([{ n: 2 }, { n: 2 }]);
    expect(heard).toEqual([]);
  });
});
