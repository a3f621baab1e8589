import { id } from '@hallway/shared';
import { z } from 'zod';
import { forbidden } from '../../platform/errors/app-error.js';
import type { SocketHandler } from '../../platform/realtime/handlers.js';
import { groupAnnounce } from './events.js';
import { findGroup, policyOf } from './service.js';

/** `group.subscribe { group_id }`: the group page's sockets join the room `group:{id}` (readers only). */
export const groupSocket: readonly SocketHandler[] = [
  {
    event: 'group.subscribe',
    access: { signedIn: true },
    payload: z.object({ group_id: id }),
    async handle(ctx, raw) {
      const payload = raw as { group_id: string };
      const group = await findGroup(ctx, payload.group_id);
      if (!group || !policyOf(group).read) throw forbidden();
      groupAnnounce.joinRoom(ctx, ctx.me().id, payload.group_id);
      return true;
    },
  },
];
