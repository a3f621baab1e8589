// The shop's rules (modules §3 Shop, §4, §5 Shop, §6; docs/api.md "Shop"). Every change of a person's coins goes
// through `move`: a conditional update of their one balance row and an append to the ledger, in the request's
// transaction, so the balance always equals the sum of the ledger and never goes below zero.

import { mentionMarkup, type PersonCard } from '@hallway/shared';
import type { StoredFile } from '@hallway/shared/files';
import {
  type AccrueBody,
  type AchievementBody,
  type AchievementDto,
  type BalanceResult,
  type BalanceRow,
  type BalancesQuery,
  type BuyBody,
  type LedgerEntryDto,
  type PurchaseDto,
  SHOP_DEFAULT_NAME,
  type ShopCan,
  type ShopEntryKind,
  type ShopItemBody,
  type ShopItemDto,
  type ShopItemsQuery,
  type ShopItemUpdateBody,
  type ShopSettingsBody,
  type ShopSettingsDto,
  type StatsBody,
  type StatsResult,
  type UserAchievementDto,
} from '@hallway/shared/shop';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { assertOwnWorkspace, authorize } from '../../platform/access/tenancy.js';
import { rowsOf } from '../../platform/db/client.js';
import { AppError, conflict, forbidden, notFound } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import type { Platform } from '../../platform/index.js';
import { notify } from '../../platform/notify/notify.js';
import { announce } from '../../platform/realtime/announce.js';
import { fileRefs } from '../files/index.js';
import { publishThanks } from '../posts/index.js';
import { assertActivePeople, isWorkspacePerson, personCardSql, personCards, unknownPerson } from '../users/index.js';
import { mayReadCoins, purchaseHandlersSql, shopPolicy } from './policy.js';
import {
  shopAccruals,
  shopAchievements,
  shopItems,
  shopLedger,
  shopManagers,
  shopPurchases,
  shopSettings,
} from './tables.js';

/** The realtime event of an item's new rest, to everyone of the workspace. */
export const ITEM_REST_EVENT = 'shop.item.rest';

// ---------------------------------------------------------------------------------------------------------------
// Who may do what

async function managerIds(ctx: RequestContext): Promise<string[]> {
  const rows = await ctx.db
    .select({ id: shopManagers.userId })
    .from(shopManagers)
    .where(eq(shopManagers.clientId, ctx.tenant()));
  return rows.map((r) => r.id);
}

export async function shopCan(ctx: RequestContext): Promise<ShopCan> {
  return shopPolicy(ctx, await managerIds(ctx));
}

async function assertManager(ctx: RequestContext): Promise<ShopCan> {
  const can = await shopCan(ctx);
  authorize(can.manage);
  return can;
}

async function picOf(ctx: RequestContext, id: string | null | undefined): Promise<StoredFile | null> {
  if (!id) return null;
  const [file] = await fileRefs(ctx, [id]);
  return file;
}

// ---------------------------------------------------------------------------------------------------------------
// Settings

export async function getSettings(ctx: RequestContext, clientId: string): Promise<ShopSettingsDto> {
  assertOwnWorkspace(ctx, clientId);
  const [row] = await ctx.db.select().from(shopSettings).where(eq(shopSettings.clientId, clientId));
  const managers = await managerIds(ctx);
  const cards = await personCards(ctx.db, managers);
  return {
    _id: clientId,
    client_id: clientId,
    name: row?.name ?? SHOP_DEFAULT_NAME,
    coin: row?.coin ?? 'coins',
    coin_short: row?.coinShort ?? 'C',
    description: row?.description ?? '',
    pic: row?.pic ?? null,
    managers: managers.map((id) => cards.get(id) ?? unknownPerson(id)).sort((a, b) => a.name.localeCompare(b.name)),
    can: shopPolicy(ctx, managers),
  };
}

export async function saveSettings(ctx: RequestContext, body: ShopSettingsBody): Promise<ShopSettingsDto> {
  assertOwnWorkspace(ctx, body.client_id);
  authorize((await shopCan(ctx)).settings);
  const managers = [...new Set(body.managers)];
  await assertActivePeople(ctx, managers, 'managers', 'user_not_found');
  const values = {
    name: body.name,
    coin: body.coin,
    coinShort: body.coin_short,
    description: body.description,
    ...(body.pic !== undefined ? { pic: await picOf(ctx, body.pic) } : {}),
  };
  await ctx.db
    .insert(shopSettings)
    .values({ clientId: ctx.tenant(), ...values })
    .onConflictDoUpdate({ target: shopSettings.clientId, set: values });
  await ctx.db.delete(shopManagers).where(eq(shopManagers.clientId, ctx.tenant()));
  if (managers.length) {
    await ctx.db.insert(shopManagers).values(managers.map((userId) => ({ clientId: ctx.tenant(), userId })));
  }
  return getSettings(ctx, body.client_id);
}

// ---------------------------------------------------------------------------------------------------------------
// Achievements

