import type { Harness, TestWorkspace } from '../harness.js';

/**
 * The isolation suite's fixture registry (ARCHITECTURE "Tenancy"). A module registers, for each kind of object
 * its routes name in a path (`post`, `group`, ...), how to create one in a workspace; and, for calls whose body
 * names objects, a body built from the other workspace's objects.
 */
export interface World {
  /** The workspace whose data must not leak. */
  a: TestWorkspace;
  /** Ids (or values) of A's objects by kind. */
  objects: Record<string, string>;
}

type ObjectFixture = (h: Harness, a: TestWorkspace) => Promise<string>;
type BodyFixture = (world: World) => unknown;

export const objectFixtures = new Map<string, ObjectFixture>();
export const bodyFixtures = new Map<string, BodyFixture>();

export function registerObject(kind: string, create: ObjectFixture): void {
  objectFixtures.set(kind, create);
}

/** `route` is `METHOD /api/path/:param` exactly as registered. */
export function registerBody(route: string, body: BodyFixture): void {
  bodyFixtures.set(route, body);
}

/** Path parameters that are values rather than objects. */
export const valueParams: Record<string, string> = {
  role: 'hr',
  code: 'chat',
  page: '0',
  resetToken: 'not-a-real-token-0000',
};

/** The kind a path parameter names: declared by the route (`config.params`), by its name, or by the URL segment. */
export function kindOf(param: string, url: string, declared: Record<string, string>): string {
  if (declared[param]) return declared[param];
  if (['clientId', 'client_id', 'client'].includes(param)) return 'client';
  if (['userId', 'user_id', 'user'].includes(param)) return 'user';
  if (param === 'workspace') return 'workspace';
  if (param in valueParams) return param;
  const segment = url.split('/')[2] ?? '';
  return segment === 'clients' ? 'client' : segment;
}
