// Realtime of the chat (docs/api.md "Chat" and "Realtime"): events to the room `chat:{roomId}` once a change
// committed (its open conversations' sockets join it through `chat.subscribe`, members only), and a short
// `chat.room.changed` to each member's own room `user:{id}`, so room lists and the header's unread count follow
// without joining every room.
import type { RequestContext } from '../../platform/http/context.js';
import type { Platform } from '../../platform/index.js';
import { announce } from '../../platform/realtime/announce.js';

export const chatRoom = (roomId: string) => `chat:${roomId}`;

export type ChatEvent =
  | 'chat.msg'
  | 'chat.msg.updated'
  | 'chat.msg.deleted'
  | 'chat.reaction'
  | 'chat.read'
  | 'chat.typing';
export type RoomChange = 'msg' | 'read' | 'updated' | 'members' | 'deleted';

export interface ChatRealtime {
  /** Puts the caller's sockets into the room's channel once the transaction committed. */
  join(ctx: RequestContext, roomId: string): void;
  /** Tells the room's open conversations of a change. */
  emit(ctx: RequestContext, roomId: string, event: ChatEvent, payload: Record<string, unknown>): void;
  /** Tells each person's own sockets that a room of theirs changed (list order, unread counts). */
  tell(ctx: RequestContext, people: readonly string[], roomId: string, change: RoomChange): void;
}

declare module '../../platform/http/module.js' {
  interface ModuleServices {
    /** Built from each app's platform (module.ts `provides`), so two apps in one process keep their own sockets. */
    chatRealtime: ChatRealtime;
  }
}

export function chatRealtimeOf(platform: Platform): ChatRealtime {
  return {
    join(ctx, roomId) {
      const clientId = ctx.clientId;
      const userId = ctx.me().id;
      if (clientId) ctx.afterCommit(() => platform.realtime.join(clientId, userId, chatRoom(roomId)));
    },
    emit(ctx, roomId, event, payload) {
      announce(platform, ctx, chatRoom(roomId), event, { room: roomId, ...payload });
    },
    tell(ctx, people, roomId, change) {
      for (const person of new Set(people)) {
        announce(platform, ctx, `user:${person}`, 'chat.room.changed', { room: roomId, change });
      }
    },
  };
}

export function emit(ctx: RequestContext, roomId: string, event: ChatEvent, payload: Record<string, unknown>) {
  ctx.services.chatRealtime?.emit(ctx, roomId, event, payload);
}

export function tell(ctx: RequestContext, people: readonly string[], roomId: string, change: RoomChange) {
  ctx.services.chatRealtime?.tell(ctx, people, roomId, change);
}
