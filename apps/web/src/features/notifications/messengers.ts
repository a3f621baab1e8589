import type {
  FailuresPage,
  MessengerSettingsBody,
  MessengerSettingsDto,
  PersonalMessengersBody,
  PersonalMessengersDto,
  TelegramCodeDto,
} from '@hallway/shared';
import { keepPreviousData, mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';

interface One<T> {
  result: T;
}

export const messengerKeys = {
  workspace: (clientId: string) => ['notifications', 'messengers', 'client', clientId] as const,
  person: (userId: string) => ['notifications', 'messengers', 'user', userId] as const,
  failures: ['notifications', 'failures'] as const,
  failuresPage: (page: number) => ['notifications', 'failures', page] as const,
};

/** Messenger channels and failed deliveries (docs/api.md "Messenger channels"). */
export const messengerQueries = {
  workspace: (clientId: string) =>
    queryOptions({
      queryKey: messengerKeys.workspace(clientId),
      queryFn: ({ signal }) =>
        api<One<MessengerSettingsDto>>(`/api/notification_channels/${clientId}`, { signal }).then((r) => r.result),
      enabled: !!clientId,
    }),
  person: (userId: string) =>
    queryOptions({
      queryKey: messengerKeys.person(userId),
      queryFn: ({ signal }) =>
        api<One<PersonalMessengersDto>>(`/api/user/messengers/${userId}`, { signal }).then((r) => r.result),
      enabled: !!userId,
    }),
  /** One page (from 0) of the workspace's failed deliveries; the previous page stays shown while the next loads. */
  failures: (page: number) =>
    queryOptions({
      queryKey: messengerKeys.failuresPage(page),
      queryFn: ({ signal }) => api<FailuresPage>('/api/notification_failures', { signal, query: { page } }),
      placeholderData: keepPreviousData,
    }),
};

export const messengerMutations = {
  saveWorkspace: (client: QueryClient, clientId: string) =>
    mutationOptions({
      mutationFn: (body: MessengerSettingsBody) =>
        api<One<MessengerSettingsDto>>('/api/notification_channels', { method: 'PUT', body, local: true }).then(
          (r) => r.result,
        ),
      onSuccess: (saved) => client.setQueryData(messengerKeys.workspace(clientId), saved),
    }),
  savePerson: (client: QueryClient, userId: string) =>
    mutationOptions({
      mutationFn: (body: PersonalMessengersBody) =>
        api<One<PersonalMessengersDto>>('/api/user/messengers', { method: 'PUT', body, local: true }).then(
          (r) => r.result,
        ),
      onSuccess: (saved) => client.setQueryData(messengerKeys.person(userId), saved),
    }),
  telegramCode: () =>
    mutationOptions({
      mutationFn: () =>
        api<One<TelegramCodeDto>>('/api/user/messengers/telegram_code', { method: 'POST', local: true }).then(
          (r) => r.result,
        ),
    }),
  unlinkTelegram: (client: QueryClient, userId: string) =>
    mutationOptions({
      mutationFn: () =>
        api<One<PersonalMessengersDto>>('/api/user/messengers/telegram', { method: 'DELETE', local: true }).then(
          (r) => r.result,
        ),
      onSuccess: (saved) => client.setQueryData(messengerKeys.person(userId), saved),
    }),
  retry: (client: QueryClient) =>
    mutationOptions({
      mutationFn: (id: string) =>
        api<One<{ _id: string; status: 'pending' }>>(`/api/notification_failures/${id}/retry`, { method: 'POST' }).then(
          (r) => r.result,
        ),
      onSettled: () => client.invalidateQueries({ queryKey: messengerKeys.failures }),
    }),
};
