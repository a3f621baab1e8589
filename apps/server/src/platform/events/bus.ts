/**
 * Domain events (ARCHITECTURE "Side effects listen, they do not reach in"): a service records what happened
 * (`groups.deleted`, `notifications.requested`) and the modules that care subscribe in their `module.ts`, instead of
 * the service reaching into their tables. Two ways to follow an event:
 * - `phase: 'transaction'` (the default): the handler runs inside the recording transaction, before it commits, with
 *   the recording request's context; its writes commit or roll back with the change (a group's posts go with the
 *   group; a notification exists exactly when its cause committed). It may queue after-commit work (realtime).
 * - `phase: 'outbox'`: the event is written to the outbox table in the same transaction; after the commit a job hands
 *   it to the handler in a transaction of its own, exactly once per subscriber (a crash retries it; the run marker
 *   commits with the handler's writes). For work that may lag the change: audit, search indexing, analytics.
 * An event nobody follows durably writes no outbox row.
 */
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rowsOf } from '../db/client.js';
import { inSystem, inTenant } from '../db/tenant.js';
import { createContext, type RequestContext } from '../http/context.js';
import type { ModuleServices } from '../http/module.js';
import type { Platform } from '../index.js';
import { type CleanupTask, countDeleted, daysBefore } from '../jobs/maintenance.js';
import { domainEventRuns, domainEvents } from './tables.js';

/** The events modules record, by type: a module declares its own by merging into this interface. */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in the modules
export interface DomainEvents {}
export type DomainEventType = keyof DomainEvents;

export interface DomainEvent<T extends DomainEventType = DomainEventType> {
  /** The outbox row's id for an outbox subscriber; a fresh id otherwise. */
  id: string;
  type: T;
  payload: DomainEvents[T];
  clientId: string;
  /** Who did it (null for the system: a job, the demo). */
  actorId: string | null;
}

export interface Subscription<T extends DomainEventType> {
  phase?: 'transaction' | 'outbox';
  handle(ctx: RequestContext, event: DomainEvent<T>): unknown;
}
/** What a module follows (`Module.subscribes`): at most one subscription per event type. */
export type Subscriptions = { [T in DomainEventType]?: Subscription<T> };

interface Subscriber {
  module: string;
  subscription: Subscription<DomainEventType>;
}

export interface EventBus {
  record<T extends DomainEventType>(ctx: RequestContext, type: T, payload: DomainEvents[T]): Promise<void>;
}

declare module '../http/module.js' {
  interface ModuleServices {
    /** The event bus of the built app (app.ts): every context reaches it, so `record()` works on every path. */
    domainEvents: EventBus;
  }
}

/** Records an event in the context's transaction (see the top of this file). */
export function record<T extends DomainEventType>(
  ctx: RequestContext,
  type: T,
  payload: DomainEvents[T],
): Promise<void> {
  const bus = ctx.services.domainEvents;
  if (!bus) throw new Error(`No event bus to record ${type} on: contexts take the app's services`);
  return bus.record(ctx, type, payload);
}

export const DOMAIN_EVENTS_QUEUE = 'domain-events';
const SWEEP_QUEUE = 'domain-events.sweep';

