import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMPLOYEE_LOGIN, DEMO_WORKSPACE } from '../../bootstrap/demo.js';
import {
  createDatabase,
  DEFAULT_REDIS_URL,
  DEMO_PASSWORD,
  logsOnFailure,
  redisAnswers,
  request,
  type ServerProcess,
  serverEnv,
  startTogether,
  stopAll,
} from '../../test/processes.js';

/** Revoking a session in one process closes the person's sockets held by another (Redis adapter). Ports 4234/4235. */
const REDIS_URL = process.env.REDIS_URL ?? DEFAULT_REDIS_URL;
const redisUp = await redisAnswers(REDIS_URL);

let database: Awaited<ReturnType<typeof createDatabase>>;
let a: ServerProcess;
let b: ServerProcess;
const sockets: Socket[] = [];

beforeAll(async () => {
  if (!redisUp) return;
  database = await createDatabase('hallway_revoke');
  const env = (port: number) => serverEnv(database.url, port, { REDIS_URL });
  [a, b] = await startTogether([
    { name: 'A', env: env(4234) },
    { name: 'B', env: env(4235) },
  ]);
}, 180_000);

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

afterAll(() => stopAll({ servers: [a, b], database }));

logsOnFailure(() => [a, b]);

describe.skipIf(!redisUp)('session revocation across processes', () => {
  it('a logout through one process closes the socket the person holds on the other', async () => {
    const signIn = await request<{ token: string; result: { _id: string } }>(b, 'POST', '/api/loginPage', {
      body: { login: DEMO_EMPLOYEE_LOGIN, password: DEMO_PASSWORD, workspace: DEMO_WORKSPACE },
    });
    expect(signIn.status).toBe(200);
    const { token } = signIn.body;
    const socket = io(`${a.url}/${DEMO_WORKSPACE}`, {
      transports: ['websocket'],
      auth: { token },
      reconnection: false,
      forceNew: true,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    expect(await socket.timeout(30_000).emitWithAck('identify', { user_id: signIn.body.result._id })).toBe(true);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    expect((await request(b, 'POST', '/api/logout', { token, body: {} })).status).toBe(200);
    expect(await closed).toBe('io server disconnect');
  });

  it("a logout through one process ends the session on the other's unread count, which keeps who a token names", async () => {
    const signIn = await request<{ token: string; result: { _id: string } }>(b, 'POST', '/api/loginPage', {
      body: { login: DEMO_EMPLOYEE_LOGIN, password: DEMO_PASSWORD, workspace: DEMO_WORKSPACE },
    });
    const { token } = signIn.body;
    const { client_id: clientId } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    const unread = `/api/notification/unread/${clientId}/${signIn.body.result._id}`;
    // The first answer fills A's cache; the second is served with the principal from it.
    expect((await request(a, 'GET', unread, { token })).status).toBe(200);
    expect((await request(a, 'GET', unread, { token })).status).toBe(200);
    expect((await request(b, 'POST', '/api/logout', { token, body: {} })).status).toBe(200);
    // B's commit notified A, but the notification travels on its own connection: on a loaded machine it may reach A
    // after this test's next request does (the window docs/modules.md "oneRead" allows). A refuses the token once it
    // arrived.
    await expect.poll(async () => (await request(a, 'GET', unread, { token })).status, { timeout: 30_000 }).toBe(401);
  });
});
