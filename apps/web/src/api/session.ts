import { type ClientDto, type Rights, USERS_PAGE_MAX, type UserDto, type UsersPage } from '@hallway/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys } from './queryKeys';
import { authStore } from './storage';

/** `GET /api/env` (spec portal §7 "Environment and session"). */
export interface EnvInfo {
  vendor: string;
  defaultLang: string;
  oidc: boolean;
  version: string;
}

/** `GET /api/user/me`: own info; `client` is the workspace the token (or a superadmin's X-COMPANY-ID) acts in. */
export interface OwnInfo {
  user: UserDto;
  rights: Rights;
  roles: string[];
  client: ClientDto | null;
  /** Ids of the people the person follows. */
  follows: string[];
}

export interface SignInAnswer {
  token: string;
  result: UserDto;
}

export const fetchEnv = (signal?: AbortSignal) => api<EnvInfo>('/api/env', { signal, local: true, company: false });

/** Own info without X-COMPANY-ID: a superadmin enters the saved workspace as the next, separate step. */
export const fetchOwnInfo = async (signal?: AbortSignal) =>
  (await api<{ result: OwnInfo }>('/api/user/me', { signal, company: false })).result;

/** Own info as the session reads it: kept for the visit (updates arrive by `user.updated`), never retried. */
export const ownInfoQuery = (uid: string | null) =>
  queryOptions({
    queryKey: queryKeys.me(uid),
    queryFn: ({ signal }) => fetchOwnInfo(signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export const fetchClient = async (clientId: string, signal?: AbortSignal) =>
  (await api<{ result: ClientDto }>(`/api/clients/${clientId}`, { signal, local: true })).result;

/**
 * Start-up step 5: the workspace's people, pinned first and by name. A whole workspace up to 500 people; a bigger one
 * sends its first 500 (`total` tells) and the screens search the rest on the server, so a 10,000-person workspace
 * does not download megabytes at every start.
 */
export const fetchWorkspaceUsers = async (clientId: string, signal?: AbortSignal) =>
  api<UsersPage>(`/api/user/for_client/${clientId}?limit=${USERS_PAGE_MAX}`, { signal });

export const fetchUser = async (id: string, signal?: AbortSignal) =>
  (await api<{ result: UserDto }>(`/api/user/${id}`, { signal })).result;

export const updateOwnSettings = async (id: string, body: { lang?: 'ru' | 'ua' | 'en'; theme?: 'light' | 'dark' }) =>
  (await api<{ result: UserDto }>(`/api/user/${id}`, { method: 'PUT', body, local: true })).result;

/** Lets `<img src="/api/files/...">` carry the session (an HttpOnly cookie the server sets). */
export const openFilesSession = () => api<unknown>('/api/files/session', { method: 'PUT', quiet: true });
export const closeFilesSession = () =>
  api<unknown>('/api/files/session', { method: 'DELETE', quiet: true, company: false });

/** Ends the server session; without a token there is none (a refused sign-in), and the server would answer 401. */
export const logoutCall = async (userId: string | null): Promise<void> => {
  if (!authStore.get().token) return;
  await api<unknown>('/api/logout', {
    method: 'POST',
    body: { user_id: userId ?? undefined },
    quiet: true,
    company: false,
  });
};
