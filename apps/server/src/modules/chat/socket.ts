import { id } from '@hallway/shared';
import { z } from 'zod';
import type { SocketHandler } from '../../platform/realtime/handlers.js';
import { subscribe, typing } from './service.js';

/**
 * `chat.subscribe { room_id }`: an open conversation's sockets join the room `chat:{id}` (its members only).
 * `chat.typing { room_id }`: "typing…" told to the room, stored nowhere.
 */
export const chatSocket: readonly SocketHandler[] = [
  {
    event: 'chat.subscribe',
    access: { right: 'chat' },
    payload: z.object({ room_id: id }),
    handle: (ctx, raw) => subscribe(ctx, (raw as { room_id: string }).room_id),
  },
  {
    event: 'chat.typing',
    access: { right: 'chat' },
    payload: z.object({ room_id: id }),
    handle: (ctx, raw) => typing(ctx, (raw as { room_id: string }).room_id),
  },
];
