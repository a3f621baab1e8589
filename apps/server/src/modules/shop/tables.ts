import type { StoredFile } from '@hallway/shared/files';
import type { ShopEntryKind } from '@hallway/shared/shop';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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
import { clients, workspaceColumn } from '../clients/tables.js';
import { users } from '../users/tables.js';

/** The workspace's shop (modules §3 Shop "Settings"); a workspace without a row has the defaults (name 'Shop!'). */
export const shopSettings = pgTable('shop_settings', {
  clientId: uuid()
    .primaryKey()
    .references(() => clients.id, { onDelete: 'cascade' }),
  name: text().notNull(),
  coin: text().notNull(),
  coinShort: text().notNull(),
  description: text().notNull().default(''),
  pic: jsonb().$type<StoredFile | null>(),
  updated: updatedAt(),
});

/** The shop's managers (modules §6): they keep the items and achievements, give coins and hand purchases over. */
export const shopManagers = pgTable(
  'shop_managers',
  {
    clientId: workspaceColumn(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.userId] })],
);

/** A badge a manager gives with or without coins; deleted ones stay on the people who hold them. */
export const shopAchievements = pgTable(
  'shop_achievements',
  {
    id: idColumn(),
    clientId: workspaceColumn(),
    name: text().notNull(),
    description: text().notNull().default(''),
    pic: jsonb().$type<StoredFile | null>(),
    created: createdAt(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [tenantKey(t), index('shop_achievements_list_idx').on(t.clientId, t.created)],
);

/**
 * An item (modules §3 Shop "Item"): `amount` is all stock ever added (the start amount included), `rest` what is left,
 * `sales` how many were bought. A purchase and a stock addition change `rest` by a conditional update.
 */
export const shopItems = pgTable(
  'shop_items',
  {
    id: idColumn(),
    clientId: workspaceColumn(),
    name: text().notNull(),
    description: text().notNull().default(''),
    cost: integer().notNull(),
    startAmount: integer().notNull(),
    amount: integer().notNull(),
    rest: integer().notNull(),
    sales: integer().notNull().default(0),
    pics: jsonb().$type<StoredFile[]>().notNull().default([]),
    sort: integer().notNull().default(0),
    created: createdAt(),
  },
  (t) => [
    tenantKey(t),
    index('shop_items_list_idx').on(t.clientId, t.sort),
    check('shop_items_rest_check', sql`${t.rest} >= 0 AND ${t.cost} > 0`),
  ],
);

/** One row per person who ever had coins: the balance, kept in the same transaction as each ledger row. */
export const shopBalances = pgTable(
  'shop_balances',
  {
    clientId: workspaceColumn(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer().notNull().default(0),
    earned: integer().notNull().default(0),
    spent: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId] }),
    index('shop_balances_amount_idx').on(t.clientId, t.amount),
    check('shop_balances_amount_check', sql`${t.amount} >= 0`),
  ],
);

/** A manager's gift of coins and/or an achievement (modules §3 Accrual); cancelling it keeps the row. */
export const shopAccruals = pgTable(
  'shop_accruals',
  {
    id: idColumn(),
    clientId: workspaceColumn(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    amount: integer(),
    achievementId: uuid(),
    comment: text().notNull().default(''),
    publish: boolean().notNull().default(false),
    created: createdAt(),
    cancelledAt: timestamp({ withTimezone: true }),
    cancelledBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    tenantKey(t),
    tenantReference(t.achievementId, shopAchievements, 'no action'),
    index('shop_accruals_user_idx').on(t.clientId, t.userId, t.created),
    index('shop_accruals_created_idx').on(t.clientId, t.created),
  ],
);

/** A purchase: one of an item, at its cost then; `requestId` (the buyer's tab's) makes a repeated click the same one. */
export const shopPurchases = pgTable(
  'shop_purchases',
  {
    id: idColumn(),
    clientId: workspaceColumn(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: uuid().notNull(),
    cost: integer().notNull(),
    requestId: text(),
    created: createdAt(),
    handedAt: timestamp({ withTimezone: true }),
    handedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    tenantKey(t),
    tenantReference(t.itemId, shopItems, 'no action'),
    uniqueIndex('shop_purchases_request_idx').on(t.clientId, t.userId, t.requestId),
    index('shop_purchases_state_idx').on(t.clientId, t.handedAt, t.created),
    index('shop_purchases_created_idx').on(t.clientId, t.created),
  ],
);

/**
 * The ledger: every change of a person's coins, append-only (never updated or deleted while the person exists).
 * `delta` is signed; `balance` is the person's balance right after it. The sum of a person's deltas is their
 * `shop_balances.amount`.
 */
export const shopLedger = pgTable(
  'shop_ledger',
  {
    id: idColumn(),
    clientId: workspaceColumn(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().$type<ShopEntryKind>().notNull(),
    delta: integer().notNull(),
    balance: integer().notNull(),
    accrualId: uuid(),
    purchaseId: uuid(),
    authorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    comment: text().notNull().default(''),
    created: createdAt(),
  },
  (t) => [
    tenantKey(t),
    tenantReference(t.accrualId, shopAccruals, 'no action'),
    tenantReference(t.purchaseId, shopPurchases, 'no action'),
    index('shop_ledger_user_idx').on(t.clientId, t.userId, t.created),
    index('shop_ledger_created_idx').on(t.clientId, t.created),
  ],
);
