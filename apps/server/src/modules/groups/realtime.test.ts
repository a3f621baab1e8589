import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createHarness,
  type Harness,
  makeUser,
  makeWorkspace,
  type TestUser,
  type TestWorkspace,
} from '../../test/harness.js';

let h: Harness;
let base: string;
const opened: Socket[] = [];

/** A port of the groups' range (4660-4699) that is free now. */
async function listen() {
  for (let port = 4660 + (process.pid % 30); port < 4700; port++) {
    try {
      await h.app.listen({ port, host: '127.0.0.1' });
      return port;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    }
  }
  throw new Error('no free port in 4660-4699');
}

beforeAll(async () => {
  h = await createHarness();
  await h.platform.realtime.attach(h.app.server);
  base = `http://127.0.0.1:${await listen()}`;
});
afterEach(() => {
  for (const socket of opened.splice(0)) socket.disconnect();
});
afterAll(async () => {
  await h.platform.realtime.close();
  await h.close();
});

async function online(ws: TestWorkspace, user: TestUser) {
  const socket = io(`${base}/${ws.workspace}`, {
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
  expect(await socket.timeout(5_000).emitWithAck('identify', { client_id: ws.id, user_id: user.id })).toBe(true);
  return socket;
}

/** Every payload of `event` the socket receives from now on. */
function record(socket: Socket, event: string) {
  const received: Record<string, unknown>[] = [];
  socket.on(event, (payload: Record<string, unknown>) => received.push(payload));
  return received;
}

const next = (socket: Socket, event: string) =>
  new Promise<Record<string, unknown>>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within 5 s`)), 5_000);
    socket.once(event, (payload: Record<string, unknown>) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });

async function http(user: TestUser, method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${user.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field in the tests
  return { status: res.status, body: (await res.json()) as any };
}

describe('group realtime', () => {
  it("sends a group's posts to its room: members who joined, and readers who subscribed", async () => {
    const ws = await makeWorkspace(h);
    const outsider = await makeUser(h, ws.id);
    const group = (
      await http(ws.admin, 'POST', '/api/group/', { name: 'Live', description: 'Live group', type: 'public' })
    ).body.result;
    const member = await online(ws, ws.employee);
    const memberships = record(member, 'group.membership');
    const outside = await online(ws, outsider);
    const outsideSeen = record(outside, 'post.created');
    const counted = next(member, 'group.members');
    expect((await http(ws.employee, 'POST', `/api/group/${group._id}/join`)).status).toBe(200);
    expect(await counted).toEqual({ _id: group._id, membersCount: 2 });
    expect(memberships).toEqual([{ _id: group._id }]);

    const arrived = next(member, 'post.created');
    const posted = await http(ws.admin, 'POST', '/api/post', {
      text: 'Group only',
      parent: { type: 'group', id: group._id },
    });
    expect((await arrived)._id).toBe(posted.body.result._id);
    // A company post sent afterwards reaches the outsider alone: the group's post never went to them.
    const marker = next(outside, 'post.created');
    const company = await http(ws.admin, 'POST', '/api/post', { text: 'Everyone' });
    expect((await marker)._id).toBe(company.body.result._id);
    expect(outsideSeen.map((p) => p._id)).toEqual([company.body.result._id]);

    // A reader of the public group subscribes from its page and hears its posts from then on.
    expect(await outside.timeout(5_000).emitWithAck('group.subscribe', { group_id: group._id })).toEqual({
      result: true,
    });
    const second = next(outside, 'post.created');
    const again = await http(ws.admin, 'POST', '/api/post', {
      text: 'Group again',
      parent: { type: 'group', id: group._id },
    });
    expect((await second)._id).toBe(again.body.result._id);
  });

  it('refuses to subscribe to a group the person may not read', async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    const secret = (
      await http(ws.admin, 'POST', '/api/group/', { name: 'Secret', description: 'Hidden', type: 'private' })
    ).body.result;
    const socket = await online(ws, ws.employee);
    expect(await socket.timeout(5_000).emitWithAck('group.subscribe', { group_id: secret._id })).toMatchObject({
      code: 'no_access',
    });
    const stranger = await online(other, other.admin);
    expect(await stranger.timeout(5_000).emitWithAck('group.subscribe', { group_id: secret._id })).toMatchObject({
      code: 'no_access',
    });
  });
});
