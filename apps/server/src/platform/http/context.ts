import type { Feature, FeatureFlag, Right, Rights, Role } from '@hallway/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../db/client.js';
import { AppError } from '../errors/app-error.js';
import type { ModuleServices } from './module.js';

/** The signed-in person, as access checks need them. */
export interface SessionUser {
  id: string;
  clientId: string | null;
  login: string;
  roles: Role[];
  rights: Rights;
  firstName: string;
  lastName: string;
  lang: string | null;
  deletionMark: boolean;
  tokenVersion: number;
}

/** The workspace a request acts in. */
export interface SessionClient {
  id: string;
  workspace: string;
  status: 'active' | 'blocked';
  features: FeatureFlag[];
}

/** What every guarded handler receives as `req.ctx`. */
export interface RequestContext {
  /** The request's transaction, with row-level security set to `clientId`. */
  db: Tx;
  /** The rows of the route's `oneRead` statement (guard.ts); empty for other routes. */
  oneRead: Record<string, unknown>[];
  clientId: string | null;
  client: SessionClient | null;
  user: SessionUser | null;
  isSuperadmin: boolean;
  /** Administrator of this workspace, or the superadmin (spec: "admin or superadmin"). */
  isAdmin: boolean;
  can(right: Right): boolean;
  hasFeature(feature: Feature): boolean;
  /** The workspace id; throws when the request acts in none (a superadmin who has not chosen one). */
  tenant(): string;
  /** The signed-in person; throws 401 otherwise. */
  me(): SessionUser;
  /** Runs after the transaction commits (realtime emits, jobs): never for a rolled-back request. */
  afterCommit(task: () => unknown): void;
  /** What other modules provide through the contract (module.ts ModuleServices); a missing one is not installed. */
  services: Partial<ModuleServices>;
  log: FastifyBaseLogger;
}

/** What access checks read of a request: its workspace, and what its person may do there. */
export type AccessSubject = Pick<RequestContext, 'client' | 'isSuperadmin' | 'isAdmin' | 'can' | 'hasFeature'>;

/** The access part of a context, for a person and workspace (the guard's, and a secret's on someone's behalf). */
export function accessOf(user: SessionUser | null, client: SessionClient | null): AccessSubject {
  const isSuperadmin = !!user?.roles.includes('superadmin');
  const isAdmin = isSuperadmin || !!user?.roles.includes('admin');
  return {
    client,
    isSuperadmin,
    isAdmin,
    can: (right) => isAdmin || user?.rights[right] === true,
    // A feature the workspace does not list is off: a module added later starts switched off until enabled.
    hasFeature: (feature) => client?.features.find((f) => f.code === feature)?.active ?? false,
  };
}

export function createContext(args: {
  db: Tx;
  user: SessionUser | null;
  client: SessionClient | null;
  log: FastifyBaseLogger;
  afterCommit: (task: () => unknown) => void;
  services?: Partial<ModuleServices>;
  oneRead?: Record<string, unknown>[];
}): RequestContext {
  const { user, client } = args;
  return {
    db: args.db,
    oneRead: args.oneRead ?? [],
    clientId: client?.id ?? null,
    user,
    ...accessOf(user, client),
    tenant: () => {
      if (!client) throw new AppError(400, 'workspace_required');
      return client.id;
    },
    me: () => {
      if (!user) throw new AppError(401, 'unauthorized');
      return user;
    },
    afterCommit: args.afterCommit,
    services: args.services ?? {},
    log: args.log,
  };
}
