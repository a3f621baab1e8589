import type { ChatMsgDto } from '@hallway/shared/chat';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { type Socket, whenIdentified } from '../../api/socket';
import { useSession } from '../../app/session/context';
import { asDeleted, markSeen, patchMsg, putMsg } from './cache';
import { chatKeys, setHistory } from './queries';

type Can = ChatMsgDto['can'];
interface MsgEvent {
  room: string;
  msg: ChatMsgDto;
  /** What the message's sender may do with it; `msg.can` is what the other members may. */
  sender_can: Can;
}
interface ReactionEvent {
  room: string;
  msg: string;
  user: string;
  emoji: string;
  on: boolean;
  reactions: ChatMsgDto['reactions'];
}
export interface RoomChangedEvent {
  room: string;
  change: 'msg' | 'read' | 'updated' | 'members' | 'deleted';
}

/**
 * The events of a room's channel (`chat:{id}`, the server's modules/chat/realtime.ts) applied to the cached
 * history, by event name so tests can feed them directly. A message comes whole, with what its readers and its
 * sender may do; each tab takes its own.
 */
export function chatEventHandlers(
  client: QueryClient,
  me: string,
  onTyping: (room: string, user: string, typing: boolean) => void,
) {
  const own = (event: MsgEvent): ChatMsgDto => ({
    ...event.msg,
    can: event.msg.senderId === me ? event.sender_can : event.msg.can,
  });
  return {
    'chat.msg': (event: MsgEvent) => {
      setHistory(client, event.room, (h) => putMsg(h, own(event)));
      // Whoever sent it has stopped typing.
      if (event.msg.senderId && event.msg.senderId !== me) onTyping(event.room, event.msg.senderId, false);
    },
    'chat.msg.updated': (event: MsgEvent) =>
      setHistory(client, event.room, (h) =>
        // The reactions stay this tab's: the event's say which are its sender's.
        patchMsg(h, event.msg._id, (shown) => ({ ...own(event), reactions: shown.reactions, seen: shown.seen })),
      ),
    'chat.msg.deleted': (event: { room: string; msg: string }) =>
      setHistory(client, event.room, (h) => patchMsg(h, event.msg, asDeleted)),
    'chat.reaction': (event: ReactionEvent) =>
      setHistory(client, event.room, (h) =>
        patchMsg(h, event.msg, (shown) => {
          const mine = new Set(shown.reactions.filter((r) => r.mine).map((r) => r.emoji));
          if (event.user === me) {
            if (event.on) mine.add(event.emoji);
            else mine.delete(event.emoji);
          }
          return { ...shown, reactions: event.reactions.map((r) => ({ ...r, mine: mine.has(r.emoji) })) };
        }),
      ),
    'chat.read': (event: { room: string; user: string; cursor: number }) => {
      if (event.user !== me) setHistory(client, event.room, (h) => markSeen(h, me, event.cursor));
    },
    'chat.typing': (event: { room: string; user: string }) => {
      if (event.user !== me) onTyping(event.room, event.user, true);
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
 * While a conversation is open: joins its channel (`chat.subscribe`, again after every reconnection, when the
 * history is read again for what was missed) and applies its events. Answers whether the channel is joined (the
 * server acknowledged it): from then on every message arrives live.
 */
export function useChatRoom(roomId: string, onTyping: (room: string, user: string, typing: boolean) => void) {
  const [joined, setJoined] = useState(false);
  const { socket, user } = useSession();
  const client = useQueryClient();
  const typing = useRef(onTyping);
  typing.current = onTyping;
  const me = user?._id ?? '';
  useEffect(() => {
    if (!socket || !roomId || !me) return;
    let first = true;
    const unsubscribe = whenIdentified(socket, () => {
      socket.emit('chat.subscribe', { room_id: roomId }, (answer: { result?: boolean }) =>
        setJoined(answer?.result === true),
      );
      if (!first) void client.invalidateQueries({ queryKey: chatKeys.history(roomId) });
      first = false;
    });
    const left = () => setJoined(false);
    socket.on('disconnect', left);
    const stop = listen(
      socket,
      chatEventHandlers(client, me, (room, person, on) => typing.current(room, person, on)),
    );
    return () => {
      unsubscribe();
      stop();
      socket.off('disconnect', left);
    };
  }, [socket, client, roomId, me]);
  return joined;
}

/**
 * The person's own channel says when one of their rooms changed (`chat.room.changed`): the lists and the unread
 * total are read again, at most a few times a second in a busy room. The header's button keeps this on while the
 * person is signed in.
 */
export function useChatListRealtime() {
  const { socket } = useSession();
  const client = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      void client.invalidateQueries({ queryKey: chatKeys.rooms });
      void client.invalidateQueries({ queryKey: chatKeys.unread });
    };
    const changed = (event: RoomChangedEvent) => {
      if (event.change === 'members' || event.change === 'updated')
        void client.invalidateQueries({ queryKey: chatKeys.room(event.room) });
      timer ??= setTimeout(() => {
        timer = undefined;
        refresh();
      }, 300);
    };
    socket.on('chat.room.changed', changed);
    // Changes while the socket was away came with no event.
    let first = true;
    const stopReloading = whenIdentified(socket, () => {
      if (!first) refresh();
      first = false;
    });
    return () => {
      clearTimeout(timer);
      socket.off('chat.room.changed', changed);
      stopReloading();
    };
  }, [socket, client]);
}

/** Hears the changes of the person's rooms (an open conversation learns it was deleted or that they were removed). */
export function useRoomChanges(onChange: (event: RoomChangedEvent) => void) {
  const { socket } = useSession();
  const heard = useRef(onChange);
  heard.current = onChange;
  useEffect(() => {
    if (!socket) return;
    const changed = (event: RoomChangedEvent) => heard.current(event);
    socket.on('chat.room.changed', changed);
    return () => {
      socket.off('chat.room.changed', changed);
    };
  }, [socket]);
}
