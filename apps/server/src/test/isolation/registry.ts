import type { Harness, TestWorkspace } from '../harness.js';

/**
 * The isolation suite's fixture registry (ARCHITECTURE "Tenancy", suite.ts). A module's `isolation.ts` (found by
 * the suite in the module's folder) registers, for each kind of object its routes name (`post`, `group`, ...), how
 * to create one in a workspace, leaving a row in each of the module's tables; and, for calls whose body needs more
 * than the ids the route declares, a body built from a workspace's objects. The suite runs every object fixture for
 * workspace B first and then for A, so a fixture must work in any workspace and keep no state between the two but
 * what it keys by workspace.
 */
export interface FixtureWorkspace extends TestWorkspace {
  /**
   * A text unique to this workspace and run (`A-mark-…` for A): every text an object fixture writes (titles, names,
   * post and comment texts, descriptions) carries it, and any answer to B holding A's mark fails the suite.
   */
  mark: string;
}

export interface World {
  /** The workspace whose objects fill the request: A's for B's foreign calls, B's for its own and mixed calls. */
  a: FixtureWorkspace;
  /** Ids (or values) of that workspace's objects by kind. */
  objects: Record<string, string>;
}

type ObjectFixture = (h: Harness, a: FixtureWorkspace) => Promise<string>;
type BodyFixture = (world: World) => unknown;

export const objectFixtures = new Map<string, ObjectFixture>();
export const bodyFixtures = new Map<string, BodyFixture>();
export const socketFixtures = new Map<string, BodyFixture>();
export const readRoutes = new Map<string, string>();

export function registerObject(kind: string, create: ObjectFixture): void {
  objectFixtures.set(kind, create);
}

/** `route` is `METHOD /api/path/:param` exactly as registered. */
export function registerBody(route: string, body: BodyFixture): void {
  bodyFixtures.set(route, body);
}

/**
 * The payload of a socket event (`module.socket`, e.g. `group.subscribe`): its ids are found by value among the
 * workspace's objects, as in bodies. An event without one is sent `{}`.
 */
export function registerSocket(event: string, payload: BodyFixture): void {
  socketFixtures.set(event, payload);
}

/**
 * A route other than GET that only reads (a search or an export sent by POST): the suite compares B's answers to it
 * before and after A's data exists, as it does for every GET route. `why` says what it reads.
 */
export function registerRead(route: string, why: string): void {
  readRoutes.set(route, why);
}

/** A body that is not JSON (a multipart upload): sent as it is, with its own headers. */
export class RawBody {
  constructor(
    readonly payload: Buffer,
    readonly headers: Record<string, string>,
  ) {}
}

/** A multipart body with one file field, as the browser sends an upload. */
export function multipartFile(name: string, type: string, bytes: Buffer): RawBody {
  const boundary = '----hallwayIsolationSuite';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`;
  return new RawBody(Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]), {
    'content-type': `multipart/form-data; boundary=${boundary}`,
  });
}

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** Path parameters that are values rather than objects (a period `:from/:to` ends today, so it holds A's rows). */
export const valueParams: Record<string, string> = {
  from: daysAgo(13),
  to: daysAgo(0),
  role: 'hr',
  // The feature switch's `:code`: a feature no module serves yet, so switching it off spoils no other route's request.
  code: 'adaptation',
  page: '0',
  amount: '3',
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
