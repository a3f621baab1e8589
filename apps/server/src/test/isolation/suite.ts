import { randomInt } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { modules as allModules } from '../../modules/index.js';
import { users } from '../../modules/users/tables.js';
import type { RegisteredRoute } from '../../platform/access/guard.js';
import { rowsOf } from '../../platform/db/client.js';
import { inSystem } from '../../platform/db/tenant.js';
import type { Module } from '../../platform/http/module.js';
import type { BoundSocketHandler } from '../../platform/realtime/handlers.js';
import { type Harness, makeUser, makeWorkspace, superadmin, type TestUser } from '../harness.js';
import { markersIn, type OpenedAnswer, openAnswer } from './answers.js';
import { comparable, firstDifference } from './normalise.js';
import { type FixtureWorkspace, objectFixtures, readRoutes, valueParams, type World } from './registry.js';
import { fresh, type Request, requestFor, type Slot, send } from './requests.js';
import {
  connectAs,
  type Listener,
  listening,
  type SocketRequest,
  sendEvent,
  socketHandlers,
  socketRequestFor,
  sync,
} from './sockets.js';

/**
 * The isolation suite (ARCHITECTURE "Tenancy", issue 10; docs/modules.md §5), built so that it cannot pass
 * vacuously. Two workspaces, B first and then A, each get one object of every kind (every module's `isolation.ts`,
 * found in the modules folder); A's texts carry A's mark and its people have marked names. Then:
 * - every tenant table must hold a row of A, or there is nothing to leak and the check proves nothing;
 * - lists (every GET route and every route registered as a read), filled with B's own objects, are called as B's
 *   employee and administrator before A's data exists and again after: any difference fails (an aggregate or a
 *   search over every workspace's rows shows up there even with none of A's ids in it);
 * - every route is called as B with A's objects in every id it takes (path, query, body: found in its zod schemas,
 *   each with a declared kind); a route taking several ids is called once per id with A's object in that one and
 *   B's in the others (a route checking only one of its ids is caught): success on a foreign object fails;
 * - every answer is opened (content-encoding, gzip, zip and xlsx parts, ics, PDF streams: answers.ts) and must hold
 *   none of A's ids, mark or people's names;
 * - every socket event of the modules is sent through real sockets of B's people with A's ids (and mixed ids), as
 *   routes are; B's sockets stay open while A writes (its fixtures, its own calls), must receive nothing then, and
 *   must never receive anything holding A's markers (the suite's own sync event tells when everything arrived);
 * - every request and socket event must succeed for A's own people (and the mixed ones for B's own people with B's
 *   objects alone), which proves the requests were real ones.
 */

const MODULES_DIR = fileURLToPath(new URL('../../modules/', import.meta.url));