interface AchievementSqlRow {
  id: string;
  name: string;
  description: string;
  pic: StoredFile | null;
  created: string | Date;
  holders: number;
}

async function achievementRows(ctx: RequestContext, only?: string): Promise<AchievementSqlRow[]> {
  return rowsOf<AchievementSqlRow>(
    ctx.db,
    sql`SELECT a.id, a.name, a.description, a.pic, a.created,
        (SELECT count(DISTINCT x.user_id)::int FROM shop_accruals x
          WHERE x.client_id = a.client_id AND x.achievement_id = a.id AND x.cancelled_at IS NULL) AS holders
      FROM shop_achievements a
      WHERE a.client_id = ${ctx.tenant()} AND a.deleted_at IS NULL ${only ? sql`AND a.id = ${only}` : sql``}
      ORDER BY a.created, a.id`,
  );
}

const presentAchievement = (row: AchievementSqlRow, can: ShopCan): AchievementDto => ({
  _id: row.id,
  name: row.name,
  description: row.description,
  pic: row.pic ?? null,
  holders: Number(row.holders),
  created: new Date(row.created).toISOString(),
  can: { edit: can.manage, delete: can.manage },
});

export async function listAchievements(ctx: RequestContext, clientId: string): Promise<AchievementDto[]> {
  assertOwnWorkspace(ctx, clientId);
  const can = await shopCan(ctx);
  return (await achievementRows(ctx)).map((r) => presentAchievement(r, can));
}

async function oneAchievement(ctx: RequestContext, id: string, can: ShopCan): Promise<AchievementDto> {
  const [row] = await achievementRows(ctx, id);
  if (!row) throw notFound('shop_achievement_not_found');
  return presentAchievement(row, can);
}

export async function createAchievement(
  ctx: RequestContext,
  clientId: string,
  body: AchievementBody,
): Promise<AchievementDto> {
  assertOwnWorkspace(ctx, clientId);
  const can = await assertManager(ctx);
  const [row] = await ctx.db
    .insert(shopAchievements)
    .values({
      clientId: ctx.tenant(),
      name: body.name,
      description: body.description,
      pic: await picOf(ctx, body.pic),
    })
    .returning({ id: shopAchievements.id });
  return oneAchievement(ctx, row.id, can);
}

export async function updateAchievement(
  ctx: RequestContext,
  clientId: string,
  body: AchievementBody & { _id: string },
): Promise<AchievementDto> {
  assertOwnWorkspace(ctx, clientId);
  const can = await assertManager(ctx);
  const updated = await ctx.db
    .update(shopAchievements)
    .set({
      name: body.name,
      description: body.description,
      ...(body.pic !== undefined ? { pic: await picOf(ctx, body.pic) } : {}),
    })
    .where(liveAchievement(ctx, body._id))
    .returning({ id: shopAchievements.id });
  if (!updated.length) throw notFound('shop_achievement_not_found');
  return oneAchievement(ctx, body._id, can);
}

const liveAchievement = (ctx: RequestContext, id: string) =>
  and(eq(shopAchievements.clientId, ctx.tenant()), eq(shopAchievements.id, id), isNull(shopAchievements.deletedAt));

/** Deleted achievements stay on the people who hold them; they are no longer given. */
export async function deleteAchievement(ctx: RequestContext, id: string): Promise<void> {
  await assertManager(ctx);
  const deleted = await ctx.db
    .update(shopAchievements)
    .set({ deletedAt: new Date() })
    .where(liveAchievement(ctx, id))
    .returning({ id: shopAchievements.id });
  if (!deleted.length) throw notFound('shop_achievement_not_found');
}

// ---------------------------------------------------------------------------------------------------------------
// Items

type ItemRow = typeof shopItems.$inferSelect;

const presentItem = (row: ItemRow, can: ShopCan): ShopItemDto => ({
  _id: row.id,
  name: row.name,
  description: row.description,
  cost: row.cost,
  start_amount: row.startAmount,
  amount: row.amount,
  rest: row.rest,
  sales: row.sales,
  pics: row.pics,
  sort: row.sort,
  created: row.created.toISOString(),
  can: { buy: can.buy && row.rest > 0, edit: can.manage, delete: can.manage && row.sales === 0, add: can.manage },
});

const ITEM_ORDER = {
  sort: sql`sort`,
  name: sql`lower(name)`,
  cost: sql`cost`,
  created: sql`created`,
  rest: sql`rest`,
} as const;

export async function listItems(ctx: RequestContext, clientId: string, query: ShopItemsQuery): Promise<ShopItemDto[]> {
  assertOwnWorkspace(ctx, clientId);
  const can = await shopCan(ctx);
  const direction = query.order === 'desc' ? sql`DESC` : sql`ASC`;
  const rows = await ctx.db
    .select()
    .from(shopItems)
    .where(eq(shopItems.clientId, ctx.tenant()))
    .orderBy(sql`${ITEM_ORDER[query.sort]} ${direction}, created, id`);
  return rows.map((r) => presentItem(r, can));
}

