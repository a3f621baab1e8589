import { notifications } from '@mantine/notifications';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Socket } from '../../api/socket';
import { applyNewNotification, type NewNotificationEvent, notificationKeys } from './queries';

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

/** Listens while the person is signed in (every open tab shows the popup); a reconnection reloads the count. */
export function useNotificationsRealtime(socket: Socket | null, userId: string) {
  const client = useQueryClient();
  useEffect(() => {
    if (!socket || !userId) return;
    const handler = notificationHandler(client, userId);
    const reload = () => void client.invalidateQueries({ queryKey: notificationKeys.all });
    socket.on('notification.new', handler);
    socket.io.on('reconnect', reload);
    return () => {
      socket.off('notification.new', handler);
      socket.io.off('reconnect', reload);
    };
  }, [socket, client, userId]);
}
