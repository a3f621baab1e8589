import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { users } from '../../modules/users/tables.js';
import type { RegisteredRoute } from '../../platform/access/guard.js';
import { rowsOf } from '../../platform/db/client.js';
import { inSystem } from '../../platform/db/tenant.js';
import {
  call,
  type Harness,
  makeUser,
  makeWorkspace,
  superadmin,
  type TestUser,
  type TestWorkspace,
  tokenFor,
} from '../harness.js';
import { bodyFixtures, kindOf, objectFixtures, RawBody, valueParams, type World } from './registry.js';

/**
 * The isolation suite (ARCHITECTURE "Tenancy", issue 10), built so that it cannot pass vacuously:
 * - fixtures are every module's `isolation.ts`, found in the modules folder (no list to forget a file in);
 * - after they ran, every tenant table must hold a row of workspace A, or there is nothing to leak and the check
 *   proves nothing;
 * - every id a route takes (path, query, body: found in its zod schemas) must have a declared kind, and is filled
 *   with A's object of that kind;
 * - every route must answer 2xx to A's own people with that request, which proves the request was a real one;
 * - then B's employee and administrator send the same request: success on a foreign object, or a byte of A's data
 *   in any answer, fails.
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
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

function send(h: Harness, who: TestUser, request: Request, headers: Record<string, string> = {}) {
  const method = request.route.method as Method;
  if (request.body instanceof RawBody) {
    return h.app.inject({
      method,
      url: request.url,
      headers: { authorization: `Bearer ${who.token}`, ...request.body.headers, ...headers },
      payload: request.body.payload,
    });
  }
  return call(h, who, method, request.url, request.body, headers);
}

interface Request {
  route: RegisteredRoute;
  key: string;
  url: string;
  body: unknown;
  /** Kinds of A's objects the request names in its path or body: any success is a failure. */
  kinds: string[];
  /** Kinds of A's objects in its query (filters): the answer may succeed, empty of A's data. */
  filters: string[];
}