/** The bus of a module list on a platform: its subscribers by type, and the outbox worker when anyone needs it. */
export function eventBusOf(
  modules: readonly { name: string; subscribes?: Subscriptions }[],
  platform: Platform,
): EventBus & { start(services: Partial<ModuleServices>, log: FastifyBaseLogger): Promise<void> } {
  const byType = new Map<string, Subscriber[]>();
  for (const module of modules) {
    for (const [type, subscription] of Object.entries(module.subscribes ?? {})) {
      if (!subscription) continue;
      const list = byType.get(type) ?? [];
      list.push({ module: module.name, subscription: subscription as Subscription<DomainEventType> });
      byType.set(type, list);
    }
  }
  const durable = (type: string) => (byType.get(type) ?? []).filter((s) => s.subscription.phase === 'outbox');

  return {
    async record(ctx, type, payload) {
      const clientId = ctx.tenant();
      const actorId = ctx.user?.id ?? null;
      let id: string | undefined;
      if (durable(type).length) {
        const [row] = await ctx.db
          .insert(domainEvents)
          .values({ clientId, type, payload, actorId })
          .returning({ id: domainEvents.id });
        id = row.id;
        const eventId = row.id;
        ctx.afterCommit(() => send(platform, ctx.log, clientId, eventId));
      }
      const event = { id: id ?? crypto.randomUUID(), type, payload, clientId, actorId };
      for (const { subscription } of byType.get(type) ?? []) {
        if (subscription.phase !== 'outbox') await subscription.handle(ctx, event);
      }
    },
    async start(services, log) {
      if (!platform.config.jobs || ![...byType.keys()].some((type) => durable(type).length)) return;
      await platform.jobs.work<{ clientId: string; eventId: string }>(DOMAIN_EVENTS_QUEUE, (data) =>
        deliver(platform, services, log, durable, data.clientId, data.eventId),
      );
      // An event whose job was never queued (the process stopped right after the commit) is picked up here.
      await platform.jobs.work(SWEEP_QUEUE, async () => {
        const stale = await inSystem(platform.database, (tx) =>
          tx
            .select({ id: domainEvents.id, clientId: domainEvents.clientId })
            .from(domainEvents)
            .where(and(isNull(domainEvents.doneAt), lt(domainEvents.created, sql`now() - interval '1 minute'`)))
            .orderBy(domainEvents.created)
            .limit(500),
        );
        for (const event of stale) await send(platform, log, event.clientId, event.id);
      });
      await platform.jobs.schedule(SWEEP_QUEUE, '* * * * *');
    },
  };
}

function send(platform: Platform, log: FastifyBaseLogger, clientId: string, eventId: string) {
  if (!platform.config.jobs) return;
  return platform.jobs
    .send(DOMAIN_EVENTS_QUEUE, { clientId, eventId }, { singletonKey: eventId, retryLimit: 10, retryBackoff: true })
    .catch((err) => log.warn({ err, eventId }, 'domain event not queued; the sweep will'));
}

/** Hands an outbox event to each durable subscriber that has not handled it, each in its own transaction. */
async function deliver(
  platform: Platform,
  services: Partial<ModuleServices>,
  log: FastifyBaseLogger,
  durable: (type: string) => Subscriber[],
  clientId: string,
  eventId: string,
) {
  const [row] = await inTenant(platform.database, { clientId }, (tx) =>
    tx.select().from(domainEvents).where(eq(domainEvents.id, eventId)),
  );
  if (!row || row.doneAt) return;
  const event = {
    id: row.id,
    type: row.type as DomainEventType,
    payload: row.payload as never,
    clientId,
    actorId: row.actorId,
  };
  for (const { module, subscription } of durable(row.type)) {
    const after: (() => unknown)[] = [];
    await inTenant(platform.database, { clientId }, async (tx) => {
      const claimed = await rowsOf<{ event_id: string }>(
        tx,
        sql`INSERT INTO domain_event_runs (event_id, subscriber, client_id) VALUES (${eventId}, ${module}, ${clientId})
            ON CONFLICT DO NOTHING RETURNING event_id`,
      );
      if (!claimed.length) return;
      const ctx = createContext({
        db: tx,
        user: null,
        client: { id: clientId, workspace: '', status: 'active', features: [] },
        log,
        afterCommit: (task) => after.push(task),
        services,
      });
      await subscription.handle(ctx, event);
    });
    for (const task of after) await Promise.resolve(task()).catch((err) => log.error({ err }, 'after-commit task'));
  }
  await inTenant(platform.database, { clientId }, (tx) =>
    tx.update(domainEvents).set({ doneAt: new Date() }).where(eq(domainEvents.id, eventId)),
  );
}

/** Handled events (and their run markers) are kept a week, for looking into what happened. */
export const domainEventsCleanup: CleanupTask = {
  name: 'domain_events',
  run: async (tx, now) => {
    await tx.execute(
      sql`DELETE FROM ${domainEventRuns} r USING ${domainEvents} e
          WHERE r.event_id = e.id AND e.done_at < ${daysBefore(now, 7)}`,
    );
    return countDeleted(
      tx,
      sql`DELETE FROM ${domainEvents} WHERE ${domainEvents.doneAt} < ${daysBefore(now, 7)} RETURNING 1`,
    );
  },
};
