import type { Audience, FileRef, Gender, GrantLevel, Lang, Rights, Role } from '@hallway/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../platform/db/columns.js';
import { clients } from '../clients/tables.js';

export interface Pic {
  src: string;
  mini?: string;
}

/** People: employees and administrators of a workspace, and superadmins (no workspace). Spec portal §3. */
export const users = pgTable(
  'users',
  {
    id: idColumn(),
    clientId: uuid().references(() => clients.id, { onDelete: 'cascade' }),
    login: text().notNull(),
    email: text(),
    passwordHash: text(),
    /** Raised on logout and password change: tokens carrying an older version stop working. */
    tokenVersion: integer().notNull().default(0),
    roles: text().array().$type<Role[]>().notNull().default(sql`'{}'::text[]`),
    rights: jsonb().$type<Rights>().notNull(),
    lang: text().$type<Lang>(),
    firstName: text().notNull().default(''),
    middleName: text().notNull().default(''),
    lastName: text().notNull().default(''),
    birthDate: date(),
    phone: text().notNull().default(''),
    internalPhone: text().notNull().default(''),
    organization: text().notNull().default(''),
    inn: text().notNull().default(''),
    kpp: text().notNull().default(''),
    position: text().notNull().default(''),
    cabinet: text().notNull().default(''),
    chiefCode: text().notNull().default(''),
    chief: uuid(),
    department: text().notNull().default(''),
    workingSince: date(),
    gender: text().$type<Gender>().notNull().default('not selected'),
    vacationDays: real().notNull().default(0),
    city: text().notNull().default(''),
    telegram: text().notNull().default(''),
    about: text().notNull().default(''),
    social: jsonb().$type<Record<string, string>>().notNull().default({}),
    hrData: jsonb().$type<Record<string, string>>().notNull().default({}),
    files: jsonb().$type<FileRef[]>().notNull().default([]),
    statusText: text().notNull().default(''),
    pics: jsonb().$type<Pic[]>().notNull().default([]),
    cover: text().notNull().default(''),
    theme: text().$type<'light' | 'dark'>().notNull().default('light'),
    /** The person's own IANA time zone (null: the workspace's), for the calendar. */
    timeZone: text(),
    pinnedNum: integer(),
    deletionMark: boolean().notNull().default(false),
    deletedAt: timestamp({ withTimezone: true }),
    /**
     * Joined by open registration while the workspace asks for approval: until an administrator approves, the
     * person is also `deletionMark` (no sign-in, in nobody's lists or audiences) and shows as "pending".
     */
    awaitingApproval: boolean().notNull().default(false),
    /** When an administrator invited the person by e-mail; they are "invited" until they have a password. */
    invitedAt: timestamp({ withTimezone: true }),
    /** The person's last successful sign-in (password or external), for the administrators' list. */
    lastSignInAt: timestamp({ withTimezone: true }),
    /** What people look others up by, lower-cased: kept by PostgreSQL itself. */
    searchText: text().generatedAlwaysAs(
      sql`lower(first_name || ' ' || last_name || ' ' || middle_name || ' ' || position || ' ' || department || ' ' || phone || ' ' || internal_phone || ' ' || coalesce(email, '') || ' ' || city)`,
    ),
    externalId: text(),
    /** The fields of the person's row in the last HR-system import, for `reset_to_hrm` (null: never imported). */
    hrmData: jsonb().$type<Record<string, unknown>>(),
    created: createdAt(),
    updated: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_login_key').on(sql`lower(${t.login})`),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    index('users_client_name_idx').on(t.clientId, t.deletionMark, t.lastName, t.firstName),
    // The address book's order (pinned first, then by name) within the active people: a page reads 50 entries.
    index('users_client_book_idx').on(
      t.clientId,
      t.deletionMark,
      sql`(${t.pinnedNum} IS NULL)`,
      t.pinnedNum,
      t.lastName,
      t.firstName,
      t.id,
    ),
    // The absence chart's order (vacations/chart.ts): department, then name, within the active people.
    index('users_client_chart_idx')
      .on(t.clientId, sql`nullif(${t.department}, '')`, t.lastName, t.firstName, t.id)
      .where(sql`NOT ${t.deletionMark}`),
    // "All heads" and "by head" audiences (platform/access/grants.ts) look people up by their chief.
    index('users_client_chief_idx').on(t.clientId, t.chief),
    // The HR-system import finds people by INN.
    index('users_client_inn_idx').on(t.clientId, t.inn),
    // Downloads of a file ask whether it is someone's HR file (`files @> [{"_id": ...}]`).
    index('users_files_idx').using('gin', t.files.op('jsonb_path_ops')),
  ],
);

export type UserRow = typeof users.$inferSelect;

/**
 * Every sign-in name of the installation — logins and e-mails, case-folded — in one namespace, so nobody's login
 * can be someone else's e-mail (sign-in looks a name up here, without a workspace). A person's own login and
 * e-mail may be the same text. Kept by PostgreSQL itself: the trigger `users_sign_in_names` (migration 0005)
 * rewrites a person's names on every insert or change of `login`/`email`, raising the unique violation as
 * `users_login_key` / `users_email_key` so the usual "taken" answers follow. Reached only on the system path.
 */
export const signInNames = pgTable(
  'sign_in_names',
  {
    name: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('sign_in_names_user_idx').on(t.userId)],
);

/** Following: `followerId` follows `userId` (spec modules §7 "Post views and follows"). */
export const follows = pgTable(
  'follows',
  {
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    followerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.followerId, t.userId] }), index('follows_user_idx').on(t.userId)],
);

/**
 * Audience grants on content (spec portal §6 "Access grants on content"), for every module that has them: the
 * grants of object `objectId` of kind `objectKind` (`group`, `article`, `poll`, …). `keys` are `values` as matched:
 * lower-cased and trimmed (texts) or as given (user ids). Declared here beside the people it matches (its
 * `client_id` points at `clients`, which the platform does not import); read and written by the platform's grants
 * policy only (platform/access/grants.ts), by SQL.
 */
export const audienceGrants = pgTable(
  'audience_grants',
  {
    id: idColumn(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    objectKind: text().notNull(),
    objectId: uuid().notNull(),
    audience: text().$type<Audience>().notNull(),
    values: text().array().notNull().default(sql`'{}'::text[]`),
    keys: text().array().notNull().default(sql`'{}'::text[]`),
    tenureFrom: integer(),
    tenureTo: integer(),
    level: text().$type<GrantLevel>().notNull(),
    created: createdAt(),
  },
  (t) => [index('audience_grants_object_idx').on(t.clientId, t.objectKind, t.objectId)],
);

/** Days whose birthday notification a workspace has had (issue 13: "colleague's birthday today", once a day). */
export const birthdayNotices = pgTable(
  'birthday_notices',
  {
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    day: date().notNull(),
    created: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.day] })],
);