async function itemRow(ctx: RequestContext, id: string): Promise<ItemRow> {
  const [row] = await ctx.db
    .select()
    .from(shopItems)
    .where(and(eq(shopItems.clientId, ctx.tenant()), eq(shopItems.id, id)));
  if (!row) throw notFound('shop_item_not_found');
  return row;
}

export async function createItem(ctx: RequestContext, clientId: string, body: ShopItemBody): Promise<ShopItemDto> {
  assertOwnWorkspace(ctx, clientId);
  const can = await assertManager(ctx);
  const [row] = await ctx.db
    .insert(shopItems)
    .values({
      clientId: ctx.tenant(),
      name: body.name,
      description: body.description,
      cost: body.cost,
      startAmount: body.start_amount,
      amount: body.start_amount,
      rest: body.start_amount,
      pics: await fileRefs(ctx, body.pics),
      sort: body.sort,
    })
    .returning();
  return presentItem(row, can);
}

export async function updateItem(
  ctx: RequestContext,
  clientId: string,
  body: ShopItemUpdateBody,
): Promise<ShopItemDto> {
  assertOwnWorkspace(ctx, clientId);
  const can = await assertManager(ctx);
  const [row] = await ctx.db
    .update(shopItems)
    .set({
      name: body.name,
      description: body.description,
      cost: body.cost,
      pics: await fileRefs(ctx, body.pics),
      sort: body.sort,
    })
    .where(and(eq(shopItems.clientId, ctx.tenant()), eq(shopItems.id, body._id)))
    .returning();
  if (!row) throw notFound('shop_item_not_found');
  return presentItem(row, can);
}

/** An item nobody bought is deleted; one with sales stays (their history names it): 409 `shop_item_has_sales`. */
export async function deleteItem(ctx: RequestContext, id: string): Promise<void> {
  await assertManager(ctx);
  const row = await itemRow(ctx, id);
  if (row.sales > 0) throw conflict('shop_item_has_sales');
  const deleted = await ctx.db
    .delete(shopItems)
    .where(and(eq(shopItems.clientId, ctx.tenant()), eq(shopItems.id, id), eq(shopItems.sales, 0)))
    .returning({ id: shopItems.id });
  // A purchase committed between the read and the delete.
  if (!deleted.length) throw conflict('shop_item_has_sales');
}

export async function itemRest(ctx: RequestContext, id: string): Promise<number> {
  return (await itemRow(ctx, id)).rest;
}

export async function addStock(
  platform: Platform,
  ctx: RequestContext,
  id: string,
  amount: number,
): Promise<ShopItemDto> {
  const can = await assertManager(ctx);
  const [row] = await ctx.db
    .update(shopItems)
    .set({ rest: sql`${shopItems.rest} + ${amount}`, amount: sql`${shopItems.amount} + ${amount}` })
    .where(and(eq(shopItems.clientId, ctx.tenant()), eq(shopItems.id, id)))
    .returning();
  if (!row) throw notFound('shop_item_not_found');
  announce(platform, ctx, null, ITEM_REST_EVENT, { item_id: row.id, rest: row.rest });
  return presentItem(row, can);
}

// ---------------------------------------------------------------------------------------------------------------
// The ledger

interface Move {
  kind: ShopEntryKind;
  accrualId?: string;
  purchaseId?: string;
  comment?: string;
}

/**
 * Changes a person's coins by `delta` and appends the ledger row, answering the new balance — or null, changing
 * nothing, when taking coins would leave the balance below zero. One conditional statement per side: concurrent
 * moves of one person queue on their balance row, and each sees the committed amount.
 */
async function move(ctx: RequestContext, userId: string, delta: number, what: Move): Promise<number | null> {
  const clientId = ctx.tenant();
  let balance: number | null;
  if (delta > 0) {
    const [row] = await rowsOf<{ amount: number }>(
      ctx.db,
      sql`INSERT INTO shop_balances (client_id, user_id, amount, earned) VALUES (${clientId}, ${userId}, ${delta}, ${delta})
        ON CONFLICT (user_id) DO UPDATE
          SET amount = shop_balances.amount + excluded.amount, earned = shop_balances.earned + excluded.earned
        RETURNING amount`,
    );
    balance = row.amount;
  } else {
    const taken = -delta;
    const spent = what.kind === 'purchase' ? taken : 0;
    const earned = what.kind === 'cancellation' ? taken : 0;
    const [row] = await rowsOf<{ amount: number }>(
      ctx.db,
      sql`UPDATE shop_balances SET amount = amount - ${taken}, spent = spent + ${spent}, earned = earned - ${earned}
        WHERE client_id = ${clientId} AND user_id = ${userId} AND amount >= ${taken}
        RETURNING amount`,
    );
    balance = row?.amount ?? null;
  }
  if (balance === null) return null;
  await ctx.db.insert(shopLedger).values({
    clientId,
    userId,
    kind: what.kind,
    delta,
    balance: Number(balance),
    accrualId: what.accrualId ?? null,
    purchaseId: what.purchaseId ?? null,
    authorId: ctx.user?.id ?? null,
    comment: what.comment ?? '',
  });
  return Number(balance);
}

