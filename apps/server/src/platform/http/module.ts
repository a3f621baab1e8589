import type { MessageCatalogue, NotificationCatalogue, Right } from '@hallway/shared';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ModuleFeature } from '../access/guard.js';
import { registerCatalogues } from '../catalogues.js';
import type { Tx } from '../db/client.js';
import type { Subscriptions } from '../events/bus.js';
import type { Platform } from '../index.js';
import type { CleanupTask } from '../jobs/maintenance.js';
import type { SocketHandler } from '../realtime/handlers.js';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * What modules offer each other through the contract (a module's `provides`), reached as `ctx.services`.
 * The module that consumes a service declares its key by merging into this interface, e.g. posts/groups.ts:
 * `declare module '../../platform/http/module.js' { interface ModuleServices { groupWall: GroupWall } }`.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in the consuming modules
export interface ModuleServices {}

/**
 * One product module (docs/modules.md; ../shared/MODULE-DONE.md is the checklist this contract carries).
 * Every registry of the server is built from the list in modules/index.ts: routes (app.ts), maintenance (main.ts),
 * socket events (realtime), services (`ctx.services`), the demo seed (bootstrap/demo.ts); the isolation suite finds
 * `isolation.ts` in the module's folder and checks its tables; bench generators are the files of bench/generators.
 * A field a module has no use for yet stays out.
 */
export interface Module {
  /** The folder name under modules/; the OpenAPI tag of its routes. */
  name: string;
  /**
   * The workspace feature that gates every route of the module (MODULE-DONE "an access declaration"); a route
   * names another to override it. A module of the platform itself (sign-in, people, workspaces) is
   * `{ featureFree: true, reason }`.
   */
  feature: ModuleFeature;
  /** Person rights the module's routes and policy check (packages/shared RIGHTS). */
  rights?: readonly Right[];
  /**
   * The error codes the module answers, with their texts in ru/uk/en (`packages/shared/src/schemas/<name>.messages.ts`):
   * the server's catalogue (an error's English `message`) and the web's translations are built from these.
   */
  messages?: MessageCatalogue;
  /**
   * The module's tables (its `tables.ts` exports): each carries `client_id` and gets row-level security; the
   * isolation suite refuses to pass while any of them has no row of workspace A after the fixtures ran.
   */
  tables?: Record<string, unknown>;
  /**
   * Registers the routes: zod params/query/body/response, `config.access`, and the id kinds of params/query/body.
   * `services` are what the other modules provide: a route that only makes sense with one registers only with it.
   */
  routes(app: App, platform: Platform, services: Partial<ModuleServices>): void | Promise<void>;
  /** Realtime events the browser sends; each declares its access like a route (platform/realtime/handlers.ts). */
  socket?: readonly SocketHandler[];
  /** Cleanup of the module's leftovers, run by the maintenance job on the system path. */
  maintenance?: readonly CleanupTask[];
  /**
   * Believable content for the demo workspace (MODULE-DONE "The demo workspace gets believable content"), written
   * in the seed's transaction after its people exist, in module order (a module sees the content of earlier ones).
   * Pictures go to the platform's storage (modules/files storeDemoImages).
   */
  demo?: (tx: Tx, clientId: string, platform: Platform) => Promise<void>;
  /**
   * The notifications the module sends, by code (`<name>.<event>`): section, channels, variables, the settings label
   * and the shipped templates in ru/uk/en (`packages/shared/src/schemas/<name>.notifications.ts`). `notify()`, the
   * settings matrix, the template editor and the web's labels are all built from these.
   */
  notifications?: NotificationCatalogue;
  /**
   * The domain events the module follows (platform/events/bus.ts), by type: in the recording transaction, or durably
   * through the outbox. A module records its own events with `record(ctx, type, payload)`.
   */
  subscribes?: Subscriptions;
  /**
   * Services for other modules (see ModuleServices); each key has at most one provider. A service that works with
   * the process's platform (its jobs, mail, database) is built from it: `(platform) => ({ key: … })`, called once per
   * built app, so two apps in one process (tests) each get their own.
   */
  provides?: Partial<ModuleServices> | ((platform: Platform) => Partial<ModuleServices>);
}

/**
 * The services the modules provide, refusing two providers of one service. Without a platform (the check at start)
 * only the services given as objects are looked at; buildApp passes its platform and so checks them all.
 */
export function servicesOf(modules: readonly Module[], platform?: Platform): Partial<ModuleServices> {
  const services: Record<string, unknown> = {};
  for (const module of modules) {
    const provided =
      typeof module.provides === 'function' ? (platform ? module.provides(platform) : {}) : module.provides;
    for (const [key, service] of Object.entries(provided ?? {})) {
      if (key in services) throw new Error(`${module.name}: service ${key} is provided twice`);
      services[key] = service;
    }
  }
  return services as Partial<ModuleServices>;
}

/** Fails at start on a list that two modules would both claim from, so registries built from it stay unambiguous. */
export function checkModules(modules: readonly Module[]): void {
  const seen = new Set<string>();
  for (const module of modules) {
    if (seen.has(module.name)) throw new Error(`Two modules are named ${module.name}`);
    if (!module.feature) throw new Error(`${module.name}: the module names no feature (or featureFree with a reason)`);
    seen.add(module.name);
    for (const code of Object.keys(module.notifications ?? {}))
      if (!code.startsWith(`${module.name}.`))
        throw new Error(`${module.name}: notification ${code} is not named <module>.<event>`);
    const events = new Set<string>();
    for (const handler of module.socket ?? []) {
      if (events.has(handler.event)) throw new Error(`${module.name}: socket event ${handler.event} twice`);
      events.add(handler.event);
    }
  }
  servicesOf(modules);
  registerCatalogues(modules);
}

/** What a module's routes.ts exports; its module.ts adds the rest of the contract. */
export type ModuleRoutes = Pick<Module, 'name' | 'routes'>;
