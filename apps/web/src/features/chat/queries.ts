import type { ChatRoomBody, ChatRoomDto, ChatRoomUpdateBody } from '@hallway/shared/chat';
import { infiniteQueryOptions, mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import * as chatApi from './api';
import { asDeleted, dropPending, type History, patchMsg, putMsg, putRoom, type Rooms, type ShownMsg } from './cache';

/** The chat's query keys: the room lists, each room, its history and its searches, the unread total. */
export const chatKeys = {
  rooms: ['chat', 'rooms'] as const,
  roomsOf: (clientId: string) => ['chat', 'rooms', clientId] as const,
  room: (id: string) => ['chat', 'room', id] as const,
  history: (id: string) => ['chat', 'history', id] as const,
  search: (id: string, q: string) => ['chat', 'search', id, q] as const,
  unread: ['chat', 'unread'] as const,
};

export const chatQueries = {
  rooms: (clientId: string) =>
    infiniteQueryOptions({
      queryKey: chatKeys.roomsOf(clientId),
      queryFn: ({ pageParam, signal }) => chatApi.fetchRooms(clientId, pageParam, signal),
      initialPageParam: 0,
      getNextPageParam: (last, pages) => {
        const loaded = pages.reduce((n, page) => n + page.result.length, 0);
        return loaded < last.total && last.result.length ? loaded : undefined;
      },
      staleTime: 15_000,
    }),

  room: (id: string) =>
    queryOptions({
      queryKey: chatKeys.room(id),
      queryFn: ({ signal }) => chatApi.fetchRoom(id, signal),
      retry: false,
      staleTime: 15_000,
    }),

  /** A room's history, newest page first; older pages by the keyset cursor `before`. */
  history: (id: string) =>
    infiniteQueryOptions({
      queryKey: chatKeys.history(id),
      queryFn: ({ pageParam, signal }) => chatApi.fetchMsgs(id, pageParam, undefined, signal),
      initialPageParam: undefined as number | undefined,
      getNextPageParam: (last) => last.next ?? undefined,
      retry: false,
      staleTime: Number.POSITIVE_INFINITY,
    }),

  search: (id: string, q: string) =>
    infiniteQueryOptions({
      queryKey: chatKeys.search(id, q),
      queryFn: ({ pageParam, signal }) => chatApi.fetchMsgs(id, pageParam, q, signal),
      initialPageParam: undefined as number | undefined,
      getNextPageParam: (last) => last.next ?? undefined,
      enabled: q.length > 0,
      staleTime: 30_000,
    }),

  unread: () =>
    queryOptions({
      queryKey: chatKeys.unread,
      queryFn: ({ signal }) => chatApi.fetchUnread(signal),
      staleTime: 60_000,
    }),
};

export const setHistory = (
  client: QueryClient,
  roomId: string,
  fn: (history: History | undefined) => History | undefined,
) => client.setQueryData<History>(chatKeys.history(roomId), fn);

/** A room's answer goes to its own cache and to the lists, which are read again for their order. */
export function settleRoom(client: QueryClient, room: ChatRoomDto) {
  client.setQueryData(chatKeys.room(room._id), room);
  client.setQueriesData<Rooms>({ queryKey: chatKeys.rooms }, (rooms) => putRoom(rooms, room));
  void client.invalidateQueries({ queryKey: chatKeys.rooms });
}

/** A room that is gone (deleted, or I left it): out of every cache. */
function forgetRoom(client: QueryClient, id: string) {
  client.removeQueries({ queryKey: chatKeys.room(id) });
  client.removeQueries({ queryKey: chatKeys.history(id) });
  void client.invalidateQueries({ queryKey: chatKeys.rooms });
  void client.invalidateQueries({ queryKey: chatKeys.unread });
}

export interface SendVariables {
  body: chatApi.SendInput;
  /** The message as shown until the server answers (status `sending`). */
  pending: ShownMsg;
}

/**
 * The chat's writes. A message shows at once as "sending"; the answer takes its place (the socket's copy may come
 * first: same `local_id`). A failed one stays, marked, to be sent again with the same `local_id` (the server answers
 * the stored message when the first try had arrived after all).
 */
export const chatMutations = {
  send: (client: QueryClient) =>
    mutationOptions({
      mutationFn: ({ body }: SendVariables) => chatApi.sendMsg(body),
      onMutate: ({ body, pending }) =>
        setHistory(client, body.roomId, (h) => putMsg(h, { ...pending, status: 'sending' })),
      onSuccess: (msg) => {
        setHistory(client, msg.roomId, (h) => putMsg(h, msg));
        void client.invalidateQueries({ queryKey: chatKeys.rooms });
      },
      onError: (_error, { body, pending }) =>
        setHistory(client, body.roomId, (h) => putMsg(h, { ...pending, status: 'failed' })),
    }),

  edit: (client: QueryClient) =>
    mutationOptions({
      mutationFn: ({ id, msg, mentions }: { id: string; msg: string; mentions: string[] }) =>
        chatApi.editMsg(id, { msg, mentions }),
      onSuccess: (msg) => setHistory(client, msg.roomId, (h) => patchMsg(h, msg._id, () => msg)),
    }),

  remove: (client: QueryClient) =>
    mutationOptions({
      mutationFn: ({ id }: { id: string; roomId: string }) => chatApi.deleteMsg(id),
      onSuccess: (_done, { id, roomId }) => {
        setHistory(client, roomId, (h) => patchMsg(h, id, asDeleted));
        void client.invalidateQueries({ queryKey: chatKeys.rooms });
      },
    }),

  react: (client: QueryClient) =>
    mutationOptions({
      mutationFn: ({ id, emoji }: { id: string; emoji: string }) => chatApi.toggleReaction(id, emoji),
      onSuccess: (msg) =>
        setHistory(client, msg.roomId, (h) =>
          patchMsg(h, msg._id, (shown) => ({ ...shown, reactions: msg.reactions })),
        ),
    }),

  read: (client: QueryClient) =>
    mutationOptions({
      mutationFn: ({ roomId, msg }: { roomId: string; msg?: string }) => chatApi.markRead(roomId, msg),
      onSuccess: ({ unread, total }, { roomId }) => {
        client.setQueryData(chatKeys.unread, total);
        const room = client.getQueryData<ChatRoomDto>(chatKeys.room(roomId));
        if (room) settleRoom(client, { ...room, unread });
      },
    }),

  createRoom: (client: QueryClient) =>
    mutationOptions({
      mutationFn: (body: ChatRoomBody) => chatApi.createRoom(body),
      onSuccess: (room) => settleRoom(client, room),
    }),

  updateRoom: (client: QueryClient) =>
    mutationOptions({
      mutationFn: (body: ChatRoomUpdateBody) => chatApi.updateRoom(body),
      onSuccess: (room) => settleRoom(client, room),
    }),

  direct: (client: QueryClient) =>
    mutationOptions({
      mutationFn: (user: string) => chatApi.openDirect(user),
      onSuccess: (room) => settleRoom(client, room),
    }),

  addMembers: (client: QueryClient) =>
    mutationOptions({
      mutationFn: ({ roomId, members }: { roomId: string; members: string[] }) => chatApi.addMembers(roomId, members),
      onSuccess: (room) => settleRoom(client, room),
    }),

  /** Removes a member, or (myself) leaves: the room is then out of my lists. */
  removeMember: (client: QueryClient) =>
    mutationOptions({
      mutationFn: ({ roomId, userId }: { roomId: string; userId: string }) => chatApi.removeMember(roomId, userId),
      onSuccess: (room, { roomId }) => (room ? settleRoom(client, room) : forgetRoom(client, roomId)),
    }),

  mute: (client: QueryClient) =>
    mutationOptions({
      mutationFn: ({ roomId, muted }: { roomId: string; muted: boolean }) => chatApi.muteRoom(roomId, muted),
      onSuccess: (room) => {
        settleRoom(client, room);
        void client.invalidateQueries({ queryKey: chatKeys.unread });
      },
    }),

  deleteRoom: (client: QueryClient) =>
    mutationOptions({
      mutationFn: (id: string) => chatApi.deleteRoom(id),
      onSuccess: (_done, id) => forgetRoom(client, id),
    }),
};

/** A message of mine that was never sent, discarded. */
export const discardPending = (client: QueryClient, roomId: string, localId: string) =>
  setHistory(client, roomId, (h) => dropPending(h, localId));
