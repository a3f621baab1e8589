import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from '../../app/session/context';
import { patchRest } from './queries';

/** While the shop is open, another person's purchase or a stock addition moves an item's rest (`shop.item.rest`). */
export function useItemRestEvents() {
  const { socket } = useSession();
  const client = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const handler = (event: { item_id: string; rest: number }) => patchRest(client, event.item_id, event.rest);
    socket.on('shop.item.rest', handler);
    return () => {
      socket.off('shop.item.rest', handler);
    };
  }, [socket, client]);
}
