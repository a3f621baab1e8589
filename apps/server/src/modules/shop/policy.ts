import type { ShopCan } from '@hallway/shared/shop';
import { type SQL, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/http/context.js';

/**
 * Who does what in the shop (modules §6, portal §6; docs/api.md "Shop"):
 * - everyone with the `shop` right sees the items and the achievements and buys, except the superadmin;
 * - the shop's managers and the workspace's administrators (the superadmin among them) keep the items and the
 *   achievements, give and cancel coins, see everyone's balances, the statistics and the purchases to hand over;
 * - the settings, the managers among them, are the administrators'.
 */
export function shopPolicy(ctx: RequestContext, managerIds: readonly string[]): ShopCan {
  const manage = ctx.isAdmin || (!!ctx.user && managerIds.includes(ctx.user.id));
  return { buy: !ctx.isSuperadmin && !!ctx.user, manage, settings: ctx.isAdmin };
}

/** A person's coins and history: their own, or anybody's for the managers. */
export const mayReadCoins = (ctx: RequestContext, can: ShopCan, userId: string): boolean =>
  can.manage || ctx.user?.id === userId;

/** Who is told of a purchase: the shop's managers, or the workspace's administrators when it has none (ids, SQL). */
export function purchaseHandlersSql(clientId: string, managerIds: readonly string[]): SQL {
  if (managerIds.length) return sql`SELECT unnest(${sql.param([...managerIds])}::uuid[]) AS id`;
  return sql`SELECT id FROM users WHERE client_id = ${clientId} AND NOT deletion_mark AND 'admin' = ANY(roles)`;
}
