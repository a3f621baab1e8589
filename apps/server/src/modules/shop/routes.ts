// Modules §7 "Shop" (and the calls docs/api.md "Shop" adds: a person's history, the purchases to hand over);
// §3 Shop, §4, §5 Shop, §6.
import { id, okResult } from '@hallway/shared';
import {
  accrueBody,
  accrueResult,
  achievementBody,
  achievementList,
  achievementResult,
  achievementUpdateBody,
  balanceList,
  balanceResult,
  balancesQuery,
  buyBody,
  buyResult,
  historyList,
  historyQuery,
  itemRestResult,
  nullifyBody,
  nullifyResult,
  purchaseList,
  purchaseResult,
  purchasesQuery,
  shopItemAddParams,
  shopItemBody,
  shopItemList,
  shopItemResult,
  shopItemsQuery,
  shopItemUpdateBody,
  shopSettingsBody,
  shopSettingsResult,
  statsBody,
  statsResult,
} from '@hallway/shared/shop';
import { z } from 'zod';
import type { ModuleRoutes } from '../../platform/http/module.js';
import * as service from './service.js';

const tags = ['shop'];
const access = { right: 'shop' } as const;
const idParams = z.object({ id });
const clientParams = z.object({ client_id: id });

export const shopModule: ModuleRoutes = {
  name: 'shop',
  async routes(app, platform) {
    // Settings ---------------------------------------------------------------------------------------------------
    app.get(
      '/api/shop/byClient/:id',
      {
        schema: {
          summary: "The workspace's shop: name, currency, description, picture, managers, and what the caller may do",
          tags,
          params: idParams,
          response: { 200: shopSettingsResult },
        },
        config: { access, params: { id: 'client' } },
      },
      async (req) => ({ result: await service.getSettings(req.ctx, req.params.id) }),
    );
    app.put(
      '/api/shop',
      {
        schema: {
          summary: "The shop's settings and managers",
          tags,
          body: shopSettingsBody,
          response: { 200: shopSettingsResult },
        },
        config: { access: { role: 'admin' }, body: { client_id: 'client', 'managers[]': 'user', pic: 'file' } },
      },
      async (req) => ({ result: await service.saveSettings(req.ctx, req.body) }),
    );

    // Achievements -----------------------------------------------------------------------------------------------
    app.get(
      '/api/shop/achievements/:client',
      {
        schema: {
          summary: 'The achievements one can earn, with how many people hold each',
          tags,
          params: z.object({ client: id }),
          response: { 200: achievementList },
        },
        config: { access },
      },
      async (req) => ({ result: await service.listAchievements(req.ctx, req.params.client) }),
    );
    app.post(
      '/api/shop/:client_id/achievements',
      {
        schema: {
          summary: 'A new achievement (managers)',
          tags,
          params: clientParams,
          body: achievementBody,
          response: { 200: achievementResult },
        },
        config: { access, body: { pic: 'file' } },
      },
      async (req) => ({ result: await service.createAchievement(req.ctx, req.params.client_id, req.body) }),
    );
    app.put(
      '/api/shop/:client_id/achievements',
      {
        schema: {
          summary: 'An achievement changed (managers)',
          tags,
          params: clientParams,
          body: achievementUpdateBody,
          response: { 200: achievementResult },
        },
        config: { access, body: { _id: 'shop_achievement', pic: 'file' } },
      },
      async (req) => ({ result: await service.updateAchievement(req.ctx, req.params.client_id, req.body) }),
    );
    app.delete(
      '/api/shop/achievements/:id',
      {
        schema: {
          summary: 'An achievement deleted (managers): no longer given, kept by the people who hold it',
          tags,
          params: idParams,
          response: { 200: okResult },
        },
        config: { access, params: { id: 'shop_achievement_spare' } },
      },
      async (req) => {
        await service.deleteAchievement(req.ctx, req.params.id);
        return { result: true };
      },
    );

    // Items ------------------------------------------------------------------------------------------------------
    app.get(
      '/api/shop/:client_id/shop_items',
      {
        schema: {
          summary: "The shop's items, sorted",
          tags,
          params: clientParams,
          querystring: shopItemsQuery,
          response: { 200: shopItemList },
        },
        config: { access },
      },
      async (req) => ({ result: await service.listItems(req.ctx, req.params.client_id, req.query) }),
    );
    app.post(
      '/api/shop/:client_id/shop_items',
      {
        schema: {
          summary: 'A new item (managers)',
          tags,
          params: clientParams,
          body: shopItemBody,
          response: { 200: shopItemResult },
        },
        config: { access, body: { 'pics[]': 'file' } },
      },
      async (req) => ({ result: await service.createItem(req.ctx, req.params.client_id, req.body) }),
    );
    app.put(
      '/api/shop/:client_id/shop_items',
      {
        schema: {
          summary: 'An item changed (managers); its stock changes only by purchases and additions',
          tags,
          params: clientParams,
          body: shopItemUpdateBody,
          response: { 200: shopItemResult },
        },
        config: { access, body: { _id: 'shop_item', 'pics[]': 'file' } },
      },
      async (req) => ({ result: await service.updateItem(req.ctx, req.params.client_id, req.body) }),
    );
    app.delete(
      '/api/shop/shop_items/:id',
      {
        schema: {
          summary: 'An item nobody bought deleted (managers); 409 shop_item_has_sales otherwise',
          tags,
          params: idParams,
          response: { 200: okResult },
        },
        config: { access, params: { id: 'shop_item_spare' } },
      },
      async (req) => {
        await service.deleteItem(req.ctx, req.params.id);
        return { result: true };
      },
    );
    app.get(
      '/api/shop/item_rest/:id',
      {
        schema: { summary: "An item's rest", tags, params: idParams, response: { 200: itemRestResult } },
        config: { access, params: { id: 'shop_item' } },
      },
      async (req) => ({ rest: await service.itemRest(req.ctx, req.params.id) }),
    );
    app.post(
      '/api/shop/shop_items/:id/add/:amount',
      {
        schema: {
          summary: 'Stock added to an item (managers)',
          tags,
          params: shopItemAddParams,
          response: { 200: shopItemResult },
        },
        config: { access, params: { id: 'shop_item' } },
      },
      async (req) => ({ result: await service.addStock(platform, req.ctx, req.params.id, req.params.amount) }),
    );

    // Coins ------------------------------------------------------------------------------------------------------
    app.post(
      '/api/shop/accrue',
      {
        schema: {
          summary: 'Coins and/or an achievement given to a person (managers), optionally thanked on the wall',
          tags,
          body: accrueBody,
          response: { 200: accrueResult },
        },
        config: { access, body: { who: 'user', achievement: 'shop_achievement' } },
      },
      async (req) => ({ result: await service.accrue(platform, req.ctx, req.body) }),
    );
    app.delete(
      '/api/shop/accrue/:id',
      {
        schema: {
          summary: 'An accrual cancelled (managers): its coins and achievement taken back',
          tags,
          params: idParams,
          response: { 200: okResult },
        },
        config: { access, params: { id: 'shop_accrual_spare' } },
      },
      async (req) => {
        await service.cancelAccrual(req.ctx, req.params.id);
        return { result: true };
      },
    );
    app.post(
      '/api/shop/buy',
      {
        schema: {
          summary: 'One of an item bought with the caller’s coins',
          tags,
          body: buyBody,
          response: { 200: buyResult },
        },
        config: { access, body: { item_id: 'shop_item' } },
      },
      async (req) => ({ result: await service.buy(platform, req.ctx, req.body) }),
    );
    app.get(
      '/api/shop/balance/:id',
      {
        schema: {
          summary: "A person's coins (to themself and the managers) and achievements (to everyone)",
          tags,
          params: idParams,
          response: { 200: balanceResult },
        },
        config: { access: { signedIn: true }, params: { id: 'user' } },
      },
      async (req) => service.balance(req.ctx, req.params.id),
    );
    app.get(
      '/api/shop/balances/:id',
      {
        schema: {
          summary: "Every active person's coins (managers), searched, sorted and paged",
          tags,
          params: idParams,
          querystring: balancesQuery,
          response: { 200: balanceList },
        },
        config: { access, params: { id: 'client' } },
      },
      async (req) => service.listBalances(req.ctx, req.params.id, req.query),
    );
    app.get(
      '/api/shop/history/:user_id',
      {
        schema: {
          summary:
            "A person's earnings, purchases, cancellations and nullifications, newest first (themself, managers)",
          tags,
          params: z.object({ user_id: id }),
          querystring: historyQuery,
          response: { 200: historyList },
        },
        config: { access },
      },
      async (req) => service.history(req.ctx, req.params.user_id, req.query),
    );
    app.post(
      '/api/shop/balances/nullify/:id',
      {
        schema: {
          summary: "Balances set to zero (managers): the workspace's, or the listed people's",
          tags,
          params: idParams,
          body: nullifyBody,
          response: { 200: nullifyResult },
        },
        config: { access, params: { id: 'client' }, body: { 'users[]': 'shop_holder' } },
      },
      async (req) => ({ result: await service.nullify(req.ctx, req.params.id, req.body) }),
    );

    // Purchases and statistics -----------------------------------------------------------------------------------
    app.get(
      '/api/shop/purchases/:client_id',
      {
        schema: {
          summary: 'Purchases to hand over, handed over, or all (managers), newest first',
          tags,
          params: clientParams,
          querystring: purchasesQuery,
          response: { 200: purchaseList },
        },
        config: { access },
      },
      async (req) => service.listPurchases(req.ctx, req.params.client_id, req.query),
    );
    app.put(
      '/api/shop/purchases/:id/handed',
      {
        schema: {
          summary: 'A purchase marked handed over (managers); the buyer is told',
          tags,
          params: idParams,
          response: { 200: purchaseResult },
        },
        config: { access, params: { id: 'shop_purchase' } },
      },
      async (req) => ({ result: await service.handOver(req.ctx, req.params.id) }),
    );
    app.post(
      '/api/shop/stats',
      {
        schema: {
          summary:
            'Earned, spent, purchases and coins held over a period, by day, week or month, with the top items and earners (managers)',
          tags,
          body: statsBody,
          response: { 200: statsResult },
        },
        config: { access, body: { client_id: 'client' } },
      },
      async (req) => ({ result: await service.stats(req.ctx, req.body) }),
    );
  },
};
