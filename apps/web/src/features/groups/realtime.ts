import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type Socket, whenIdentified } from '../../api/socket';
import { useSession } from '../../app/session/context';
import { groupKeys } from './queries';

/**
 * The groups' realtime events (docs/api.md "Groups and projects", Realtime) applied to the caches, by event name so
 * tests can feed them directly. A group's own events come to its room; `group.membership` to the person's room.
 */
export function groupEventHandlers(client: QueryClient, onDeleted?: (id: string) => void) {
  const refresh = (id: string) => void client.invalidateQueries({ queryKey: groupKeys.group(id) });
  return {
    'group.updated': (event: { _id: string }) => {
      refresh(event._id);
      void client.invalidateQueries({ queryKey: groupKeys.lists });
    },
    'group.members': (event: { _id: string; membersCount: number }) => {
      client.setQueryData(groupKeys.detail(event._id), (group: { membersCount: number } | undefined) =>
        group ? { ...group, membersCount: event.membersCount } : group,
      );
      void client.invalidateQueries({ queryKey: groupKeys.members(event._id) });
    },
    'group.deleted': (event: { _id: string }) => {
      void client.invalidateQueries({ queryKey: groupKeys.lists });
      onDeleted?.(event._id);
    },
    'group.membership': (event: { _id: string }) => {
      refresh(event._id);
      void client.invalidateQueries({ queryKey: groupKeys.lists });
      void client.invalidateQueries({ queryKey: groupKeys.inbox });
      void client.invalidateQueries({ queryKey: ['wall', 'feed', 'user'] });
    },
  };
}

function listen(socket: Socket, handlers: Record<string, (payload: never) => void>) {
  const entries = Object.entries(handlers) as [string, (payload: unknown) => void][];
  for (const [event, handler] of entries) socket.on(event, handler);
  return () => {
    for (const [event, handler] of entries) socket.off(event, handler);
  };
}

/**
 * While a group page is open: joins the room `group:{id}` (`group.subscribe`, again after every reconnection) so
 * its posts, comments and changes arrive live, and applies the group's events.
 */
export function useGroupRoom(groupId: string, canRead: boolean, onDeleted: (id: string) => void) {
  const { socket } = useSession();
  const client = useQueryClient();
  useEffect(() => {
    if (!socket || !groupId) return;
    // The server joins the room through the person's room, which exists once the socket is identified.
    const unsubscribe = canRead
      ? whenIdentified(socket, () => socket.emit('group.subscribe', { group_id: groupId }))
      : () => undefined;
    const stop = listen(
      socket,
      groupEventHandlers(client, (id) => id === groupId && onDeleted(id)),
    );
    return () => {
      unsubscribe();
      stop();
    };
  }, [socket, client, groupId, canRead, onDeleted]);
}

/** Anywhere in the groups' pages: invitations, approvals and removals concerning the person update the lists. */
export function useMembershipEvents() {
  const { socket } = useSession();
  const client = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const { 'group.membership': membership } = groupEventHandlers(client);
    return listen(socket, { 'group.membership': membership });
  }, [socket, client]);
}
