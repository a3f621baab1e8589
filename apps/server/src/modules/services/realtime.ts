// Realtime of requests (docs/api.md "Services"): `bp.updated` to the room of the request once a change committed, so
// an open request page reads it again; the page's sockets join the room through `bp.subscribe` (readers only).
import type { RequestContext } from '../../platform/http/context.js';
import type { Platform } from '../../platform/index.js';
import { announce } from '../../platform/realtime/announce.js';

export const bpRoom = (requestId: string) => `bp:${requestId}`;

export interface ServicesRealtime {
  /** Puts the caller's sockets into the request's room once the transaction committed. */
  join(ctx: RequestContext, requestId: string): void;
  /** Tells the request's room that it changed (an id and its state: the page asks for the rest with its `can`). */
  updated(ctx: RequestContext, change: { _id: string; status: string; step: string | null }): void;
}

declare module '../../platform/http/module.js' {
  interface ModuleServices {
    /** Built from each app's platform (module.ts `provides`), so two apps in one process keep their own sockets. */
    servicesRealtime: ServicesRealtime;
  }
}

export function servicesRealtimeOf(platform: Platform): ServicesRealtime {
  return {
    join(ctx, requestId) {
      const clientId = ctx.clientId;
      const userId = ctx.me().id;
      if (clientId) ctx.afterCommit(() => platform.realtime.join(clientId, userId, bpRoom(requestId)));
    },
    updated(ctx, change) {
      announce(platform, ctx, bpRoom(change._id), 'bp.updated', change);
    },
  };
}
