import type { Feature, FeatureFlag, Lang, Rights } from '@hallway/shared';
import { sql } from 'drizzle-orm';
import { bigint, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../platform/db/columns.js';

export interface ClientColors {
  primary?: string;
  accent?: string;
  header?: string;
}
export interface MenuEntry {
  code: string;
  name?: string;
  order: number;
  hidden?: boolean;
}
export interface ClientSettings {
  hideMoodMeter?: boolean;
  openRegistration?: boolean;
  /** Newcomers of open registration wait for an administrator's approval (users/register.ts). */
  registrationApproval?: boolean;
  defaultRights?: Partial<Rights>;
  /** IANA time zone of the workspace (the calendar's default). */
  timeZone?: string;
}

/** Workspaces: one per client company (spec portal §3 "Client"). */
export const clients = pgTable(
  'clients',
  {
    id: idColumn(),
    workspace: text().notNull(),
    name: text().notNull(),
    fullName: text().notNull().default(''),
    status: text().$type<'active' | 'blocked'>().notNull().default('active'),
    city: text().notNull().default(''),
    phone: text().notNull().default(''),
    address: text().notNull().default(''),
    director: text().notNull().default(''),
    telegram: text().notNull().default(''),
    storageSize: bigint({ mode: 'number' }).notNull().default(0),
    comments: text().notNull().default(''),
    inn: text().notNull().default(''),
    logo: text().notNull().default(''),
    header: text().notNull().default(''),
    sidepanel: text().notNull().default(''),
    colors: jsonb().$type<ClientColors>().notNull().default({}),
    font: text().notNull().default(''),
    menu: jsonb().$type<MenuEntry[]>().notNull().default([]),
    features: jsonb().$type<FeatureFlag[]>().notNull().default([]),
    startPage: text().notNull().default('company'),
    lang: text().$type<Lang>().notNull().default('en'),
    settings: jsonb().$type<ClientSettings>().notNull().default({}),
    lmsAdmins: uuid().array().notNull().default(sql`'{}'::uuid[]`),
    created: createdAt(),
    updated: updatedAt(),
  },
  (t) => [uniqueIndex('clients_workspace_key').on(sql`lower(${t.workspace})`)],
);

export type ClientRow = typeof clients.$inferSelect;
export type { Feature };

/** The `client_id` column of a module's tenant table: its workspace, whose deletion takes the row with it. */
export const workspaceColumn = () =>
  uuid()
    .notNull()
    .references(() => clients.id, { onDelete: 'cascade' });
