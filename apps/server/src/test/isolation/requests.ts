import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { users } from '../../modules/users/tables.js';
import type { RegisteredRoute } from '../../platform/access/guard.js';
import { inSystem } from '../../platform/db/tenant.js';
import { type Harness, type TestUser, tokenFor } from '../harness.js';
import { bodyFixtures, kindOf, RawBody, valueParams, type World } from './registry.js';

/** One id a request carries: in its path, its query (a filter) or its body, with the kind of object it names. */
export interface Slot {
  where: 'path' | 'query' | 'body';
  at: string;
  kind: string;
}

export interface Request {
  route: RegisteredRoute;
  key: string;
  url: string;
  body: unknown;
  /** Kinds of the other workspace's objects the request names in its path or body: any success is a failure. */
  kinds: string[];
  /** Kinds of the other workspace's objects in its query (filters): the answer may succeed, empty of their data. */
  filters: string[];
  /** Every id the request carries, in a fixed order (path, query, body): the mixed-id calls swap one at a time. */
  slots: Slot[];
  /** The one slot holding the other workspace's object, in a mixed-id request. */
  mixed?: Slot;
}

/** One slot filled with another workspace's object (the mixed-id calls): the rest keep the world's own. */
export interface Swap {
  slot: number;
  objects: Record<string, string>;
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

export function read(value: unknown, at: string): unknown {
  let node = value;
  for (const part of at.split('.')) {
    const array = part.endsWith('[]');
    const key = array ? part.slice(0, -2) : part;
    node = (node as Record<string, unknown> | undefined)?.[key];
    if (array) node = Array.isArray(node) ? node[0] : undefined;
  }
  return node;
}

export function write(target: Record<string, unknown>, at: string, id: string): void {
  const parts = at.split('.');
  let node = target;
  for (const [i, part] of parts.entries()) {
    const array = part.endsWith('[]');
    const key = array ? part.slice(0, -2) : part;
    if (i === parts.length - 1) {
      node[key] = array ? [id] : id;
      return;
    }
    if (array) {
      // `participants[].user_id`: the first item keeps its other fields.
      const first = Array.isArray(node[key]) ? (node[key] as object[])[0] : undefined;
      const item = typeof first === 'object' && first !== null ? { ...first } : {};
      node[key] = [item];
      node = item as Record<string, unknown>;
      continue;
    }
    node[key] = typeof node[key] === 'object' && node[key] !== null ? { ...(node[key] as object) } : {};
    node = node[key] as Record<string, unknown>;
  }
}

/** Object ids of a world by value (the kind first registered for it), so ids a body fixture wrote are recognised. */
export function kindsByValue(world: World): Map<string, string> {
  const byValue = new Map<string, string>();
  for (const [kind, value] of Object.entries(world.objects)) {
    if (!(kind in valueParams) && !byValue.has(value)) byValue.set(value, kind);
  }
  if (!byValue.has(world.a.admin.id)) byValue.set(world.a.admin.id, 'user');
  return byValue;
}

/**
 * The request a route gets: every id it takes, filled with the world's objects (or, with `swap`, one of them with
 * another workspace's object of the same kind); what is missing goes to `problems`.
 */
export function requestFor(route: RegisteredRoute, world: World, problems: string[], swap?: Swap): Request | null {
  const key = `${route.method} ${route.url}`;
  const slots: Slot[] = [];
  const missing: string[] = [];
  const byValue = kindsByValue(world);
  /** The value of the next slot: the world's object, or the swapped-in one. */
  const fill = (slot: Slot, own: string) => {
    slots.push(slot);
    if (swap?.slot !== slots.length - 1) return own;
    const other = swap.objects[slot.kind];
    if (other === undefined) missing.push(`${slot.where} ${slot.at} → ${slot.kind} (other workspace)`);
    return other ?? own;
  };

  const pathPart = route.url.replace(/:([A-Za-z_]+)/g, (_m, param: string) => {
    const kind = kindOf(param, route.url, route.params);
    const value = world.objects[kind];
    if (value === undefined) {
      missing.push(`path ${param} → ${kind}`);
      return '';
    }
    if (kind in valueParams) return encodeURIComponent(value);
    return encodeURIComponent(fill({ where: 'path', at: param, kind }, value));
  });

  const query: Record<string, string> = {};
  for (const at of new Set([...idPaths(route.schema.querystring), ...Object.keys(route.query)])) {
    const kind = route.query[at];
    if (!kind) missing.push(`query ${at} is an id: declare its kind (config.query)`);
    else if (world.objects[kind] === undefined) missing.push(`query ${at} → ${kind}`);
    else if (kind in valueParams) query[at] = world.objects[kind];
    else query[at] = fill({ where: 'query', at, kind }, world.objects[kind]);
  }

  const fixture = bodyFixtures.get(key);
  const hasBody = ['POST', 'PUT', 'PATCH'].includes(route.method) || fixture !== undefined;
  const given = fixture ? fixture(world) : hasBody ? {} : undefined;
  let body: unknown = given;
  if (!(given instanceof RawBody)) {
    const fields = given as Record<string, unknown> | undefined;
    for (const at of new Set([...idPaths(route.schema.body), ...Object.keys(route.body)])) {
      const kind = route.body[at];
      const value = read(fields, at);
      if (kind) {
        if (world.objects[kind] === undefined) missing.push(`body ${at} → ${kind}`);
        else write(fields!, at, fill({ where: 'body', at, kind }, world.objects[kind]));
      } else if (typeof value === 'string' && byValue.has(value)) {
        const slot: Slot = { where: 'body', at, kind: byValue.get(value)! };
        const filled = fill(slot, value);
        if (filled !== value) write(fields!, at, filled);
      } else {
        missing.push(`body ${at} is an id: declare its kind (config.body) or fill it with A's object in isolation.ts`);
      }
    }
    body = fields;
  }
  if (missing.length) {
    problems.push(`${key}: ${missing.join('; ')}`);
    return null;
  }
  const named = swap ? [slots[swap.slot]] : slots;
  const search = new URLSearchParams(query).toString();
  return {
    route,
    key,
    url: search ? `${pathPart}?${search}` : pathPart,
    body,
    kinds: [...new Set(named.filter((s) => s.where !== 'query').map((s) => s.kind))],
    filters: named.filter((s) => s.where === 'query').map((s) => s.kind),
    slots,
    mixed: swap ? slots[swap.slot] : undefined,
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** Sends a request as a browser would: compressed answers accepted, the body as JSON (or raw multipart). */
export function send(h: Harness, who: TestUser, request: Request, headers: Record<string, string> = {}) {
  const body = request.body;
  return h.app.inject({
    method: request.route.method as Method,
    url: request.url,
    headers: {
      authorization: `Bearer ${who.token}`,
      'accept-encoding': 'br, gzip, deflate',
      ...(body instanceof RawBody ? body.headers : {}),
      ...headers,
    },
    ...(body instanceof RawBody ? { payload: body.payload } : body !== undefined ? { payload: body as object } : {}),
  });
}

/** A token that is valid now, even if an earlier call (logout, password change) revoked the previous one. */
export async function fresh(h: Harness, user: TestUser): Promise<TestUser> {
  const [row] = await inSystem(h.platform.database, (tx) => tx.select().from(users).where(eq(users.id, user.id)));
  return { ...user, token: tokenFor(h, row) };
}