/** Paths of the uuid fields of a zod schema: `user_id`, `parent.id`, `mentions[]`. */
export function idPaths(schema: unknown): string[] {
  if (!(schema instanceof z.ZodType)) return [];
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const found: string[] = [];
  const walk = (node: JsonSchema | undefined, at: string) => {
    if (!node) return;
    if (node.format === 'uuid') found.push(at);
    for (const [key, child] of Object.entries(node.properties ?? {})) walk(child, at ? `${at}.${key}` : key);
    if (node.items && !Array.isArray(node.items)) walk(node.items, `${at}[]`);
    for (const option of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])]) walk(option, at);
  };
  walk(json, '');
  return [...new Set(found)];
}
interface JsonSchema {
  format?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema | JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

function read(value: unknown, at: string): unknown {
  let node = value;
  for (const part of at.split('.')) {
    const array = part.endsWith('[]');
    const key = array ? part.slice(0, -2) : part;
    node = (node as Record<string, unknown> | undefined)?.[key];
    if (array) node = Array.isArray(node) ? node[0] : undefined;
  }
  return node;
}

function write(target: Record<string, unknown>, at: string, id: string): void {
  const parts = at.split('.');
  let node = target;
  for (const [i, part] of parts.entries()) {
    const array = part.endsWith('[]');
    const key = array ? part.slice(0, -2) : part;
    if (i === parts.length - 1) {
      node[key] = array ? [id] : id;
      return;
    }
    node[key] = typeof node[key] === 'object' && node[key] !== null ? { ...(node[key] as object) } : {};
    node = node[key] as Record<string, unknown>;
  }
}

/** The request a route gets: every id it takes, filled with A's objects; what is missing goes to `problems`. */
function requestFor(route: RegisteredRoute, world: World, problems: string[]): Request | null {
  const key = `${route.method} ${route.url}`;
  const kinds: string[] = [];
  const byValue = new Map<string, string>();
  for (const [kind, value] of Object.entries(world.objects)) if (!byValue.has(value)) byValue.set(value, kind);
  if (!byValue.has(world.a.admin.id)) byValue.set(world.a.admin.id, 'user');
  // Ids in a query filter a list: an empty page is a fine answer there, as long as nothing of A's comes back.
  const filters: string[] = [];
  const missing: string[] = [];
  const pathPart = route.url.replace(/:([A-Za-z_]+)/g, (_m, param: string) => {
    const kind = kindOf(param, route.url, route.params);
    const value = world.objects[kind];
    if (value === undefined) missing.push(`path ${param} → ${kind}`);
    else if (!(kind in valueParams)) kinds.push(kind);
    return encodeURIComponent(value ?? '');
  });

  const query: Record<string, string> = {};
  for (const at of new Set([...idPaths(route.schema.querystring), ...Object.keys(route.query)])) {
    const kind = route.query[at];
    if (!kind) missing.push(`query ${at} is an id: declare its kind (config.query)`);
    else if (world.objects[kind] === undefined) missing.push(`query ${at} → ${kind}`);
    else {
      query[at] = world.objects[kind];
      filters.push(kind);
    }
  }

  const fixture = bodyFixtures.get(key);
  const hasBody = ['POST', 'PUT', 'PATCH'].includes(route.method) || fixture !== undefined;
  const given = fixture ? fixture(world) : hasBody ? {} : undefined;
  if (given instanceof RawBody) {
    return { route, key, url: pathPart, body: given, kinds: [...new Set(kinds)], filters };
  }
  const body = given as Record<string, unknown> | undefined;
  for (const at of new Set([...idPaths(route.schema.body), ...Object.keys(route.body)])) {
    const kind = route.body[at];
    const value = read(body, at);
    if (kind) {
      if (world.objects[kind] === undefined) missing.push(`body ${at} → ${kind}`);
      else {
        write(body!, at, world.objects[kind]);
        kinds.push(kind);
      }
    } else if (typeof value === 'string' && byValue.has(value)) {
      kinds.push(byValue.get(value)!);
    } else {
      missing.push(`body ${at} is an id: declare its kind (config.body) or fill it with A's object in isolation.ts`);
    }
  }
  if (missing.length) {
    problems.push(`${key}: ${missing.join('; ')}`);
    return null;
  }
  const search = new URLSearchParams(query).toString();
  return { route, key, url: search ? `${pathPart}?${search}` : pathPart, body, kinds: [...new Set(kinds)], filters };
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

/** Non-public routes in the order their own-workspace calls can run: reads, then writes, then deletions. */
const ORDER: Record<string, number> = { GET: 0, POST: 1, PUT: 1, PATCH: 1, DELETE: 2 };

export async function runIsolationSuite(
  h: Harness,
  options: { only?: (route: RegisteredRoute) => boolean } = {},
): Promise<SuiteResult> {
  const failures: string[] = [];
  const a = await makeWorkspace(h);
  const b = await makeWorkspace(h);
  const secret = await makeUser(h, a.id, {
    firstName: 'Zebulon',
    lastName: 'Foreignmarker',
    position: 'Secret Keeper',
    about: 'foreign-about-marker',
  });
  const objects: Record<string, string> = {};
  for (const [kind, create] of objectFixtures) objects[kind] = await create(h, a);
  Object.assign(objects, valueParams);
  const world: World = { a, objects };
  const markers = [
    a.id,
    a.admin.id,
    a.employee.id,
    secret.id,
    a.employee.email,
    'Foreignmarker',
    'foreign-about-marker',
  ];
  for (const [kind, value] of Object.entries(objects)) {
    if (!(kind in valueParams) && kind !== 'workspace') markers.push(value);
  }

  for (const table of await emptyTenantTables(h, a.id)) {
    failures.push(`table ${table} has no row of workspace A after the fixtures: add one to its module's isolation.ts`);
  }

  const routes = h.app.routesRegistry
    .filter((r) => !r.access.public)
    .filter((r) => options.only?.(r) ?? true)
    .sort((x, y) => (ORDER[x.method] ?? 1) - (ORDER[y.method] ?? 1));
  const requests: Request[] = [];
  for (const route of routes) {
    const request = requestFor(route, world, failures);
    if (request) requests.push(request);
  }

  const calledWithForeign: Record<string, number> = {};
  let naming = 0;
  for (const request of requests) {
    const namesForeignObject = request.kinds.length > 0;
    if (namesForeignObject || request.filters.length) naming++;
    for (const kind of new Set([...request.kinds, ...request.filters])) {
      calledWithForeign[kind] = (calledWithForeign[kind] ?? 0) + 1;
    }
    for (const [who, caller] of [
      ['employee', b.employee],
      ['admin', b.admin],
    ] as const) {
      const res = await send(h, await fresh(h, caller), request);
      if (namesForeignObject && res.statusCode < 400) {
        failures.push(`${request.key} as ${who}: ${res.statusCode} on a foreign object`);
      }
      const leaked = markers.filter((m) => res.body.includes(m));
      if (leaked.length) failures.push(`${request.key} as ${who}: answer holds foreign data (${leaked.join(', ')})`);
    }
  }

  // The same requests as A's own people: a refusal here means the requests above proved nothing.
  const root = await superadmin(h);
  for (const request of requests) {
    const answers: string[] = [];
    for (const [caller, headers] of ownCallers(a, root)) {
      const res = await send(h, await fresh(h, caller), request, headers);
      if (res.statusCode < 300) {
        answers.length = 0;
        break;
      }
      answers.push(`${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    if (answers.length) {
      failures.push(
        `${request.key}: A's own people cannot call it with the suite's request (${answers.join(', ')}): ` +
          'declare the kinds of its ids or give its body in the module isolation.ts',
      );
    }
  }
  return { failures, calledWithForeign, routes: { naming, listing: requests.length - naming } };
}

function ownCallers(a: TestWorkspace, root: TestUser): [TestUser, Record<string, string>][] {
  return [
    [a.admin, {}],
    [a.employee, {}],
    [root, { 'x-company-id': a.id }],
  ];
}

/** A token that is valid now, even if an earlier call (logout, password change) revoked the previous one. */
async function fresh(h: Harness, user: TestUser): Promise<TestUser> {
  const [row] = await inSystem(h.platform.database, (tx) => tx.select().from(users).where(eq(users.id, user.id)));
  return { ...user, token: tokenFor(h, row) };
}
