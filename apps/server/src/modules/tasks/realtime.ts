// Realtime of desks (docs/api.md "Task tracker" and "Realtime"): events to the room `desk:{id}` once a change
// committed, so two people on one desk see each other's moves, new cards and edits; the page's sockets join the
// room through `desk.subscribe` (those who read the desk only).
import type { RequestContext } from '../../platform/http/context.js';
import type { Platform } from '../../platform/index.js';
import { announce } from '../../platform/realtime/announce.js';

export const deskRoom = (deskId: string) => `desk:${deskId}`;

export type DeskEvent =
  | 'task.created'
  | 'task.updated'
  | 'task.moved'
  | 'task.deleted'
  | 'lane.changed'
  | 'desk.updated'
  | 'desk.deleted';

export interface TasksRealtime {
  /** Puts the caller's sockets into the desk's room once the transaction committed. */
  join(ctx: RequestContext, deskId: string): void;
  /** Tells the desk's room of a change (ids and what moved: the page reads the rest with its own `can`). */
  emit(ctx: RequestContext, deskId: string, event: DeskEvent, payload: Record<string, unknown>): void;
}

declare module '../../platform/http/module.js' {
  interface ModuleServices {
    /** Built from each app's platform (module.ts `provides`), so two apps in one process keep their own sockets. */
    tasksRealtime: TasksRealtime;
  }
}

export function tasksRealtimeOf(platform: Platform): TasksRealtime {
  return {
    join(ctx, deskId) {
      const clientId = ctx.clientId;
      const userId = ctx.me().id;
      if (clientId) ctx.afterCommit(() => platform.realtime.join(clientId, userId, deskRoom(deskId)));
    },
    emit(ctx, deskId, event, payload) {
      announce(platform, ctx, deskRoom(deskId), event, { desk: deskId, ...payload });
    },
  };
}

/** Emits through the app's realtime when the module provides it (every built app does). */
export function emit(ctx: RequestContext, deskId: string, event: DeskEvent, payload: Record<string, unknown>) {
  ctx.services.tasksRealtime?.emit(ctx, deskId, event, payload);
}
