import type { StoredFile } from '@hallway/shared/files';
import type { DeskStatus, DeskType, TaskHistoryAction, TaskPriority, TaskStatus } from '@hallway/shared/tasks';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
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

/**
 * A desk (modules §3 "Task board"): its type (who sees it, docs/api.md "Task tracker"), its status (`finished` once
 * finished, until restored), an optional project of the groups module named by id (no foreign key: another module's
 * row). Its people and their roles are rows of `task_desk_people`, so "shared with me" is an index range.
 */
export const taskDesks = pgTable(
  'task_desks',
  {
    id: idColumn(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    type: text().$type<DeskType>().notNull().default('active'),
    status: text().$type<DeskStatus>().notNull().default('active'),
    background: text().notNull().default(''),
    ownerId: uuid()
      .notNull()
      .references(() => users.id),
    projectId: uuid(),
    finishedAt: timestamp({ withTimezone: true, mode: 'string' }),
    created: createdAt(),
    updated: updatedAt(),
  },
  (t) => [
    tenantKey(t),
    // "By project": a project page's desks.
    index('task_desks_project_idx').on(t.clientId, t.projectId, t.updated).where(sql`${t.projectId} IS NOT NULL`),
    // Open desks everyone of the workspace reads.
    index('task_desks_type_idx').on(t.clientId, t.type, t.updated),
  ],
);
export type TaskDeskRow = typeof taskDesks.$inferSelect;

export type DeskRole = 'owner' | 'admin' | 'member';

/** The people of a desk: its owner, its administrators and its members (one role each). */
export const taskDeskPeople = pgTable(
  'task_desk_people',
  {
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    deskId: uuid().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text().$type<DeskRole>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.deskId, t.userId] }),
    tenantReference(t.deskId, taskDesks, 'cascade'),
    // "Mine" and "shared with me": a person's desks by role.
    index('task_desk_people_person_idx').on(t.clientId, t.userId, t.role, t.deskId),
  ],
);

/** A lane of a desk, in `position` order; a `done` lane finishes the cards moved into it. */
export const taskLanes = pgTable(
  'task_lanes',
  {
    id: idColumn(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    deskId: uuid().notNull(),
    name: text().notNull(),
    done: boolean().notNull().default(false),
    position: integer().notNull(),
    created: createdAt(),
  },
  (t) => [
    tenantKey(t),
    tenantReference(t.deskId, taskDesks, 'cascade'),
    index('task_lanes_desk_idx').on(t.deskId, t.position),
  ],
);
export type TaskLaneRow = typeof taskLanes.$inferSelect;

export interface CheckItem {
  _id: string;
  text: string;
  done: boolean;
}

/**
 * A task (a card): its lane and its gapped `rank` there (unique per lane; a move writes this row alone), its
 * `version` for optimistic concurrency, and the due-date notices claimed once each (`due_soon_noticed_at`,
 * `overdue_noticed_at`). `finished_with_desk` marks the cards a desk's finish finished, which its restore reopens.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: idColumn(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    deskId: uuid().notNull(),
    laneId: uuid().notNull(),
    rank: bigint({ mode: 'number' }).notNull(),
    name: text().notNull(),
    description: text().notNull().default(''),
    status: text().$type<TaskStatus>().notNull().default('open'),
    performerId: uuid().references(() => users.id),
    coPerformers: uuid().array().notNull().default(sql`'{}'::uuid[]`),
    observers: uuid().array().notNull().default(sql`'{}'::uuid[]`),
    mentions: uuid().array().notNull().default(sql`'{}'::uuid[]`),
    authorId: uuid().references(() => users.id),
    planDate: date({ mode: 'string' }),
    planHours: doublePrecision(),
    actualHours: doublePrecision(),
    periodStart: date({ mode: 'string' }),
    periodEnd: date({ mode: 'string' }),
    priority: text().$type<TaskPriority>().notNull().default('normal'),
    checklist: jsonb().$type<CheckItem[]>().notNull().default([]),
    tags: text().array().notNull().default(sql`'{}'::text[]`),
    color: text(),
    borderColor: text(),
    files: jsonb().$type<StoredFile[]>().notNull().default([]),
    finishedAt: timestamp({ withTimezone: true, mode: 'string' }),
    finishedWithDesk: boolean().notNull().default(false),
    version: integer().notNull().default(1),
    dueSoonNoticedAt: timestamp({ withTimezone: true, mode: 'string' }),
    overdueNoticedAt: timestamp({ withTimezone: true, mode: 'string' }),
    created: createdAt(),
    updated: updatedAt(),
  },
  (t) => [
    tenantKey(t),
    tenantReference(t.deskId, taskDesks, 'cascade'),
    tenantReference(t.laneId, taskLanes),
    // The kanban: a lane's cards in order; unique, so two cards never share a place.
    uniqueIndex('tasks_lane_rank_key').on(t.laneId, t.rank),
    // The table view's default order and its filters within a desk.
    index('tasks_desk_idx').on(t.deskId, t.status, t.planDate),
    index('tasks_performer_idx').on(t.clientId, t.performerId, t.status),
    // The due-date job: open tasks with a plan date not yet noticed as overdue.
    index('tasks_due_idx')
      .on(t.planDate)
      .where(sql`${t.status} = 'open' AND ${t.planDate} IS NOT NULL AND ${t.overdueNoticedAt} IS NULL`),
  ],
);
export type TaskRow = typeof tasks.$inferSelect;

export type TaskChanges = Record<string, { from: unknown; to: unknown }>;

/** Who changed what of a task, and when (read with the task, newest first). */
export const taskHistory = pgTable(
  'task_history',
  {
    id: idColumn(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    taskId: uuid().notNull(),
    actorId: uuid().references(() => users.id),
    action: text().$type<TaskHistoryAction>().notNull(),
    changes: jsonb().$type<TaskChanges>().notNull().default({}),
    created: createdAt(),
  },
  (t) => [tenantReference(t.taskId, tasks, 'cascade'), index('task_history_task_idx').on(t.taskId, t.created)],
);