async function coinShort(ctx: RequestContext): Promise<string> {
  const [row] = await ctx.db
    .select({ short: shopSettings.coinShort })
    .from(shopSettings)
    .where(eq(shopSettings.clientId, ctx.tenant()));
  return row?.short ?? 'C';
}

// ---------------------------------------------------------------------------------------------------------------
// Accruals

export async function accrue(
  platform: Platform,
  ctx: RequestContext,
  body: AccrueBody,
): Promise<{ _id: string; balance: number }> {
  await assertManager(ctx);
  if (!body.amount && !body.achievement) throw new AppError(400, 'shop_accrual_empty');
  await assertActivePeople(ctx, [body.who], 'who', 'user_not_found');
  let achievement: { name: string } | null = null;
  if (body.achievement) {
    [achievement] = await ctx.db
      .select({ name: shopAchievements.name })
      .from(shopAchievements)
      .where(liveAchievement(ctx, body.achievement));
    if (!achievement) throw notFound('shop_achievement_not_found');
  }
  const [accrual] = await ctx.db
    .insert(shopAccruals)
    .values({
      clientId: ctx.tenant(),
      userId: body.who,
      authorId: ctx.me().id,
      amount: body.amount ?? null,
      achievementId: body.achievement ?? null,
      comment: body.comment,
      publish: body.publish,
    })
    .returning({ id: shopAccruals.id });
  if (body.amount)
    await move(ctx, body.who, body.amount, { kind: 'accrual', accrualId: accrual.id, comment: body.comment });
  const short = await coinShort(ctx);
  const amount = body.amount ? `+${body.amount} ${short}` : '';
  if (body.publish) {
    const [card] = (await personCards(ctx.db, [body.who])).values();
    const reward = [amount, achievement ? `🏆 ${achievement.name}` : ''].filter(Boolean).join(' · ');
    await publishThanks(platform, ctx, {
      text: `${mentionMarkup(body.who, card.name)} ${body.comment}\n${reward}`.trim(),
      person: body.who,
      field: 'comment',
    });
  }
  await notify(ctx, {
    code: 'shop.accrual',
    recipients: [body.who],
    vars: { amount, achievement: achievement ? `🏆 ${achievement.name}` : '', comment: body.comment },
    link: '/shop/balance',
  });
  return { _id: accrual.id, balance: await balanceOf(ctx, body.who) };
}

/**
 * Cancels an accrual: its coins are taken back (a `cancellation` row) and its achievement with it. Refused with 409
 * `shop_accrual_not_cancelled`, nothing changed, when it is cancelled already or the person spent the coins.
 */
export async function cancelAccrual(ctx: RequestContext, id: string): Promise<void> {
  await assertManager(ctx);
  const [row] = await ctx.db
    .select({ id: shopAccruals.id })
    .from(shopAccruals)
    .where(and(eq(shopAccruals.clientId, ctx.tenant()), eq(shopAccruals.id, id)));
  if (!row) throw notFound('shop_accrual_not_found');
  const [cancelled] = await ctx.db
    .update(shopAccruals)
    .set({ cancelledAt: new Date(), cancelledBy: ctx.me().id })
    .where(and(eq(shopAccruals.clientId, ctx.tenant()), eq(shopAccruals.id, id), isNull(shopAccruals.cancelledAt)))
    .returning({ userId: shopAccruals.userId, amount: shopAccruals.amount });
  if (!cancelled) throw conflict('shop_accrual_not_cancelled');
  if (cancelled.amount) {
    const left = await move(ctx, cancelled.userId, -cancelled.amount, { kind: 'cancellation', accrualId: id });
    // Throwing rolls the cancellation back with the request's transaction.
    if (left === null) throw conflict('shop_accrual_not_cancelled');
  }
}

/** `{id}` the workspace: everyone's coins (or the listed people's) back to zero, each with a `nullification` row. */
export async function nullify(
  ctx: RequestContext,
  clientId: string,
  body: { users?: string[]; comment: string },
): Promise<{ people: number; coins: number }> {
  assertOwnWorkspace(ctx, clientId);
  await assertManager(ctx);
  if (body.users) await assertActivePeople(ctx, body.users, 'users', 'user_not_found');
  const only = body.users ? sql`AND user_id = ANY(${sql.param(body.users)}::uuid[])` : sql``;
  const [row] = await rowsOf<{ people: number; coins: number }>(
    ctx.db,
    sql`WITH old AS (
        SELECT user_id, amount FROM shop_balances
        WHERE client_id = ${clientId} AND amount > 0 ${only} FOR UPDATE
      ), cleared AS (
        UPDATE shop_balances b SET amount = 0 FROM old WHERE b.user_id = old.user_id RETURNING b.user_id, old.amount
      ), written AS (
        INSERT INTO shop_ledger (id, client_id, user_id, kind, delta, balance, author_id, comment)
        SELECT gen_random_uuid(), ${clientId}, user_id, 'nullification', -amount, 0, ${ctx.me().id}, ${body.comment}
        FROM cleared RETURNING delta
      )
      SELECT count(*)::int AS people, coalesce(-sum(delta), 0)::int AS coins FROM written`,
  );
  return { people: Number(row.people), coins: Number(row.coins) };
}