/** Imports `./fixtures.ts` and every `modules/<name>/isolation.ts` (each registers its fixtures). */
export async function loadFixtures(): Promise<string[]> {
  await import('./fixtures.js');
  const found: string[] = [];
  for (const entry of readdirSync(MODULES_DIR, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const file = path.join(MODULES_DIR, entry.name, 'isolation.ts');
    if (!readdirSync(path.join(MODULES_DIR, entry.name)).includes('isolation.ts')) continue;
    await import(/* @vite-ignore */ file);
    found.push(entry.name);
  }
  return found;
}

export interface SuiteResult {
  failures: string[];
  /** How many routes were called with one of A's ids of each kind (path, query or body). */
  calledWithForeign: Record<string, number>;
  /** Routes called, by whether they name a foreign object. */
  routes: { naming: number; listing: number };
  /** Routes whose answers to B were compared before and after A's data existed. */
  lists: number;
  /** Calls with B's objects in every id but one, and A's in that one. */
  mixedCalls: number;
  /** Socket events: the handlers called, the calls made to them, and the events B's sockets received. */
  socket: { handlers: number; calls: number; received: number };
}

/** Non-public routes in the order their own-workspace calls can run: reads, then writes, then deletions. */
const ORDER: Record<string, number> = { GET: 0, POST: 1, PUT: 1, PATCH: 1, DELETE: 2 };

export async function runIsolationSuite(
  h: Harness,
  options: { only?: (route: RegisteredRoute) => boolean; modules?: readonly Module[] } = {},
): Promise<SuiteResult> {
  const failures: string[] = [];
  const handlers = socketHandlers(options.modules ?? allModules);
  const { base, stop } = await listening(h);
  const sockets: Listener[] = [];
  try {
    return await run(h, options, handlers, base, sockets, failures);
  } finally {
    for (const listener of sockets) listener.socket.disconnect();
    await stop();
  }
}

async function run(
  h: Harness,
  options: { only?: (route: RegisteredRoute) => boolean },
  handlers: BoundSocketHandler[],
  base: string,
  sockets: Listener[],
  failures: string[],
): Promise<SuiteResult> {
  const root = await superadmin(h);
  const routes = h.app.routesRegistry
    .filter((r) => !r.access.public)
    .filter((r) => options.only?.(r) ?? true)
    .sort((x, y) => (ORDER[x.method] ?? 1) - (ORDER[y.method] ?? 1));

  const known = new Set(h.app.routesRegistry.map((r) => `${r.method} ${r.url}`));
  for (const route of readRoutes.keys()) {
    if (!known.has(route)) failures.push(`${route} is registered as a read (registerRead) but is no route`);
  }

  // B's world: its workspace, its people's sockets (open from here on), one object of every kind.
  const b = await marked(h, 'B');
  const watchers = { employee: b.employee, admin: b.admin };
  const bSockets = new Map<keyof typeof watchers, Listener>();
  const connectB = async (role: keyof typeof watchers) => {
    const listener = await connectAs(base, b.workspace, await fresh(h, watchers[role]), `B's ${role}`);
    sockets.push(listener);
    bSockets.set(role, listener);
    return listener;
  };
  await connectB('employee');
  await connectB('admin');
  const worldB: World = { a: b, objects: await objectsOf(h, b) };

  // B's own socket events: they must work for B's people (which proves the payloads real) and join B's rooms.
  // A payload the fixtures cannot fill is reported once, with A's objects, below.
  const ownEventsOfB = handlers
    .map((handler) => socketRequestFor(handler, worldB, []))
    .filter((r): r is SocketRequest => r !== null);
  /** Every event sent by each of `listeners` (B's rooms joined): the refusals of events none of them could send. */
  const joinRooms = async (listeners: Listener[]) => {
    const refused: string[] = [];
    for (const request of ownEventsOfB) {
      const refusals: string[] = [];
      for (const listener of listeners) {
        const ack = await sendEvent(listener, request);
        if (ack.result === undefined) refusals.push(`${listener.who}: ${JSON.stringify(ack)}`);
      }
      if (refusals.length === listeners.length) refused.push(`socket ${request.event}: ${refusals.join(', ')}`);
    }
    return refused;
  };
  for (const refusal of await joinRooms([...bSockets.values()])) {
    failures.push(`${refusal} (B's own people cannot send it with B's objects)`);
  }
  /** B's sockets, reopened if one of B's own calls (a logout) ended their session, and synced. */
  const watching = async () => {
    for (let attempt = 0; ; attempt++) {
      const reopened: Listener[] = [];
      for (const role of ['employee', 'admin'] as const) {
        if (!bSockets.get(role)!.closed) continue;
        reopened.push(await connectB(role));
      }
      if (reopened.length) await joinRooms(reopened);
      const listeners = [...bSockets.values()];
      const closed = await sync(h, b.id, listeners);
      if (closed.length === 0) return new Map(listeners.map((l) => [l, l.received.length]));
      if (attempt === 3) throw new Error(`B's sockets keep closing: ${closed.map((l) => l.who).join(', ')}`);
    }
  };

  // Lists as B before A's data exists.
  const callersB: [string, TestUser][] = [
    ['employee', b.employee],
    ['admin', b.admin],
  ];
  // A request the fixtures cannot fill is reported once, with A's objects, below.
  const lists = routes
    .filter((r) => r.method === 'GET' || readRoutes.has(`${r.method} ${r.url}`))
    .map((route) => requestFor(route, worldB, []))
    .filter((r): r is Request => r !== null);
  const before = new Map<string, OpenedAnswer>();
  for (const request of lists) {
    const refusals: string[] = [];
    for (const [who, caller] of callersB) {
      const answer = openAnswer(await send(h, await fresh(h, caller), request));
      before.set(`${request.key} ${who}`, answer);
      if (answer.status >= 300) refusals.push(`${who}: ${answer.status} ${answer.parts.join(' ').slice(0, 120)}`);
    }
    // Comparing two refusals proves nothing: one of B's people must read it (the superadmin's lists excepted).
    const access = request.route.access;
    if (refusals.length === callersB.length && !('role' in access && access.role === 'superadmin')) {
      failures.push(`${request.key}: B's own people cannot read it with B's objects (${refusals.join(', ')})`);
    }
  }

  // A's world, written while B's sockets listen: nothing may reach them.
  let quietFrom = await watching();
  const a = await marked(h, 'A');
  const secret = await makeUser(h, a.id, {
    firstName: 'Zebulon',
    lastName: 'Foreignmarker',
    position: 'Secret Keeper',
    about: 'foreign-about-marker',
  });
  const worldA: World = { a, objects: await objectsOf(h, a) };
  failures.push(...(await heard(h, b.id, quietFrom, "A's fixtures")));

  for (const table of await emptyTenantTables(h, a.id)) {
    failures.push(`table ${table} has no row of workspace A after the fixtures: add one to its module's isolation.ts`);
  }
  const markers = [
    a.mark,
    a.id,
    a.admin.id,
    a.employee.id,
    secret.id,
    a.employee.email,
    a.admin.email,
    'Foreignmarker',
    'foreign-about-marker',
  ];
  for (const [kind, value] of Object.entries(worldA.objects)) {
    if (!(kind in valueParams) && kind !== 'workspace') markers.push(value);
  }
  const leaks = (where: string, answer: OpenedAnswer) => {
    const found = markersIn(answer, markers);
    if (found.length) failures.push(`${where}: answer holds foreign data (${found.join(', ')})`);
    for (const problem of answer.problems) failures.push(`${where}: answer could not be opened (${problem})`);
  };

  // Lists as B again: the same answers, A's data notwithstanding.
  for (const request of lists) {
    for (const [who, caller] of callersB) {
      const after = openAnswer(await send(h, await fresh(h, caller), request));
      // A route without ids gets this very request again below, with the same checks.
      if (request.slots.length) leaks(`${request.key} as ${who} with B's objects`, after);
      const difference = firstDifference(comparable(before.get(`${request.key} ${who}`)!), comparable(after));
      if (difference) failures.push(`${request.key} as ${who}: answer changed once A's data existed (${difference})`);
    }
  }

  // Every route as B with A's objects.
  const requests: Request[] = [];
  for (const route of routes) {
    const request = requestFor(route, worldA, failures);
    if (request) requests.push(request);
  }
  const calledWithForeign: Record<string, number> = {};
  let naming = 0;
  const asB = async (request: Request) => {
    const namesForeignObject = request.kinds.length > 0;
    for (const [who, caller] of callersB) {
      const res = await send(h, await fresh(h, caller), request);
      if (namesForeignObject && res.statusCode < 400) {
        failures.push(`${request.key} as ${who}: ${res.statusCode} on a foreign object${mixedLabel(request)}`);
      }
      leaks(`${request.key} as ${who}${mixedLabel(request)}`, openAnswer(res));
    }
  };
  for (const request of requests) {
    if (request.kinds.length || request.filters.length) naming++;
    for (const kind of new Set([...request.kinds, ...request.filters])) {
      calledWithForeign[kind] = (calledWithForeign[kind] ?? 0) + 1;
    }
    await asB(request);
  }

  // Mixed ids: B's own objects in every id but one, A's in that one.
  let mixedCalls = 0;
  const mixedRoutes = requests.filter((r) => r.slots.length > 1);
  for (const request of mixedRoutes) {
    for (const slot of request.slots.keys()) {
      const mixed = requestFor(request.route, worldB, failures, { slot, objects: worldA.objects });
      if (!mixed) continue;
      await asB(mixed);
      mixedCalls += callersB.length;
    }
  }

  // Socket events as B with A's objects (and mixed), then as A's own people.
  let socketCalls = 0;
  const aSockets = [
    await connectAs(base, a.workspace, await fresh(h, a.employee), "A's employee"),
    await connectAs(base, a.workspace, await fresh(h, a.admin), "A's admin"),
  ];
  sockets.push(...aSockets);
  const bListeners = [...(await watching()).keys()];
  for (const handler of handlers) {
    const request = socketRequestFor(handler, worldA, failures);
    if (!request) continue;
    const variants = [request];
    if (request.slots.length > 1) {
      for (const slot of request.slots.keys()) {
        const mixed = socketRequestFor(handler, worldB, failures, { slot, objects: worldA.objects });
        if (mixed) variants.push(mixed);
      }
    }
    for (const variant of variants) {
      const label = mixedLabel(variant);
      for (const listener of bListeners) {
        const ack = await sendEvent(listener, variant);
        socketCalls++;
        if (variant.kinds.length && ack.result !== undefined) {
          failures.push(`socket ${handler.event} as ${listener.who}${label}: succeeded on a foreign object`);
        }
        const found = markersIn({ status: 0, type: '', parts: [JSON.stringify(ack)], problems: [] }, markers);
        if (found.length) {
          failures.push(
            `socket ${handler.event} as ${listener.who}${label}: ack holds foreign data (${found.join(', ')})`,
          );
        }
      }
    }
    const refusals: string[] = [];
    for (const listener of aSockets) {
      const ack = await sendEvent(listener, request);
      socketCalls++;
      if (ack.result !== undefined) {
        refusals.length = 0;
        break;
      }
      refusals.push(`${listener.who}: ${JSON.stringify(ack)}`);
    }
    if (refusals.length) {
      failures.push(
        `socket ${handler.event}: A's own people cannot send it with the suite's payload (${refusals.join(', ')}): ` +
          'give its payload in the module isolation.ts (registerSocket)',
      );
    }
  }

  // The same requests as A's own people (a refusal means the requests above proved nothing), with B listening.
  quietFrom = await watching();
  for (const request of requests) {
    const refusals = await ownCall(h, request, [a.admin, a.employee, root], a.id);
    if (refusals) {
      failures.push(
        `${request.key}: A's own people cannot call it with the suite's request (${refusals}): ` +
          'declare the kinds of its ids or give its body in the module isolation.ts',
      );
    }
  }
  failures.push(...(await heard(h, b.id, quietFrom, "A's own calls")));
  let received = 0;
  for (const listener of sockets.filter((s) => !aSockets.includes(s))) {
    received += listener.received.length;
    for (const event of listener.received) {
      const found = markersIn({ status: 0, type: '', parts: [event.text], problems: [] }, markers);
      if (found.length) {
        failures.push(
          `realtime ${event.event} reached ${listener.who}'s socket with foreign data (${found.join(', ')})`,
        );
      }
    }
  }

  // The mixed requests with B's objects alone, as B's own people: the refusals above were the foreign id's doing.
  for (const request of mixedRoutes) {
    const own = requestFor(request.route, worldB, failures);
    const refusals = own && (await ownCall(h, own, [b.admin, b.employee, root], b.id));
    if (refusals) failures.push(`${request.key}: B's own people cannot call it with B's objects (${refusals})`);
  }

  return {
    failures,
    calledWithForeign,
    routes: { naming, listing: requests.length - naming },
    lists: lists.length,
    mixedCalls,
    socket: { handlers: handlers.length, calls: socketCalls, received },
  };
}

/** Which of a mixed request's ids is the other workspace's. */
const mixedLabel = ({ mixed }: { mixed?: Slot }) =>
  mixed ? ` (B's ids, A's ${mixed.kind} in ${mixed.where} ${mixed.at})` : '';

/** A workspace with its mark; A's people get names holding it (B's keep the harness's). */
async function marked(h: Harness, name: 'A' | 'B'): Promise<FixtureWorkspace> {
  const ws = await makeWorkspace(h);
  // Letters only: it goes into people's names too.
  const mark = `${name}-mark-${Array.from({ length: 8 }, () => String.fromCharCode(97 + randomInt(26))).join('')}`;
  if (name === 'A') {
    for (const [person, first] of [
      [ws.admin, 'Adelheid'],
      [ws.employee, 'Evander'],
    ] as const) {
      await inSystem(h.platform.database, (tx) =>
        tx
          .update(users)
          .set({ firstName: first, lastName: `Person ${mark}` })
          .where(eq(users.id, person.id)),
      );
    }
  }
  return { ...ws, mark };
}

async function objectsOf(h: Harness, ws: FixtureWorkspace): Promise<Record<string, string>> {
  const objects: Record<string, string> = {};
  for (const [kind, create] of objectFixtures) objects[kind] = await create(h, ws);
  return Object.assign(objects, valueParams);
}

/** Own people's call: the first success ends it; otherwise their refusals (null when one succeeded). */
async function ownCall(h: Harness, request: Request, people: TestUser[], clientId: string): Promise<string | null> {
  const refusals: string[] = [];
  for (const person of people) {
    const headers: Record<string, string> = person.clientId === null ? { 'x-company-id': clientId } : {};
    const res = await send(h, await fresh(h, person), request, headers);
    if (res.statusCode < 300) return null;
    refusals.push(`${res.statusCode} ${openAnswer(res).parts.join(' ').slice(0, 120)}`);
  }
  return refusals.join(', ');
}

/**
 * What B's sockets received since `from` (taken when a sync had arrived): each event a failure, as is a socket that
 * closed in the meantime. The sync sent now tells when everything sent until now has arrived.
 */
async function heard(h: Harness, clientId: string, from: Map<Listener, number>, during: string): Promise<string[]> {
  const found: string[] = [];
  const listeners = [...from.keys()];
  for (const listener of await sync(h, clientId, listeners)) {
    found.push(`${listener.who}'s socket was closed during ${during}`);
  }
  for (const [listener, count] of from) {
    for (const event of listener.received.slice(count)) {
      found.push(
        `realtime ${event.event} reached ${listener.who}'s socket during ${during}: ${event.text.slice(0, 160)}`,
      );
    }
  }
  return found;
}

/** Tenant tables (with `client_id`) that hold no row of workspace A. */
async function emptyTenantTables(h: Harness, clientId: string): Promise<string[]> {
  return inSystem(h.platform.database, async (tx) => {
    const tables = await rowsOf<{ table: string }>(
      tx,
      // The catalog, not information_schema: that one hides tables the app role holds no grant on.
      sql`SELECT c.relname AS table FROM pg_attribute a
          JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND a.attname = 'client_id' AND NOT a.attisdropped
          ORDER BY c.relname`,
    );
    const empty: string[] = [];
    for (const { table } of tables) {
      const [row] = await rowsOf<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE client_id = ${clientId}`,
      );
      if (row.n === 0) empty.push(table);
    }
    return empty;
  });
}
