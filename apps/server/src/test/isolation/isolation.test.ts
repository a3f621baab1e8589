import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../modules/users/tables.js';
import { inSystem } from '../../platform/db/tenant.js';
import {
  call,
  createHarness,
  type Harness,
  makeUser,
  makeWorkspace,
  type TestUser,
  type TestWorkspace,
  tokenFor,
} from '../harness.js';
import { bodyFixtures, kindOf, objectFixtures, valueParams, type World } from './registry.js';
import './fixtures.js';
import '../../modules/files/isolation.js';
import '../../modules/posts/isolation.js';
import '../../modules/users/isolation.js';
import '../../modules/notifications/isolation.js';

/**
 * Every registered route, called by the other workspace's employee and administrator with the first workspace's
 * ids: any success on a foreign object, or any byte of foreign data in any answer, fails the build.
 */

/** Public routes, reviewed one by one: they answer without a session, by design. */
const PUBLIC_ROUTES = [
  'GET /api/env',
  'POST /api/loginPage',
  'POST /api/login',
  'POST /api/forgot_password',
  'POST /api/reset_password/:token',
  'GET /api/outlook/url',
  'POST /api/outlook/login',
  'GET /api/clients/by_ws/:workspace',
  'DELETE /api/files/session',
  'GET /*',
];

let h: Harness;
let a: TestWorkspace;
let b: TestWorkspace;
let world: World;
let markers: string[];

beforeAll(async () => {
  h = await createHarness();
  a = await makeWorkspace(h);
  b = await makeWorkspace(h);
  const secret = await makeUser(h, a.id, {
    firstName: 'Zebulon',
    lastName: 'Foreignmarker',
    position: 'Secret Keeper',
    about: 'foreign-about-marker',
  });
  const objects: Record<string, string> = {};
  for (const [kind, create] of objectFixtures) objects[kind] = await create(h, a);
  Object.assign(objects, valueParams);
  world = { a, objects };
  markers = [a.id, a.admin.id, a.employee.id, secret.id, a.employee.email, 'Foreignmarker', 'foreign-about-marker'];
  for (const [kind, value] of Object.entries(objects))
    if (!(kind in valueParams) && kind !== 'workspace') markers.push(value);
}, 120_000);
afterAll(() => h.close());

/** A token that is valid now, even if an earlier call (logout, password change) revoked the previous one. */
async function fresh(user: TestUser): Promise<TestUser> {
  const [row] = await inSystem(h.platform.database, (tx) => tx.select().from(users).where(eq(users.id, user.id)));
  return { ...user, token: tokenFor(h, row) };
}

function fill(url: string, declared: Record<string, string>): { path: string; missing: string[] } {
  const missing: string[] = [];
  const path = url.replace(/:([A-Za-z_]+)/g, (_m, param: string) => {
    const kind = kindOf(param, url, declared);
    const value = world.objects[kind];
    if (value === undefined) missing.push(`${param} → ${kind}`);
    return encodeURIComponent(value ?? '');
  });
  return { path, missing };
}

describe('tenant isolation of every route', () => {
  it('has no public route beyond the reviewed list', () => {
    const unreviewed = h.app.routesRegistry
      .filter((r) => r.access.public)
      .map((r) => `${r.method} ${r.url}`)
      .filter((r) => !PUBLIC_ROUTES.includes(r));
    expect(unreviewed).toEqual([]);
  });

  it('leaks nothing to the other workspace', { timeout: 300_000 }, async () => {
    const failures: string[] = [];
    const routes = h.app.routesRegistry.filter((r) => !r.access.public);
    expect(routes.length).toBeGreaterThan(15);
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const { path, missing } = fill(route.url, route.params);
      if (missing.length) {
        failures.push(
          `${key}: no isolation fixture for ${missing.join(', ')} (register one in the module's isolation.ts)`,
        );
        continue;
      }
      const bodyFixture = bodyFixtures.get(key);
      const body = bodyFixture ? bodyFixture(world) : ['POST', 'PUT', 'PATCH'].includes(route.method) ? {} : undefined;
      const namesForeignObject = route.url.includes(':') || bodyFixture !== undefined;
      for (const caller of [b.employee, b.admin]) {
        const res = await call(h, await fresh(caller), route.method as 'GET', path, body);
        const who = caller === b.admin ? 'admin' : 'employee';
        if (namesForeignObject && res.statusCode < 400)
          failures.push(`${key} as ${who}: ${res.statusCode} on a foreign object`);
        const leaked = markers.filter((m) => res.body.includes(m));
        if (leaked.length) failures.push(`${key} as ${who}: answer holds foreign data (${leaked.join(', ')})`);
      }
    }
    expect(failures).toEqual([]);
  });
});
