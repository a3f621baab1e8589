import type { GroupFollow, GroupRole, GroupType, ProjectRole, StoredFile } from '@hallway/shared';
import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../platform/db/columns.js';
import { tenantKey, tenantReference } from '../../platform/db/tenant-keys.js';
import { clients } from '../clients/tables.js';
import { users } from '../users/tables.js';

/**
 * Groups (spec portal §3 Group): public, closed or private; `kind = 'project'` is the hidden wall of a project
 * (never listed among groups). `membersCount` changes in the statement that changes the membership.
 */
export const groups = pgTable(
  'groups',
  {
    id: idColumn(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    kind: text().$type<'group' | 'project'>().notNull().default('group'),
    name: text().notNull(),
    description: text().notNull(),
    type: text().$type<GroupType>().notNull(),
    cover: jsonb().$type<StoredFile | null>(),
    avatar: jsonb().$type<StoredFile | null>(),
    ownerId: uuid()
      .notNull()
      .references(() => users.id),
    membersCount: integer().notNull().default(0),
    /** What the directory's search looks in, lower-cased: kept by PostgreSQL itself. */
    searchText: text().generatedAlwaysAs(sql`lower(name || ' ' || description)`),
    created: createdAt(),
    updated: updatedAt(),
  },
  (t) => [
    tenantKey(t),
    // The directory: a workspace's groups by name.
    index('groups_client_name_idx').on(t.clientId, t.kind, sql`lower(${t.name})`, t.id),
    index('groups_owner_idx').on(t.clientId, t.ownerId),
  ],
);
export type GroupRow = typeof groups.$inferSelect;

/** Members with their role (the owner is a member with role `owner`) and what of the wall notifies them. */
export const groupMembers = pgTable(
  'group_members',
  {
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    groupId: uuid().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text().$type<GroupRole>().notNull().default('member'),
    follow: text().$type<GroupFollow>().notNull().default('all'),
    created: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    tenantReference(t.groupId, groups, 'cascade'),
    // A person's groups (the user feed, "my groups", readable groups), from the index alone: with `client_id` in it
    // the user feed's list of a member of 200 groups reads no table page (bench/README.md, issue 36).
    index('group_members_user_idx').on(t.userId, t.clientId, t.groupId),
  ],
);

/** Join requests of closed groups, waiting for a manager. */
export const groupRequests = pgTable(
  'group_requests',
  {
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    groupId: uuid().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    index('group_requests_user_idx').on(t.userId),
    tenantReference(t.groupId, groups, 'cascade'),
  ],
);

/** Invitations waiting for the invitee's answer. */
export const groupInvitations = pgTable(
  'group_invitations',
  {
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    groupId: uuid().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invitedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    created: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    index('group_invitations_user_idx').on(t.userId),
    tenantReference(t.groupId, groups, 'cascade'),
  ],
);

/** Per-user grants (`POST api/group/{groupId}/grants/user/{userId}`): they decide before the audience grants. */
export const groupUserGrants = pgTable(
  'group_user_grants',
  {
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    groupId: uuid().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    level: text().$type<'read' | 'write' | 'none'>().notNull(),
    created: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    index('group_user_grants_user_idx').on(t.userId),
    tenantReference(t.groupId, groups, 'cascade'),
  ],
);

/** Projects (spec portal §3 Project): their wall is a group of kind `project` (`wallId`). */
export const projects = pgTable(
  'projects',
  {
    id: idColumn(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    status: text().$type<'planned' | 'active' | 'paused' | 'done'>().notNull().default('planned'),
    start: date(),
    end: date(),
    creatorId: uuid()
      .notNull()
      .references(() => users.id),
    wallId: uuid().notNull(),
    searchText: text().generatedAlwaysAs(sql`lower(name || ' ' || description)`),
    created: createdAt(),
    updated: updatedAt(),
  },
  (t) => [
    tenantKey(t),
    tenantReference(t.wallId, groups),
    index('projects_client_created_idx').on(t.clientId, t.created, t.id),
  ],
);
export type ProjectRow = typeof projects.$inferSelect;

/** Participants of a project with their role; leads and members are also members of the wall. */
export const projectParticipants = pgTable(
  'project_participants',
  {
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    projectId: uuid().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text().$type<ProjectRole>().notNull().default('member'),
    created: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.userId] }),
    index('project_participants_user_idx').on(t.userId),
    tenantReference(t.projectId, projects, 'cascade'),
  ],
);
