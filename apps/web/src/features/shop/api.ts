import type {
  AccrueBody,
  AchievementDto,
  BalanceResult,
  BalanceRow,
  BalancesQuery,
  LedgerEntryDto,
  PurchaseDto,
  ShopItemDto,
  ShopItemsQuery,
  ShopSettingsDto,
  StatsResult,
} from '@hallway/shared/shop';
import { api } from '../../api/client';

/**
 * The shop's calls (modules §7 "Shop", docs/api.md "Shop"). Everything is `local`: the screens show their failures
 * themselves (a form's fields, a dialog's error, a toast).
 */

const local = { local: true } as const;
type One<T> = { result: T };
export interface Page<T> {
  result: T[];
  total: number;
}
export const PAGE = 50;

export interface SettingsInput {
  client_id: string;
  name: string;
  coin: string;
  coin_short: string;
  description: string;
  pic: string | null;
  managers: string[];
}
export interface ItemInput {
  _id?: string;
  name: string;
  description: string;
  cost: number;
  start_amount: number;
  pics: string[];
  sort: number;
}
export interface AchievementInput {
  _id?: string;
  name: string;
  description: string;
  pic: string | null;
}
export interface BuyAnswer {
  purchase: PurchaseDto;
  balance: number;
  rest: number;
}

export const fetchSettings = async (clientId: string, signal?: AbortSignal) =>
  (await api<One<ShopSettingsDto>>(`/api/shop/byClient/${clientId}`, { signal, ...local })).result;

export const saveSettings = async (body: SettingsInput) =>
  (await api<One<ShopSettingsDto>>('/api/shop', { method: 'PUT', body, ...local })).result;

export const fetchItems = async (clientId: string, query: ShopItemsQuery, signal?: AbortSignal) =>
  (await api<One<ShopItemDto[]>>(`/api/shop/${clientId}/shop_items`, { query: { ...query }, signal, ...local })).result;

export const saveItem = async (clientId: string, { _id, start_amount, ...item }: ItemInput) =>
  (
    await api<One<ShopItemDto>>(`/api/shop/${clientId}/shop_items`, {
      method: _id ? 'PUT' : 'POST',
      body: _id ? { _id, ...item } : { ...item, start_amount },
      ...local,
    })
  ).result;

export const deleteItem = (id: string) => api(`/api/shop/shop_items/${id}`, { method: 'DELETE', ...local });

export const addStock = async (id: string, amount: number) =>
  (await api<One<ShopItemDto>>(`/api/shop/shop_items/${id}/add/${amount}`, { method: 'POST', ...local })).result;

export const buy = async (itemId: string, requestId: string) =>
  (
    await api<One<BuyAnswer>>('/api/shop/buy', {
      method: 'POST',
      body: { item_id: itemId, request_id: requestId },
      ...local,
    })
  ).result;

export const fetchAchievements = async (clientId: string, signal?: AbortSignal) =>
  (await api<One<AchievementDto[]>>(`/api/shop/achievements/${clientId}`, { signal, ...local })).result;

export const saveAchievement = async (clientId: string, { _id, ...body }: AchievementInput) =>
  (
    await api<One<AchievementDto>>(`/api/shop/${clientId}/achievements`, {
      method: _id ? 'PUT' : 'POST',
      body: _id ? { _id, ...body } : body,
      ...local,
    })
  ).result;

export const deleteAchievement = (id: string) => api(`/api/shop/achievements/${id}`, { method: 'DELETE', ...local });

export const accrue = async (body: AccrueBody) =>
  (await api<One<{ _id: string; balance: number }>>('/api/shop/accrue', { method: 'POST', body, ...local })).result;

export const cancelAccrual = (id: string) => api(`/api/shop/accrue/${id}`, { method: 'DELETE', ...local });

export const fetchBalance = (userId: string, signal?: AbortSignal) =>
  api<BalanceResult>(`/api/shop/balance/${userId}`, { signal, ...local });

export const fetchBalances = (clientId: string, query: Partial<BalancesQuery>, signal?: AbortSignal) =>
  api<Page<BalanceRow>>(`/api/shop/balances/${clientId}`, { query: { ...query }, signal, ...local });

export const fetchHistory = (userId: string, offset: number, signal?: AbortSignal) =>
  api<Page<LedgerEntryDto>>(`/api/shop/history/${userId}`, { query: { offset, limit: PAGE }, signal, ...local });

export const nullify = async (clientId: string, users?: string[]) =>
  (
    await api<One<{ people: number; coins: number }>>(`/api/shop/balances/nullify/${clientId}`, {
      method: 'POST',
      body: users ? { users } : {},
      ...local,
    })
  ).result;

export type PurchaseState = 'pending' | 'handed' | 'all';
export const fetchPurchases = (clientId: string, state: PurchaseState, offset: number, signal?: AbortSignal) =>
  api<Page<PurchaseDto>>(`/api/shop/purchases/${clientId}`, {
    query: { state, offset, limit: PAGE },
    signal,
    ...local,
  });

export const handOver = async (id: string) =>
  (await api<One<PurchaseDto>>(`/api/shop/purchases/${id}/handed`, { method: 'PUT', ...local })).result;

export const fetchStats = async (body: { client_id: string; from: string; to: string; period: string }) =>
  (await api<StatsResult>('/api/shop/stats', { method: 'POST', body, ...local })).result;
