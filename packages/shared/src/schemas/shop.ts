import { z } from 'zod';
import { LONG_TEXT_MAX } from '../limits.js';
import { id, isoDate, isoDateTime } from './common.js';
import { storedFile } from './files.js';
import { personCard } from './posts.js';

/**
 * The shop, its coins and achievements (modules §2 /shop/, §3 Shop, §4, §5 Shop, §6 shop managers, §7 "Shop", §8,
 * §9; docs/api.md "Shop"). Every change of a person's coins is an append-only ledger row; the balance is kept in one
 * row per person updated in the same transaction, and the two always agree.
 */

/** Bounds of every amount of coins (an accrual, an item's cost) and of an item's stock. */
export const SHOP_COINS_MAX = 1_000_000;
export const SHOP_STOCK_MAX = 100_000;
export const SHOP_NAME_MAX = 100;
export const SHOP_COIN_NAME_MAX = 50;
export const SHOP_COIN_SHORT_MAX = 5;
export const SHOP_ITEM_NAME_MAX = 200;
export const SHOP_ACHIEVEMENT_NAME_MAX = 100;
export const SHOP_DESCRIPTION_MAX = LONG_TEXT_MAX;
export const SHOP_COMMENT_MAX = 2000;
export const SHOP_ITEM_PICS_MAX = 5;
export const SHOP_MANAGERS_MAX = 50;
export const SHOP_PAGE_DEFAULT = 50;
export const SHOP_PAGE_MAX = 100;
export const SHOP_SEARCH_MAX = 100;
/** Default shop name (modules §9). */
export const SHOP_DEFAULT_NAME = 'Shop!';
/** An item's picture is cropped to this size (modules §9). */
export const SHOP_ITEM_PIC = { width: 200, height: 360 } as const;

export const SHOP_ITEM_SORTS = ['sort', 'name', 'cost', 'created', 'rest'] as const;
export type ShopItemSort = (typeof SHOP_ITEM_SORTS)[number];
export const SHOP_ORDERS = ['asc', 'desc'] as const;
/** What a ledger row records. */
export const SHOP_ENTRY_KINDS = ['accrual', 'purchase', 'cancellation', 'nullification'] as const;
export type ShopEntryKind = (typeof SHOP_ENTRY_KINDS)[number];
export const SHOP_STAT_PERIODS = ['day', 'week', 'month'] as const;
export type ShopStatPeriod = (typeof SHOP_STAT_PERIODS)[number];
export const SHOP_PURCHASE_STATES = ['pending', 'handed', 'all'] as const;
export const SHOP_BALANCE_SORTS = ['name', 'amount', 'earned', 'spent'] as const;

const coins = z
  .number('shop_amount_invalid')
  .int('shop_amount_invalid')
  .min(1, 'shop_amount_invalid')
  .max(SHOP_COINS_MAX, 'shop_amount_invalid');
const stock = z
  .number('shop_item_amount_invalid')
  .int('shop_item_amount_invalid')
  .min(0, 'shop_item_amount_invalid')
  .max(SHOP_STOCK_MAX, 'shop_item_amount_invalid');
const description = z.string().trim().max(SHOP_DESCRIPTION_MAX, 'too_long');
const page = {
  limit: z.coerce.number().int().min(1).max(SHOP_PAGE_MAX).default(SHOP_PAGE_DEFAULT),
  offset: z.coerce.number().int().min(0).default(0),
};

// ---------------------------------------------------------------------------------------------------------------
// Settings: GET api/shop/byClient/{id}, PUT api/shop

/** `PUT api/shop`: the workspace's shop (its administrators). `pic` is an uploaded file's id. */
export const shopSettingsBody = z.object({
  client_id: id,
  name: z.string().trim().min(1, 'shop_name_required').max(SHOP_NAME_MAX, 'too_long'),
  coin: z.string().trim().min(1, 'shop_coin_required').max(SHOP_COIN_NAME_MAX, 'too_long'),
  coin_short: z.string().trim().min(1, 'shop_coin_required').max(SHOP_COIN_SHORT_MAX, 'too_long'),
  description: description.default(''),
  pic: id.nullable().optional(),
  managers: z.array(id).max(SHOP_MANAGERS_MAX, 'too_long').default([]),
});
export type ShopSettingsBody = z.infer<typeof shopSettingsBody>;

/** What the caller may do in the shop, sent with its settings (the web computes no rule). */
export const shopCan = z.object({
  /** Buy items: any person of the workspace but the superadmin. */
  buy: z.boolean(),
  /** Items, achievements, accruals, balances, statistics, purchases: the managers and administrators. */
  manage: z.boolean(),
  /** The settings, managers among them: administrators. */
  settings: z.boolean(),
});
export type ShopCan = z.infer<typeof shopCan>;

export const shopSettingsDto = z.object({
  _id: z.string(),
  client_id: z.string(),
  name: z.string(),
  coin: z.string(),
  coin_short: z.string(),
  description: z.string(),
  pic: storedFile.nullable(),
  managers: z.array(personCard),
  can: shopCan,
});
export type ShopSettingsDto = z.infer<typeof shopSettingsDto>;
export const shopSettingsResult = z.object({ result: shopSettingsDto });

