import { id } from '@hallway/shared';
import { z } from 'zod';
import type { SocketHandler } from '../../platform/realtime/handlers.js';
import { findRequest } from './requests.js';

/** `bp.subscribe { bp_id }`: an open request page's sockets join the room `bp:{id}` (those who read it only). */
export const servicesSocket: readonly SocketHandler[] = [
  {
    event: 'bp.subscribe',
    access: { signedIn: true },
    payload: z.object({ bp_id: id }),
    async handle(ctx, raw) {
      const payload = raw as { bp_id: string };
      const { row } = await findRequest(ctx, payload.bp_id);
      ctx.services.servicesRealtime?.join(ctx, row.id);
      return true;
    },
  },
];
