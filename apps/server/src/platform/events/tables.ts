import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from '../db/columns.js';

/**
 * The outbox of domain events (platform/events/bus.ts): an event some module follows durably (`phase: 'outbox'`) is
 * written here in the transaction of the change that caused it, so it exists exactly when that change committed.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: idColumn(),
    clientId: uuid().notNull(),
    type: text().notNull(),
    payload: jsonb().notNull(),
    actorId: uuid(),
    created: createdAt(),
    /** Set once every outbox subscriber of its type has handled it. */
    doneAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.created).where(sql`done_at IS NULL`), index().on(t.clientId, t.created)],
);

/** Which subscriber handled which event: written in the subscriber's own transaction, so each runs exactly once. */
export const domainEventRuns = pgTable(
  'domain_event_runs',
  {
    eventId: uuid().notNull(),
    subscriber: text().notNull(),
    clientId: uuid().notNull(),
    created: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.subscriber] })],
);