// ---------------------------------------------------------------------------------------------------------------
// Achievements: GET api/shop/achievements/{client}, POST/PUT api/shop/{client_id}/achievements,
// DELETE api/shop/achievements/{id}

export const achievementBody = z.object({
  name: z.string().trim().min(1, 'shop_achievement_name_required').max(SHOP_ACHIEVEMENT_NAME_MAX, 'too_long'),
  description: description.default(''),
  pic: id.nullable().optional(),
});
export const achievementUpdateBody = achievementBody.extend({ _id: id });
export type AchievementBody = z.infer<typeof achievementBody>;

export const achievementDto = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  pic: storedFile.nullable(),
  /** How many people hold it (accruals not cancelled). */
  holders: z.number().int(),
  created: isoDateTime(),
  can: z.object({ edit: z.boolean(), delete: z.boolean() }),
});
export type AchievementDto = z.infer<typeof achievementDto>;
export const achievementResult = z.object({ result: achievementDto });
export const achievementList = z.object({ result: z.array(achievementDto) });

// ---------------------------------------------------------------------------------------------------------------
// Items: GET api/shop/{client_id}/shop_items?sort&order, POST/PUT api/shop/{client_id}/shop_items,
// DELETE api/shop/shop_items/{id}, GET api/shop/item_rest/{id}, POST api/shop/shop_items/{id}/add/{amount}

export const shopItemsQuery = z.object({
  sort: z.enum(SHOP_ITEM_SORTS).default('sort'),
  order: z.enum(SHOP_ORDERS).default('asc'),
});
export type ShopItemsQuery = z.infer<typeof shopItemsQuery>;

export const shopItemBody = z.object({
  name: z.string().trim().min(1, 'shop_item_name_required').max(SHOP_ITEM_NAME_MAX, 'too_long'),
  description: description.default(''),
  cost: coins,
  /** The stock it starts with; later stock is added with `add/{amount}`. Taken at creation only. */
  start_amount: stock,
  /** Uploaded pictures' ids, already cropped to 200x360 by the web. */
  pics: z.array(id).max(SHOP_ITEM_PICS_MAX, 'too_long').default([]),
  /** Its place in the shop when sorted by `sort` (ascending). */
  sort: z.number().int().min(0).max(1_000_000).default(0),
});
export const shopItemUpdateBody = shopItemBody.omit({ start_amount: true }).extend({ _id: id });
export type ShopItemBody = z.infer<typeof shopItemBody>;
export type ShopItemUpdateBody = z.infer<typeof shopItemUpdateBody>;
export const shopItemAddParams = z.object({
  id,
  amount: z.coerce
    .number('shop_item_amount_invalid')
    .int('shop_item_amount_invalid')
    .min(1, 'shop_item_amount_invalid')
    .max(SHOP_STOCK_MAX, 'shop_item_amount_invalid'),
});

export const shopItemDto = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  cost: z.number().int(),
  start_amount: z.number().int(),
  /** All stock ever added, the start amount included. */
  amount: z.number().int(),
  rest: z.number().int(),
  /** How many were bought. */
  sales: z.number().int(),
  pics: z.array(storedFile),
  sort: z.number().int(),
  created: isoDateTime(),
  can: z.object({ buy: z.boolean(), edit: z.boolean(), delete: z.boolean(), add: z.boolean() }),
});
export type ShopItemDto = z.infer<typeof shopItemDto>;
export const shopItemResult = z.object({ result: shopItemDto });
export const shopItemList = z.object({ result: z.array(shopItemDto) });
export const itemRestResult = z.object({ rest: z.number().int() });

// ---------------------------------------------------------------------------------------------------------------
// Accruals and purchases: POST api/shop/accrue, DELETE api/shop/accrue/{id}, POST api/shop/buy

/** `POST api/shop/accrue` (modules §3 Accrual: who, amount, achievement, comment, publish on wall). */
export const accrueBody = z.object({
  who: z.uuid('shop_recipient_required'),
  amount: coins.optional(),
  achievement: id.nullable().optional(),
  comment: z.string().trim().max(SHOP_COMMENT_MAX, 'too_long').default(''),
  /** Publish a thank-you post on the company wall, by the manager, naming the person. */
  publish: z.boolean().default(false),
});
export type AccrueBody = z.infer<typeof accrueBody>;
/** The accrual made, and the person's balance after it. */
export const accrueResult = z.object({ result: z.object({ _id: z.string(), balance: z.number().int() }) });

/** `POST api/shop/buy`: one of an item. `request_id` is made by the tab: the same one again answers the same purchase. */
export const buyBody = z.object({
  item_id: id,
  request_id: z.string().trim().min(1).max(64).optional(),
});
export type BuyBody = z.infer<typeof buyBody>;

