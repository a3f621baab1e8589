import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../modules/users/tables.js';
import {
  askResetLink,
  call,
  createHarness,
  type Harness,
  makeUser,
  makeWorkspace,
  PASSWORD,
  superadmin,
} from '../../test/harness.js';
import { inSystem } from '../db/tenant.js';

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

/** A connected socket that has identified (joined its rooms). */
async function identified(workspace: string, who: { token: string; id: string }, clientId: string) {
  const socket = io(`${base}/${workspace}`, {
    transports: ['websocket'],
    auth: { token: who.token },
    reconnection: false,
    forceNew: true,
  });
  opened.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const joined = await socket.timeout(30_000).emitWithAck('identify', { client_id: clientId, user_id: who.id });
  expect(joined).toBe(true);
  return socket;
}

/** Why the server closed the socket. */
const closed = (socket: Socket) => new Promise<string>((resolve) => socket.once('disconnect', resolve));

describe('sockets end with the sessions', () => {
  it('logout closes every socket of the person, not those of others', async () => {
    const ws = await makeWorkspace(h);
    const first = await identified(ws.workspace, ws.employee, ws.id);
    const second = await identified(ws.workspace, ws.employee, ws.id);
    const colleague = await identified(ws.workspace, ws.admin, ws.id);
    const ends = [closed(first), closed(second)];
    expect((await call(h, ws.employee, 'POST', '/api/logout', {})).statusCode).toBe(200);
    expect(await Promise.all(ends)).toEqual(['io server disconnect', 'io server disconnect']);
    // The colleague's socket still gets events: a later marker event arrives.
    const marker = new Promise((resolve) => colleague.once('workspace.marker', resolve));
    h.platform.realtime.emit(ws.id, null, 'workspace.marker', { n: 1 });
    expect(await marker).toEqual({ n: 1 });
  });

  it('a password change, an administrator setting a password and a deletion close the sockets', async () => {
    const ws = await makeWorkspace(h);
    const self = await identified(ws.workspace, ws.employee, ws.id);
    const end = closed(self);
    const change = await call(h, ws.employee, 'PUT', `/api/user/${ws.employee.id}`, {
      password: 'brand-new-pass',
      oldPassword: PASSWORD,
    });
    expect(change.statusCode).toBe(200);
    expect(await end).toBe('io server disconnect');

    const other = await makeUser(h, ws.id);
    const hard = await identified(ws.workspace, other, ws.id);
    const hardEnd = closed(hard);
    const reset = await call(h, ws.admin, 'POST', '/api/reset_password_hard', {
      user_id: other.id,
      password: 'set-by-admin',
    });
    expect(reset.statusCode).toBe(200);
    expect(await hardEnd).toBe('io server disconnect');

    const leaving = await makeUser(h, ws.id);
    const gone = await identified(ws.workspace, leaving, ws.id);
    const goneEnd = closed(gone);
    expect((await call(h, ws.admin, 'PUT', `/api/user/delete/${leaving.id}`)).statusCode).toBe(200);
    expect(await goneEnd).toBe('io server disconnect');
  });

  it('a password set from a mailed reset link closes the sockets', async () => {
    const ws = await makeWorkspace(h);
    const socket = await identified(ws.workspace, ws.employee, ws.id);
    const end = closed(socket);
    await askResetLink(h, ws.employee.email);
    const { rows } = await h.platform.database.query('SELECT text FROM outbox WHERE "to" = $1', [ws.employee.email]);
    const token = /reset-password\/([A-Za-z0-9_-]+)/.exec((rows[0] as { text: string }).text)![1];
    const reset = await call(h, null, 'POST', `/api/reset_password/${token}`, {
      password: 'from-the-link',
      confirmation: 'from-the-link',
    });
    expect(reset.statusCode).toBe(200);
    expect(await end).toBe('io server disconnect');
  });

  it("blocking a workspace closes its people's sockets but not the superadmin's", async () => {
    const ws = await makeWorkspace(h);
    const root = await superadmin(h);
    const employee = await identified(ws.workspace, ws.employee, ws.id);
    const admin = await identified(ws.workspace, ws.admin, ws.id);
    const overseer = await identified(ws.workspace, root, ws.id);
    const ends = [closed(employee), closed(admin)];
    const block = await call(h, root, 'PUT', `/api/clients/${ws.id}`, { status: 'blocked' }, { 'x-company-id': ws.id });
    expect(block.statusCode).toBe(200);
    expect(await Promise.all(ends)).toEqual(['io server disconnect', 'io server disconnect']);
    const marker = new Promise((resolve) => overseer.once('workspace.marker', resolve));
    h.platform.realtime.emit(ws.id, null, 'workspace.marker', { n: 2 });
    expect(await marker).toEqual({ n: 2 });
  });

  it('identify checks the token again: a session revoked elsewhere joins no room and is closed', async () => {
    const ws = await makeWorkspace(h);
    const socket = io(`${base}/${ws.workspace}`, {
      transports: ['websocket'],
      auth: { token: ws.employee.token },
      reconnection: false,
      forceNew: true,
    });
    opened.push(socket);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    // Revoked without this process hearing of it (another process, no Redis): only the version in the row changed.
    await inSystem(h.platform.database, (tx) =>
      tx
        .update(users)
        .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(eq(users.id, ws.employee.id)),
    );
    const end = closed(socket);
    const joined = await socket.timeout(30_000).emitWithAck('identify', { client_id: ws.id, user_id: ws.employee.id });
    expect(joined).toBe(false);
    expect(await end).toBe('io server disconnect');
  });
});