// ---------------------------------------------------------------------------------------------------------------
// Purchases

interface PurchaseSqlRow {
  id: string;
  item_id: string;
  item_name: string;
  item_pic: StoredFile | null;
  buyer: PersonCard;
  cost: number;
  created: string | Date;
  handed_at: string | Date | null;
  handed_by: PersonCard | null;
}

function purchaseRows(ctx: RequestContext, where: ReturnType<typeof sql>, limit = 1, offset = 0) {
  return rowsOf<PurchaseSqlRow>(
    ctx.db,
    sql`SELECT p.id, p.item_id, i.name AS item_name, i.pics->0 AS item_pic, ${personCardSql(sql`p.user_id`)} AS buyer,
        p.cost, p.created, p.handed_at, CASE WHEN p.handed_by IS NULL THEN NULL ELSE ${personCardSql(sql`p.handed_by`)} END AS handed_by
      FROM shop_purchases p JOIN shop_items i ON i.client_id = p.client_id AND i.id = p.item_id
      WHERE p.client_id = ${ctx.tenant()} AND ${where}
      ORDER BY p.created DESC, p.id DESC LIMIT ${limit} OFFSET ${offset}`,
  );
}

const presentPurchase = (row: PurchaseSqlRow, can: ShopCan): PurchaseDto => ({
  _id: row.id,
  item: { _id: row.item_id, name: row.item_name, pic: row.item_pic ?? null },
  buyer: row.buyer ?? unknownPerson(''),
  cost: Number(row.cost),
  date: new Date(row.created).toISOString(),
  handed: row.handed_at !== null,
  handed_at: row.handed_at ? new Date(row.handed_at).toISOString() : null,
  handed_by: row.handed_by ?? null,
  can: { hand: can.manage && row.handed_at === null },
});

async function onePurchase(ctx: RequestContext, id: string, can: ShopCan): Promise<PurchaseDto> {
  const [row] = await purchaseRows(ctx, sql`p.id = ${id}`);
  if (!row) throw notFound('shop_purchase_not_found');
  return presentPurchase(row, can);
}

async function balanceOf(ctx: RequestContext, userId: string): Promise<number> {
  const [row] = await rowsOf<{ amount: number }>(
    ctx.db,
    sql`SELECT amount FROM shop_balances WHERE client_id = ${ctx.tenant()} AND user_id = ${userId}`,
  );
  return Number(row?.amount ?? 0);
}

/**
 * One of an item (modules §4: its rest follows). The purchase row comes first: a repeated `request_id` of the same
 * buyer finds it (the unique key decides between racing repeats; the loser reads the winner's row once it
 * committed) and answers it again. Then the buyer's coins and, last, the item's rest are each taken by a conditional
 * update; a refusal throws, which rolls the whole purchase back.
 */
export async function buy(
  platform: Platform,
  ctx: RequestContext,
  body: BuyBody,
): Promise<{ purchase: PurchaseDto; balance: number; rest: number }> {
  const can = await shopCan(ctx);
  if (!can.buy) throw forbidden('superadmin_cannot_buy');
  const me = ctx.me().id;
  const item = await itemRow(ctx, body.item_id);
  const [made] = await ctx.db
    .insert(shopPurchases)
    .values({
      clientId: ctx.tenant(),
      userId: me,
      itemId: item.id,
      cost: item.cost,
      requestId: body.request_id ?? null,
    })
    .onConflictDoNothing({ target: [shopPurchases.clientId, shopPurchases.userId, shopPurchases.requestId] })
    .returning({ id: shopPurchases.id });
  if (!made) {
    const [again] = await ctx.db
      .select({ id: shopPurchases.id, itemId: shopPurchases.itemId })
      .from(shopPurchases)
      .where(
        and(
          eq(shopPurchases.clientId, ctx.tenant()),
          eq(shopPurchases.userId, me),
          eq(shopPurchases.requestId, body.request_id!),
        ),
      );
    return {
      purchase: await onePurchase(ctx, again.id, can),
      balance: await balanceOf(ctx, me),
      rest: await itemRest(ctx, again.itemId),
    };
  }
  const balance = await move(ctx, me, -item.cost, { kind: 'purchase', purchaseId: made.id });
  if (balance === null) throw conflict('not_enough_coins');
  await notify(ctx, {
    code: 'shop.purchase',
    recipients: await rowsOf<{ id: string }>(ctx.db, purchaseHandlersSql(ctx.tenant(), await managerIds(ctx))).then(
      (rows) => rows.map((r) => r.id),
    ),
    vars: { item: item.name, cost: `${item.cost} ${await coinShort(ctx)}` },
    link: '/shop/balance?view=purchases',
  });
  const purchase = await onePurchase(ctx, made.id, can);
  // The item's row is the one every buyer waits on: it is taken last, so the lock lasts one statement and the commit.
  // At the price the buyer was charged: a price changed meanwhile refuses, rolling the charge back.
  const [sold] = await rowsOf<{ rest: number }>(
    ctx.db,
    sql`UPDATE shop_items SET rest = rest - 1, sales = sales + 1
      WHERE client_id = ${ctx.tenant()} AND id = ${item.id} AND rest >= 1 AND cost = ${item.cost} RETURNING rest`,
  );
  if (!sold) throw conflict((await itemRow(ctx, item.id)).cost === item.cost ? 'sold_out' : 'shop_item_changed');
  const rest = Number(sold.rest);
  announce(platform, ctx, null, ITEM_REST_EVENT, { item_id: item.id, rest });
  return { purchase, balance, rest };
}

