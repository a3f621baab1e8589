import type {
  ServiceDecision,
  ServiceFieldDto,
  ServiceHistoryAction,
  ServicePerformerKind,
  ServiceRequestStatus,
  ServiceStepStatus,
  ServiceType,
} from '@hallway/shared/services';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../platform/db/columns.js';
import { tenantKey, tenantReference } from '../../platform/db/tenant-keys.js';
import { clients } from '../clients/tables.js';
import { users } from '../users/tables.js';

/** Service groups of a workspace (modules §3 "Service groups"): the catalogue's sections, in `sort` order. */
export const serviceGroups = pgTable(
  'service_groups',
  {
    id: idColumn(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    sort: integer().notNull().default(0),
    created: createdAt(),
    updated: updatedAt(),
  },
  (t) => [tenantKey(t), index('service_groups_client_idx').on(t.clientId, t.sort, t.name)],
);
export type ServiceGroupRow = typeof serviceGroups.$inferSelect;

/** A performer of a service's step as the designer set it; resolved to people when a request starts. */
export interface StoredPerformer {
  kind: ServicePerformerKind;
  userId?: string;
  departmentId?: string;
}

/** A step of a service (its ids name it in `PUT`/`DELETE api/bp/{bp}/step`). */
export interface StoredStep {
  id: string;
  name: string;
  review: boolean;
  performers: StoredPerformer[];
  fields: ServiceFieldDto[];
}

/**
 * A service, the spec's template (`tmpl`, modules §3 "Service"): its form and its steps as documents (read and
 * written together; requests copy them when they start), its audience as the `for_all` flag or audience grants of
 * the kind `service`. The responsible department and the knowledge-base article are other modules' rows, named by
 * id without a foreign key (a department can be deleted; the service then has none).
 */
export const services = pgTable(
  'services',
  {
    id: idColumn(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    groupId: uuid().notNull(),
    name: text().notNull(),
    description: text().notNull(),
    type: text().$type<ServiceType>().notNull(),
    departmentId: uuid(),
    daysLimit: integer(),
    forAll: boolean().notNull().default(true),
    active: boolean().notNull().default(true),
    articleId: uuid(),
    owners: uuid().array().notNull().default(sql`'{}'::uuid[]`),
    fields: jsonb().$type<ServiceFieldDto[]>().notNull().default([]),
    steps: jsonb().$type<StoredStep[]>().notNull().default([]),
    createdBy: uuid().references(() => users.id),
    created: createdAt(),
    updated: updatedAt(),
  },
  (t) => [
    tenantKey(t),
    tenantReference(t.groupId, serviceGroups),
    // The catalogue: a workspace's services by group and name.
    index('services_catalogue_idx').on(t.clientId, t.groupId, t.name),
    // `GET api/service/byArticle/{id}`.
    index('services_article_idx').on(t.clientId, t.articleId).where(sql`${t.articleId} IS NOT NULL`),
  ],
);
export type ServiceRow = typeof services.$inferSelect;

/**
 * A request (a running `bp`): the form and the name it was started with (the service may change or go), its values,
 * its status, and its current step denormalised (`current_*`; its performers also in `service_request_queue`) for
 * the lists and the table's filters.
 * `due_date` is the workspace's local date the days limit ends on; the reminder job claims `reminded_before_at`,
 * `reminded_due_at` and `overdue_noticed_at` once each with a conditional UPDATE.
 */
export const serviceRequests = pgTable(
  'service_requests',
  {
    id: idColumn(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /** Null once the service is deleted: the request keeps its copy of the form and steps. */
    serviceId: uuid(),
    name: text().notNull(),
    requesterId: uuid()
      .notNull()
      .references(() => users.id),
    /** The responsible department when it started (its head hears of it when overdue). */
    departmentId: uuid(),
    fields: jsonb().$type<ServiceFieldDto[]>().notNull(),
    values: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** Files attached beside the file fields. */
    files: uuid().array().notNull().default(sql`'{}'::uuid[]`),
    status: text().$type<ServiceRequestStatus>().notNull().default('active'),
    currentStepId: uuid(),
    currentPosition: integer(),
    currentPerformers: uuid().array().notNull().default(sql`'{}'::uuid[]`),
    stepsCount: integer().notNull(),
    dueDate: date({ mode: 'string' }),
    remindedBeforeAt: timestamp({ withTimezone: true }),
    remindedDueAt: timestamp({ withTimezone: true }),
    overdueNoticedAt: timestamp({ withTimezone: true }),
    created: createdAt(),
    updated: updatedAt(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    tenantKey(t),
    tenantReference(t.serviceId, services),
    // "My requests": a person's own, newest first.
    index('service_requests_requester_idx').on(t.clientId, t.requesterId, t.created),
    // A service's table, newest first, and filtered by status and dates.
    index('service_requests_table_idx').on(t.clientId, t.serviceId, t.created, t.id),
    index('service_requests_status_idx').on(t.clientId, t.serviceId, t.status, t.created),
    // The reminder job's pass: running requests with a days limit not yet noticed as overdue.
    index('service_requests_due_idx')
      .on(t.dueDate)
      .where(sql`${t.status} = 'active' AND ${t.dueDate} IS NOT NULL AND ${t.overdueNoticedAt} IS NULL`),
  ],
);
export type ServiceRequestRow = typeof serviceRequests.$inferSelect;

/**
 * The steps of a request: position 0 is the request itself (done by its requester at the start), then the service's
 * steps, each with the people resolved to perform it when the request started. A decision is a conditional UPDATE
 * of the active step under the request's row lock: one transition, whoever comes second gets 409.
 */
export const serviceRequestSteps = pgTable(
  'service_request_steps',
  {
    id: idColumn(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    requestId: uuid().notNull(),
    position: integer().notNull(),
    name: text().notNull(),
    review: boolean().notNull().default(false),
    fields: jsonb().$type<ServiceFieldDto[]>().notNull().default([]),
    values: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    performers: uuid().array().notNull().default(sql`'{}'::uuid[]`),
    status: text().$type<ServiceStepStatus>().notNull(),
    decision: text().$type<ServiceDecision>(),
    decidedBy: uuid().references(() => users.id),
    decidedAt: timestamp({ withTimezone: true }),
    reason: text(),
  },
  (t) => [
    tenantReference(t.requestId, serviceRequests, 'cascade'),
    uniqueIndex('service_request_steps_position_key').on(t.requestId, t.position),
  ],
);
export type ServiceRequestStepRow = typeof serviceRequestSteps.$inferSelect;

/**
 * The performer's queue: one row per performer of a running request's current step, kept with `current_performers`
 * by every start and decision. A table rather than a GIN index on the array: row-level security lets an index serve
 * only leakproof operators, and the array's `@>` is not one, while this table's key is compared with `=`.
 */
export const serviceRequestQueue = pgTable(
  'service_request_queue',
  {
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    requestId: uuid().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.userId] }),
    tenantReference(t.requestId, serviceRequests, 'cascade'),
    index('service_request_queue_person_idx').on(t.clientId, t.userId, t.requestId),
  ],
);

/** Who did what to a request, and when (its history). */
export const serviceRequestHistory = pgTable(
  'service_request_history',
  {
    id: idColumn(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    requestId: uuid().notNull(),
    stepId: uuid(),
    actorId: uuid().references(() => users.id),
    action: text().$type<ServiceHistoryAction>().notNull(),
    reason: text(),
    created: createdAt(),
  },
  (t) => [
    tenantReference(t.requestId, serviceRequests, 'cascade'),
    index('service_request_history_request_idx').on(t.requestId, t.created),
  ],
);
export type ServiceHistoryRow = typeof serviceRequestHistory.$inferSelect;

/**
 * A workspace's settings of the module: who receives the portal's "ask the office" requests, or the simple service
 * they start requests of (docs/api.md "Services"). Kept here rather than in the workspace's settings, which the
 * clients module alone writes.
 */
export const serviceSettings = pgTable('service_settings', {
  clientId: uuid()
    .primaryKey()
    .references(() => clients.id, { onDelete: 'cascade' }),
  recipients: uuid().array().notNull().default(sql`'{}'::uuid[]`),
  serviceId: uuid(),
  updated: updatedAt(),
});
