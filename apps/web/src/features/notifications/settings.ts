import type { NotificationSettingsBody, NotificationSettingsDto, OutboxMailDto, OutboxPage } from '@hallway/shared';
import { infiniteQueryOptions, mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';

interface One<T> {
  result: T;
}

export const settingsKeys = {
  person: (userId: string) => ['notifications', 'settings', 'user', userId] as const,
  workspace: (clientId: string) => ['notifications', 'settings', 'client', clientId] as const,
  outbox: (clientId: string) => ['notifications', 'outbox', clientId] as const,
};

/** The settings matrices and the mail check (docs/api.md "Notifications"). */
export const settingsQueries = {
  person: (userId: string) =>
    queryOptions({
      queryKey: settingsKeys.person(userId),
      queryFn: ({ signal }) =>
        api<One<NotificationSettingsDto>>(`/api/user/notifications/${userId}`, { signal }).then((r) => r.result),
      enabled: !!userId,
    }),
  workspace: (clientId: string) =>
    queryOptions({
      queryKey: settingsKeys.workspace(clientId),
      queryFn: ({ signal }) =>
        api<One<NotificationSettingsDto>>(`/api/user/notifications/client/${clientId}`, { signal }).then(
          (r) => r.result,
        ),
      enabled: !!clientId,
    }),
  outbox: (clientId: string) =>
    infiniteQueryOptions({
      queryKey: settingsKeys.outbox(clientId),
      queryFn: ({ pageParam, signal }) =>
        api<OutboxPage>('/api/mail_check/outbox', { signal, query: { before: pageParam || undefined } }),
      initialPageParam: '',
      getNextPageParam: (last) => last.next ?? undefined,
      enabled: !!clientId,
    }),
};

export const settingsMutations = {
  /** Saves a matrix; the answer replaces the cached one (a person's, or the workspace's with `client_id`). */
  save: (client: QueryClient) =>
    mutationOptions({
      mutationFn: (body: NotificationSettingsBody) =>
        api<One<NotificationSettingsDto>>('/api/user/notifications', { method: 'PUT', body }).then((r) => r.result),
      onSuccess: (saved) => {
        const key = saved.user_id ? settingsKeys.person(saved.user_id) : settingsKeys.workspace(saved.client_id);
        client.setQueryData(key, saved);
        // People's fallbacks follow the workspace's defaults.
        if (!saved.user_id) void client.invalidateQueries({ queryKey: ['notifications', 'settings', 'user'] });
      },
    }),
  testMail: (client: QueryClient, clientId: string) =>
    mutationOptions({
      mutationFn: (to: string | undefined) =>
        api<One<OutboxMailDto>>('/api/mail_check/test', { method: 'POST', body: to ? { to } : {} }).then(
          (r) => r.result,
        ),
      onSettled: () => client.invalidateQueries({ queryKey: settingsKeys.outbox(clientId) }),
    }),
};
