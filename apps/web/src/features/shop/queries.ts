import type { AccrueBody, BalancesQuery, ShopItemDto, ShopItemsQuery } from '@hallway/shared/shop';
import {
  infiniteQueryOptions,
  keepPreviousData,
  mutationOptions,
  type QueryClient,
  queryOptions,
} from '@tanstack/react-query';
import * as shopApi from './api';

/** The shop's query keys: what a coin change touches (balances, histories, statistics) sits under `coins`. */
export const shopKeys = {
  all: ['shop'] as const,
  settings: (clientId: string) => ['shop', 'settings', clientId] as const,
  items: ['shop', 'items'] as const,
  itemList: (clientId: string, query: ShopItemsQuery) => ['shop', 'items', clientId, query] as const,
  achievements: (clientId: string) => ['shop', 'achievements', clientId] as const,
  coins: ['shop', 'coins'] as const,
  balance: (userId: string) => ['shop', 'coins', 'balance', userId] as const,
  balances: (clientId: string, query: Partial<BalancesQuery>) =>
    ['shop', 'coins', 'balances', clientId, query] as const,
  history: (userId: string) => ['shop', 'coins', 'history', userId] as const,
  purchases: (clientId: string, state: shopApi.PurchaseState) =>
    ['shop', 'coins', 'purchases', clientId, state] as const,
  stats: (clientId: string, from: string, to: string, period: string) =>
    ['shop', 'coins', 'stats', clientId, from, to, period] as const,
};

const nextOffset = (last: shopApi.Page<unknown>, pages: shopApi.Page<unknown>[]) => {
  const seen = pages.reduce((n, p) => n + p.result.length, 0);
  return seen < last.total ? seen : undefined;
};

export const shopQueries = {
  settings: (clientId: string) =>
    queryOptions({
      queryKey: shopKeys.settings(clientId),
      queryFn: ({ signal }) => shopApi.fetchSettings(clientId, signal),
      enabled: !!clientId,
      staleTime: 60_000,
    }),
  items: (clientId: string, query: ShopItemsQuery) =>
    queryOptions({
      queryKey: shopKeys.itemList(clientId, query),
      queryFn: ({ signal }) => shopApi.fetchItems(clientId, query, signal),
      enabled: !!clientId,
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    }),
  achievements: (clientId: string) =>
    queryOptions({
      queryKey: shopKeys.achievements(clientId),
      queryFn: ({ signal }) => shopApi.fetchAchievements(clientId, signal),
      enabled: !!clientId,
      staleTime: 60_000,
    }),
  balance: (userId: string) =>
    queryOptions({
      queryKey: shopKeys.balance(userId),
      queryFn: ({ signal }) => shopApi.fetchBalance(userId, signal),
      enabled: !!userId,
      staleTime: 30_000,
    }),
  balances: (clientId: string, query: Partial<BalancesQuery>) =>
    queryOptions({
      queryKey: shopKeys.balances(clientId, query),
      queryFn: ({ signal }) => shopApi.fetchBalances(clientId, query, signal),
      placeholderData: keepPreviousData,
      staleTime: 15_000,
    }),
  history: (userId: string) =>
    infiniteQueryOptions({
      queryKey: shopKeys.history(userId),
      queryFn: ({ pageParam, signal }) => shopApi.fetchHistory(userId, pageParam, signal),
      initialPageParam: 0,
      getNextPageParam: nextOffset,
      staleTime: 15_000,
    }),
  purchases: (clientId: string, state: shopApi.PurchaseState) =>
    infiniteQueryOptions({
      queryKey: shopKeys.purchases(clientId, state),
      queryFn: ({ pageParam, signal }) => shopApi.fetchPurchases(clientId, state, pageParam, signal),
      initialPageParam: 0,
      getNextPageParam: nextOffset,
      staleTime: 15_000,
    }),
  stats: (clientId: string, from: string, to: string, period: string) =>
    queryOptions({
      queryKey: shopKeys.stats(clientId, from, to, period),
      queryFn: () => shopApi.fetchStats({ client_id: clientId, from, to, period }),
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    }),
};

/** After coins moved: every balance, history, purchase list and statistic is read again. */
export const coinsChanged = (client: QueryClient) => client.invalidateQueries({ queryKey: shopKeys.coins });

/**
 * An item's new rest (a purchase here, or the realtime event of one elsewhere) in every cached list; whether it can
 * be bought follows from the rest on the card.
 */
export function patchRest(client: QueryClient, itemId: string, rest: number) {
  client.setQueriesData<ShopItemDto[]>({ queryKey: shopKeys.items }, (items) =>
    items?.map((item) => (item._id === itemId ? { ...item, rest } : item)),
  );
}

const items = (client: QueryClient) => client.invalidateQueries({ queryKey: shopKeys.items });
const achievements = (client: QueryClient) => client.invalidateQueries({ queryKey: ['shop', 'achievements'] as const });

/** Every write of the shop, with what it changes in the cache. */
export const shopMutations = {
  saveSettings: (client: QueryClient) =>
    mutationOptions({
      mutationFn: shopApi.saveSettings,
      onSuccess: (saved) => client.setQueryData(shopKeys.settings(saved.client_id), saved),
    }),
  saveItem: (client: QueryClient, clientId: string) =>
    mutationOptions({
      mutationFn: (item: shopApi.ItemInput) => shopApi.saveItem(clientId, item),
      onSuccess: () => items(client),
    }),
  deleteItem: (client: QueryClient) =>
    mutationOptions({ mutationFn: (id: string) => shopApi.deleteItem(id), onSuccess: () => items(client) }),
  addStock: (client: QueryClient) =>
    mutationOptions({
      mutationFn: ({ id, amount }: { id: string; amount: number }) => shopApi.addStock(id, amount),
      onSuccess: (saved) => patchRest(client, saved._id, saved.rest),
    }),
  /** One of an item; the rest and every coin figure follow. */
  buy: (client: QueryClient) =>
    mutationOptions({
      mutationFn: ({ itemId, requestId }: { itemId: string; requestId: string }) => shopApi.buy(itemId, requestId),
      onSuccess: (answer, { itemId }) => {
        patchRest(client, itemId, answer.rest);
        void coinsChanged(client);
      },
    }),
  saveAchievement: (client: QueryClient, clientId: string) =>
    mutationOptions({
      mutationFn: (achievement: shopApi.AchievementInput) => shopApi.saveAchievement(clientId, achievement),
      onSuccess: () => achievements(client),
    }),
  deleteAchievement: (client: QueryClient) =>
    mutationOptions({
      mutationFn: (id: string) => shopApi.deleteAchievement(id),
      onSuccess: () => achievements(client),
    }),
  accrue: (client: QueryClient) =>
    mutationOptions({
      mutationFn: (body: AccrueBody) => shopApi.accrue(body),
      onSuccess: () => Promise.all([coinsChanged(client), achievements(client)]),
    }),
  cancelAccrual: (client: QueryClient) =>
    mutationOptions({
      mutationFn: (id: string) => shopApi.cancelAccrual(id),
      onSuccess: () => Promise.all([coinsChanged(client), achievements(client)]),
    }),
  nullify: (client: QueryClient, clientId: string) =>
    mutationOptions({ mutationFn: () => shopApi.nullify(clientId), onSuccess: () => coinsChanged(client) }),
  handOver: (client: QueryClient) =>
    mutationOptions({ mutationFn: (id: string) => shopApi.handOver(id), onSuccess: () => coinsChanged(client) }),
};