export async function listPurchases(
  ctx: RequestContext,
  clientId: string,
  query: { state: 'pending' | 'handed' | 'all'; limit: number; offset: number },
): Promise<{ result: PurchaseDto[]; total: number }> {
  assertOwnWorkspace(ctx, clientId);
  const can = await assertManager(ctx);
  const where =
    query.state === 'pending'
      ? sql`p.handed_at IS NULL`
      : query.state === 'handed'
        ? sql`p.handed_at IS NOT NULL`
        : sql`TRUE`;
  const rows = await purchaseRows(ctx, where, query.limit, query.offset);
  const [count] = await rowsOf<{ n: number }>(
    ctx.db,
    sql`SELECT count(*)::int AS n FROM shop_purchases p WHERE p.client_id = ${ctx.tenant()} AND ${where}`,
  );
  return { result: rows.map((r) => presentPurchase(r, can)), total: Number(count.n) };
}

/** A manager marks a purchase handed over; the buyer is told once (again: answered as it is). */
export async function handOver(ctx: RequestContext, id: string): Promise<PurchaseDto> {
  const can = await assertManager(ctx);
  const [handed] = await ctx.db
    .update(shopPurchases)
    .set({ handedAt: new Date(), handedBy: ctx.me().id })
    .where(and(eq(shopPurchases.clientId, ctx.tenant()), eq(shopPurchases.id, id), isNull(shopPurchases.handedAt)))
    .returning({ userId: shopPurchases.userId });
  const purchase = await onePurchase(ctx, id, can);
  if (handed) {
    await notify(ctx, {
      code: 'shop.handed',
      recipients: [handed.userId],
      vars: { item: purchase.item.name },
      link: '/shop/balance',
    });
  }
  return purchase;
}

// ---------------------------------------------------------------------------------------------------------------
// Balances and history

async function assertPerson(ctx: RequestContext, userId: string): Promise<void> {
  if (!(await isWorkspacePerson(ctx, userId))) throw notFound('user_not_found');
}

export async function balance(ctx: RequestContext, userId: string): Promise<BalanceResult> {
  await assertPerson(ctx, userId);
  const can = await shopCan(ctx);
  const ach = await rowsOf<{
    id: string;
    achievement_id: string;
    name: string;
    description: string;
    pic: StoredFile | null;
    comment: string;
    created: string | Date;
    by: PersonCard | null;
  }>(
    ctx.db,
    sql`SELECT x.id, a.id AS achievement_id, a.name, a.description, a.pic, x.comment, x.created,
        CASE WHEN x.author_id IS NULL THEN NULL ELSE ${personCardSql(sql`x.author_id`)} END AS by
      FROM shop_accruals x JOIN shop_achievements a ON a.client_id = x.client_id AND a.id = x.achievement_id
      WHERE x.client_id = ${ctx.tenant()} AND x.user_id = ${userId} AND x.cancelled_at IS NULL
      ORDER BY x.created DESC, x.id DESC`,
  );
  const achievements: UserAchievementDto[] = ach.map((r) => ({
    _id: r.id,
    achievement: { _id: r.achievement_id, name: r.name, description: r.description, pic: r.pic ?? null },
    comment: r.comment,
    date: new Date(r.created).toISOString(),
    by: r.by ?? null,
  }));
  if (!mayReadCoins(ctx, can, userId)) return { amount: null, earned: null, spent: null, ach: achievements };
  const [row] = await rowsOf<{ amount: number; earned: number; spent: number }>(
    ctx.db,
    sql`SELECT amount, earned, spent FROM shop_balances WHERE client_id = ${ctx.tenant()} AND user_id = ${userId}`,
  );
  return {
    amount: Number(row?.amount ?? 0),
    earned: Number(row?.earned ?? 0),
    spent: Number(row?.spent ?? 0),
    ach: achievements,
  };
}

