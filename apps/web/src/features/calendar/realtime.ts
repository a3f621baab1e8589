import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Socket } from '../../api/socket';
import { calendarKeys } from './api';

/** `event.changed { _id }`: an event the person organizes or takes part in changed (docs/api.md "Calendar and events"). */
export interface EventChanged {
  _id: string;
}

/**
 * Refetches what the calendar shows: the ranges (a change can move, add or drop occurrences anywhere) and open
 * cards. The person's settings are left alone.
 */
export function refetchCalendar(client: QueryClient) {
  void client.invalidateQueries({ queryKey: calendarKeys.ranges });
  void client.invalidateQueries({ queryKey: ['calendar', 'event'] });
}

/** While a calendar (the page or the wall's widget) is open: someone else's change, or a reconnection, refetches it. */
export function useCalendarRealtime(socket: Socket | null) {
  const client = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const reload = () => refetchCalendar(client);
    socket.on('event.changed', reload);
    socket.io.on('reconnect', reload);
    return () => {
      socket.off('event.changed', reload);
      socket.io.off('reconnect', reload);
    };
  }, [socket, client]);
}