export const purchaseDto = z.object({
  _id: z.string(),
  item: z.object({ _id: z.string(), name: z.string(), pic: storedFile.nullable() }),
  buyer: personCard,
  cost: z.number().int(),
  date: isoDateTime(),
  handed: z.boolean(),
  handed_at: isoDateTime().nullable(),
  handed_by: personCard.nullable(),
  can: z.object({ hand: z.boolean() }),
});
export type PurchaseDto = z.infer<typeof purchaseDto>;
export const buyResult = z.object({
  result: z.object({ purchase: purchaseDto, balance: z.number().int(), rest: z.number().int() }),
});
export const purchasesQuery = z.object({ state: z.enum(SHOP_PURCHASE_STATES).default('pending'), ...page });
export const purchaseList = z.object({ result: z.array(purchaseDto), total: z.number().int() });
export const purchaseResult = z.object({ result: purchaseDto });

// ---------------------------------------------------------------------------------------------------------------
// Balances: GET api/shop/balance/{id} (a person), GET api/shop/balances/{id} (the workspace),
// GET api/shop/history/{user_id}, POST api/shop/balances/nullify/{id}

export const userAchievementDto = z.object({
  /** The accrual that gave it (cancelling it takes the achievement back). */
  _id: z.string(),
  achievement: z.object({
    _id: z.string(),
    name: z.string(),
    description: z.string(),
    pic: storedFile.nullable(),
  }),
  comment: z.string(),
  date: isoDateTime(),
  by: personCard.nullable(),
});
export type UserAchievementDto = z.infer<typeof userAchievementDto>;

/** A person's coins (null to colleagues other than the person and the managers) and achievements (public). */
export const balanceResult = z.object({
  amount: z.number().int().nullable(),
  earned: z.number().int().nullable(),
  spent: z.number().int().nullable(),
  ach: z.array(userAchievementDto),
});
export type BalanceResult = z.infer<typeof balanceResult>;

export const balancesQuery = z.object({
  q: z.string().trim().max(SHOP_SEARCH_MAX, 'too_long').default(''),
  sort: z.enum(SHOP_BALANCE_SORTS).default('amount'),
  order: z.enum(SHOP_ORDERS).default('desc'),
  ...page,
});
export type BalancesQuery = z.infer<typeof balancesQuery>;
export const balanceRow = z.object({
  user: personCard,
  amount: z.number().int(),
  earned: z.number().int(),
  spent: z.number().int(),
  achievements: z.number().int(),
});
export type BalanceRow = z.infer<typeof balanceRow>;
/** Every active person of the workspace, with zeros for those who never had coins. */
export const balanceList = z.object({ result: z.array(balanceRow), total: z.number().int() });

export const historyQuery = z.object(page);
export const ledgerEntryDto = z.object({
  _id: z.string(),
  kind: z.enum(SHOP_ENTRY_KINDS),
  /** Signed: positive for earnings, negative for purchases, cancellations and nullifications. */
  amount: z.number().int(),
  /** The balance right after it. */
  balance: z.number().int(),
  date: isoDateTime(),
  comment: z.string(),
  by: personCard.nullable(),
  achievement: z.object({ _id: z.string(), name: z.string(), pic: storedFile.nullable() }).nullable(),
  item: z.object({ _id: z.string(), name: z.string() }).nullable(),
  /** A purchase: whether a manager handed it over (null for other kinds). */
  handed: z.boolean().nullable(),
  /** An accrual: its id for `DELETE api/shop/accrue/{id}`, and whether it was cancelled. */
  accrual_id: z.string().nullable(),
  cancelled: z.boolean(),
  can: z.object({ cancel: z.boolean() }),
});
export type LedgerEntryDto = z.infer<typeof ledgerEntryDto>;
export const historyList = z.object({ result: z.array(ledgerEntryDto), total: z.number().int() });

/** `POST api/shop/balances/nullify/{id}`, `{id}` the workspace: everyone's balance, or the people listed. */
export const nullifyBody = z.object({
  users: z.array(id).max(10_000, 'too_long').optional(),
  comment: z.string().trim().max(SHOP_COMMENT_MAX, 'too_long').default(''),
});
export const nullifyResult = z.object({ result: z.object({ people: z.number().int(), coins: z.number().int() }) });

// ---------------------------------------------------------------------------------------------------------------
// Statistics: POST api/shop/stats

export const statsBody = z.object({
  client_id: id,
  from: isoDate,
  to: isoDate,
  period: z.enum(SHOP_STAT_PERIODS).default('week'),
});
export type StatsBody = z.infer<typeof statsBody>;
export const statsResult = z.object({
  result: z.object({
    earned: z.number().int(),
    spent: z.number().int(),
    purchases: z.number().int(),
    /** Coins held now by the workspace's people. */
    held: z.number().int(),
    /** One row per day, week or month of the period (its first day), zeros included. */
    series: z.array(z.object({ start: isoDate, earned: z.number().int(), spent: z.number().int() })),
    top_items: z.array(
      z.object({
        item: z.object({ _id: z.string(), name: z.string() }),
        count: z.number().int(),
        coins: z.number().int(),
      }),
    ),
    top_earners: z.array(z.object({ user: personCard, earned: z.number().int() })),
  }),
});
export type StatsResult = z.infer<typeof statsResult>;
