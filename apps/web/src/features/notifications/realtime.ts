import type { UnreadCounts } from '@hallway/shared';
import { notifications } from '@mantine/notifications';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type Socket, whenIdentified } from '../../api/socket';
import { applyNewNotification, applyUnread, type NewNotificationEvent, notificationKeys } from './queries';

/** The handler of `notification.new`: caches first, then the popup when the channel `system` is on. */
export function notificationHandler(client: QueryClient, userId: string) {
  return (event: NewNotificationEvent) => {
    applyNewNotification(client, userId, event);
    if (event.popup) {
      notifications.show({
        id: `notification-${event.notification._id}`,
        color: 'blue',
        title: event.notification.title,
        message: event.notification.text || undefined,
        autoClose: 6000,
      });
    }
  };
}

/**
 * Listens while the person is signed in (every open tab shows the popup, and the bell follows entries the server
 * marked read). Entries that arrived before the socket joined the person's room came with no event, so the count and
 * the lists reload each time it joins: the first time (the page's first count may be older) and after a reconnection.
 */
export function useNotificationsRealtime(socket: Socket | null, userId: string) {
  const client = useQueryClient();
  useEffect(() => {
    if (!socket || !userId) return;
    const handler = notificationHandler(client, userId);
    const read = (event: { unread: UnreadCounts }) => applyUnread(client, userId, event.unread);
    const reload = () => void client.invalidateQueries({ queryKey: notificationKeys.all });
    socket.on('notification.new', handler);
    socket.on('notification.read', read);
    const stopReloading = whenIdentified(socket, reload);
    return () => {
      socket.off('notification.new', handler);
      socket.off('notification.read', read);
      stopReloading();
    };
  }, [socket, client, userId]);
}
