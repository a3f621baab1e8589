import { id } from '@hallway/shared';
import { z } from 'zod';
import type { SocketHandler } from '../../platform/realtime/handlers.js';
import { loadDesk } from './desks.js';

/** `desk.subscribe { desk_id }`: an open desk page's sockets join the room `desk:{id}` (those who read it only). */
export const tasksSocket: readonly SocketHandler[] = [
  {
    event: 'desk.subscribe',
    access: { right: 'task_tracker' },
    payload: z.object({ desk_id: id }),
    async handle(ctx, raw) {
      const payload = raw as { desk_id: string };
      const desk = await loadDesk(ctx, payload.desk_id);
      ctx.services.tasksRealtime?.join(ctx, desk.row.id);
      return true;
    },
  },
];
