import type {
  NotificationSettingsBody,
  NotificationSettingsDto,
  NotifTemplateBody,
  NotifTemplateDto,
  NotifTemplatePreview,
  OutboxMailDto,
  OutboxPage,
} from '@hallway/shared';
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

export const templateKeys = {
  list: ['notifications', 'templates'] as const,
  code: (code: string) => ['notifications', 'templates', code] as const,
};

export const templateQueries = {
  list: () =>
    queryOptions({
      queryKey: templateKeys.list,
      queryFn: ({ signal }) =>
        api<One<{ code: string; custom: string[] }[]>>('/api/notif_template', { signal }).then((r) => r.result),
    }),
  code: (code: string) =>
    queryOptions({
      queryKey: templateKeys.code(code),
      queryFn: ({ signal }) =>
        api<One<NotifTemplateDto[]>>(`/api/notif_template/${encodeURIComponent(code)}`, { signal }).then(
          (r) => r.result,
        ),
      enabled: !!code,
    }),
};

export const templateMutations = {
  /** Save (modules §4): update when the template has an `_id`, otherwise create. */
  save: (client: QueryClient) =>
    mutationOptions({
      mutationFn: ({ _id, body }: { _id: string | null; body: NotifTemplateBody }) =>
        api<One<NotifTemplateDto>>(_id ? `/api/notif_template/${_id}` : '/api/notif_template', {
          method: _id ? 'PUT' : 'POST',
          body,
        }).then((r) => r.result),
      onSuccess: () => client.invalidateQueries({ queryKey: templateKeys.list }),
    }),
  remove: (client: QueryClient) =>
    mutationOptions({
      mutationFn: (id: string) =>
        api<One<NotifTemplateDto>>(`/api/notif_template/${id}`, { method: 'DELETE' }).then((r) => r.result),
      onSuccess: () => client.invalidateQueries({ queryKey: templateKeys.list }),
    }),
  preview: () =>
    mutationOptions({
      mutationFn: (body: NotifTemplateBody) =>
        api<One<NotifTemplatePreview>>('/api/notif_template/preview', { method: 'POST', body }).then((r) => r.result),
    }),
};