const BALANCE_ORDER = {
  name: sql`lower(u.last_name), lower(u.first_name)`,
  amount: sql`coalesce(b.amount, 0)`,
  earned: sql`coalesce(b.earned, 0)`,
  spent: sql`coalesce(b.spent, 0)`,
} as const;

/** Every active person of the workspace with their coins (zeros for those who never had any), searched and paged. */
export async function listBalances(
  ctx: RequestContext,
  clientId: string,
  query: BalancesQuery,
): Promise<{ result: BalanceRow[]; total: number }> {
  assertOwnWorkspace(ctx, clientId);
  await assertManager(ctx);
  const search = query.q
    ? sql`AND (u.first_name || ' ' || u.last_name) ILIKE ${`%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`
    : sql``;
  const direction = query.order === 'desc' ? sql`DESC` : sql`ASC`;
  const people = sql`FROM users u LEFT JOIN shop_balances b ON b.user_id = u.id AND b.client_id = u.client_id
    WHERE u.client_id = ${ctx.tenant()} AND NOT u.deletion_mark ${search}`;
  const rows = await rowsOf<{ user: PersonCard; amount: number; earned: number; spent: number; achievements: number }>(
    ctx.db,
    sql`SELECT json_build_object('_id', u.id, 'name', trim(u.first_name || ' ' || u.last_name),
          'avatar', coalesce(u.pics->0->>'mini', u.pics->0->>'src'), 'position', u.position) AS user,
        coalesce(b.amount, 0) AS amount, coalesce(b.earned, 0) AS earned, coalesce(b.spent, 0) AS spent,
        (SELECT count(*)::int FROM shop_accruals x WHERE x.client_id = u.client_id AND x.user_id = u.id
          AND x.achievement_id IS NOT NULL AND x.cancelled_at IS NULL) AS achievements
      ${people}
      ORDER BY ${BALANCE_ORDER[query.sort]} ${direction}, u.id
      LIMIT ${query.limit} OFFSET ${query.offset}`,
  );
  const [count] = await rowsOf<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n ${people}`);
  return {
    result: rows.map((r) => ({
      user: r.user,
      amount: Number(r.amount),
      earned: Number(r.earned),
      spent: Number(r.spent),
      achievements: Number(r.achievements),
    })),
    total: Number(count.n),
  };
}

interface EntrySqlRow {
  id: string;
  kind: ShopEntryKind;
  delta: number;
  balance: number;
  created: string | Date;
  comment: string;
  by: PersonCard | null;
  accrual_id: string | null;
  cancelled: boolean;
  achievement: { _id: string; name: string; pic: StoredFile | null } | null;
  item: { _id: string; name: string } | null;
  handed: boolean | null;
}

