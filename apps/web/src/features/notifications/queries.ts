import type { NotificationDto, NotificationPage, NotificationSection, UnreadCounts } from '@hallway/shared';
import { infiniteQueryOptions, mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';

export type ReadFilter = 'all' | '0' | '1';

export const notificationKeys = {
  all: ['notifications'] as const,
  unread: (userId: string) => ['notifications', 'unread', userId] as const,
  lists: ['notifications', 'list'] as const,
  section: (userId: string, section: NotificationSection, read: ReadFilter) =>
    ['notifications', 'list', userId, section, read] as const,
};

interface Owner {
  clientId: string;
  userId: string;
}

/** The centre's reads (docs/api.md "Notifications"). */
export const notificationQueries = {
  unread: ({ clientId, userId }: Owner) =>
    queryOptions({
      queryKey: notificationKeys.unread(userId),
      queryFn: ({ signal }) => api<UnreadCounts>(`/api/notification/unread/${clientId}/${userId}`, { signal }),
      enabled: !!clientId && !!userId,
      // The socket keeps the count current; a refetch on focus catches up after the laptop slept.
      staleTime: 60_000,
    }),
  section: ({ clientId, userId }: Owner, section: NotificationSection, read: ReadFilter) =>
    infiniteQueryOptions({
      queryKey: notificationKeys.section(userId, section, read),
      queryFn: ({ pageParam, signal }) =>
        api<NotificationPage>(`/api/notification/${clientId}/${section}/${userId}/${encodeURIComponent(pageParam)}`, {
          signal,
          query: { read: read === 'all' ? undefined : read },
        }),
      initialPageParam: 'now',
      getNextPageParam: (last) => last.next ?? undefined,
      enabled: !!clientId && !!userId,
    }),
};

interface MarkAnswer {
  result: { updated: number };
  unread: UnreadCounts;
}

/**
 * Entries were marked read (here, or by the server: `notification.read` after a must-read post was confirmed): the
 * counts the server answered, and every list refetched (an entry changed its read state).
 */
export function applyUnread(client: QueryClient, userId: string, unread: UnreadCounts) {
  client.setQueryData(notificationKeys.unread(userId), unread);
  void client.invalidateQueries({ queryKey: notificationKeys.lists });
}

const afterMark = (client: QueryClient, userId: string) => (answer: MarkAnswer) =>
  applyUnread(client, userId, answer.unread);

export const notificationMutations = {
  markRead: (client: QueryClient, userId: string) =>
    mutationOptions({
      mutationFn: (ids: string[]) => api<MarkAnswer>('/api/notification/read', { method: 'PUT', body: { ids } }),
      onSuccess: afterMark(client, userId),
    }),
  markAllRead: (client: QueryClient, userId: string) =>
    mutationOptions({
      mutationFn: (section: NotificationSection) =>
        api<MarkAnswer>('/api/notification/read_all', { method: 'PUT', body: { section } }),
      onSuccess: afterMark(client, userId),
    }),
};

export interface NewNotificationEvent {
  notification: NotificationDto;
  popup: boolean;
  /** A new unread entry (not a grouped one growing): the count goes up by one. */
  fresh: boolean;
}

/** `notification.new` applied to the caches: the count goes up, the open lists refetch their first page. */
export function applyNewNotification(client: QueryClient, userId: string, event: NewNotificationEvent) {
  if (event.fresh) {
    client.setQueryData<UnreadCounts>(notificationKeys.unread(userId), (counts) => {
      if (!counts) return counts;
      const section = event.notification.section;
      const sections: Record<string, number> = { ...counts.sections, all: counts.count + 1 };
      // Only the sections the server counts are tabs: an entry of another one counts under "all" alone.
      if (Object.hasOwn(sections, section)) sections[section] = (sections[section] ?? 0) + 1;
      return { count: counts.count + 1, sections };
    });
  }
  void client.invalidateQueries({ queryKey: notificationKeys.lists });
}