function historyRows(
  ctx: RequestContext,
  userId: string,
  page: { limit: number; offset: number },
): Promise<EntrySqlRow[]> {
  return rowsOf<EntrySqlRow>(
    ctx.db,
    sql`SELECT l.id, l.kind, l.delta, l.balance, l.created, l.comment,
        CASE WHEN l.author_id IS NULL THEN NULL ELSE ${personCardSql(sql`l.author_id`)} END AS by,
        l.accrual_id, (x.cancelled_at IS NOT NULL) AS cancelled,
        CASE WHEN a.id IS NULL THEN NULL ELSE json_build_object('_id', a.id, 'name', a.name, 'pic', a.pic) END AS achievement,
        CASE WHEN i.id IS NULL THEN NULL ELSE json_build_object('_id', i.id, 'name', i.name) END AS item,
        CASE WHEN p.id IS NULL THEN NULL ELSE p.handed_at IS NOT NULL END AS handed
      FROM shop_ledger l
      LEFT JOIN shop_accruals x ON x.client_id = l.client_id AND x.id = l.accrual_id
      LEFT JOIN shop_achievements a ON a.client_id = x.client_id AND a.id = x.achievement_id
      LEFT JOIN shop_purchases p ON p.client_id = l.client_id AND p.id = l.purchase_id
      LEFT JOIN shop_items i ON i.client_id = p.client_id AND i.id = p.item_id
      WHERE l.client_id = ${ctx.tenant()} AND l.user_id = ${userId}
      ORDER BY l.created DESC, l.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
}

const presentEntry = (row: EntrySqlRow, can: ShopCan): LedgerEntryDto => ({
  _id: row.id,
  kind: row.kind,
  amount: Number(row.delta),
  balance: Number(row.balance),
  date: new Date(row.created).toISOString(),
  comment: row.comment,
  by: row.by ?? null,
  achievement: row.achievement ? { ...row.achievement, pic: row.achievement.pic ?? null } : null,
  item: row.item,
  handed: row.handed,
  accrual_id: row.kind === 'accrual' ? row.accrual_id : null,
  cancelled: row.kind === 'accrual' && !!row.cancelled,
  can: { cancel: can.manage && row.kind === 'accrual' && !row.cancelled },
});

export async function history(
  ctx: RequestContext,
  userId: string,
  page: { limit: number; offset: number },
): Promise<{ result: LedgerEntryDto[]; total: number }> {
  await assertPerson(ctx, userId);
  const can = await shopCan(ctx);
  authorize(mayReadCoins(ctx, can, userId));
  const rows = await historyRows(ctx, userId, page);
  const [count] = await rowsOf<{ n: number }>(
    ctx.db,
    sql`SELECT count(*)::int AS n FROM shop_ledger WHERE client_id = ${ctx.tenant()} AND user_id = ${userId}`,
  );
  return { result: rows.map((r) => presentEntry(r, can)), total: Number(count.n) };
}

// ---------------------------------------------------------------------------------------------------------------
// Statistics

const DAY = 86_400_000;
/** The longest period the statistics cover (two years and a day for a leap year). */
const STATS_DAYS_MAX = 732;

export async function stats(ctx: RequestContext, body: StatsBody): Promise<StatsResult['result']> {
  assertOwnWorkspace(ctx, body.client_id);
  await assertManager(ctx);
  const from = Date.parse(`${body.from}T00:00:00Z`);
  const to = Date.parse(`${body.to}T00:00:00Z`);
  if (to < from || (to - from) / DAY > STATS_DAYS_MAX) throw new AppError(400, 'shop_period_invalid');
  const clientId = ctx.tenant();
  // The period in UTC days: [from, to + 1 day).
  const range = sql`l.created >= ${body.from}::date AND l.created < ${body.to}::date + 1`;
  const unit = sql.raw(`'${body.period}'`);
  const [totals] = await rowsOf<{ earned: number; spent: number; purchases: number; held: number }>(
    ctx.db,
    sql`SELECT
        coalesce(sum(l.delta) FILTER (WHERE l.kind IN ('accrual', 'cancellation')), 0)::int AS earned,
        coalesce(-sum(l.delta) FILTER (WHERE l.kind = 'purchase'), 0)::int AS spent,
        (count(*) FILTER (WHERE l.kind = 'purchase'))::int AS purchases,
        (SELECT coalesce(sum(amount), 0)::int FROM shop_balances WHERE client_id = ${clientId}) AS held
      FROM shop_ledger l WHERE l.client_id = ${clientId} AND ${range}`,
  );
  const series = await rowsOf<{ start: string; earned: number; spent: number }>(
    ctx.db,
    sql`SELECT to_char(s.start, 'YYYY-MM-DD') AS start,
        coalesce(sum(l.delta) FILTER (WHERE l.kind IN ('accrual', 'cancellation')), 0)::int AS earned,
        coalesce(-sum(l.delta) FILTER (WHERE l.kind = 'purchase'), 0)::int AS spent
      FROM generate_series(date_trunc(${unit}, ${body.from}::timestamp), ${body.to}::timestamp, ('1 ' || ${unit})::interval)
        AS s(start)
      LEFT JOIN shop_ledger l ON l.client_id = ${clientId} AND ${range}
        AND date_trunc(${unit}, l.created AT TIME ZONE 'UTC') = s.start
      GROUP BY s.start ORDER BY s.start`,
  );
  const topItems = await rowsOf<{ id: string; name: string; count: number; coins: number }>(
    ctx.db,
    sql`SELECT i.id, i.name, count(*)::int AS count, sum(p.cost)::int AS coins
      FROM shop_purchases p JOIN shop_items i ON i.client_id = p.client_id AND i.id = p.item_id
      WHERE p.client_id = ${clientId} AND p.created >= ${body.from}::date AND p.created < ${body.to}::date + 1
      GROUP BY i.id, i.name ORDER BY count DESC, coins DESC, i.name LIMIT 5`,
  );
  const topEarners = await rowsOf<{ user: PersonCard; earned: number }>(
    ctx.db,
    sql`SELECT ${personCardSql(sql`t.user_id`)} AS user, t.earned FROM (
        SELECT x.user_id, sum(x.amount)::int AS earned FROM shop_accruals x
        WHERE x.client_id = ${clientId} AND x.cancelled_at IS NULL AND x.amount IS NOT NULL
          AND x.created >= ${body.from}::date AND x.created < ${body.to}::date + 1
        GROUP BY x.user_id ORDER BY earned DESC, x.user_id LIMIT 5) t
      ORDER BY t.earned DESC, t.user_id`,
  );
  return {
    earned: Number(totals.earned),
    spent: Number(totals.spent),
    purchases: Number(totals.purchases),
    held: Number(totals.held),
    series: series.map((s) => ({ start: s.start, earned: Number(s.earned), spent: Number(s.spent) })),
    top_items: topItems.map((r) => ({
      item: { _id: r.id, name: r.name },
      count: Number(r.count),
      coins: Number(r.coins),
    })),
    top_earners: topEarners.map((r) => ({ user: r.user, earned: Number(r.earned) })),
  };
}
