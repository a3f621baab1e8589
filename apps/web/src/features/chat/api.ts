import type { ChatMsgDto, ChatRoomBody, ChatRoomDto, ChatRoomUpdateBody } from '@hallway/shared/chat';
import { api } from '../../api/client';

/**
 * The chat's calls (modules §7 "Chat", docs/api.md "Chat"). Everything is `local`: the pages show their failures
 * themselves (a toast, a form's fields, a message marked "not sent").
 */

export interface RoomsPage {
  result: ChatRoomDto[];
  total: number;
  total_unread: number;
}
export interface MsgsPage {
  result: ChatMsgDto[];
  next: number | null;
}
export interface SendInput {
  roomId: string;
  msg: string;
  files: string[];
  reply_to?: string | null;
  mentions: string[];
  local_id: string;
}

const local = { local: true } as const;
type One<T> = { result: T };
const room = async (promise: Promise<One<{ room: ChatRoomDto }>>) => (await promise).result.room;
const message = async (promise: Promise<One<{ msg: ChatMsgDto }>>) => (await promise).result.msg;

export const ROOMS_PAGE = 50;

export const fetchRooms = (clientId: string, offset: number, signal?: AbortSignal) =>
  api<RoomsPage>(`/api/chat/rooms/${clientId}`, { query: { offset, limit: ROOMS_PAGE }, signal, ...local });

export const fetchRoom = (id: string, signal?: AbortSignal) => room(api(`/api/chat/room/${id}`, { signal, ...local }));

export const fetchUnread = async (signal?: AbortSignal) =>
  (await api<One<{ total: number }>>('/api/chat/unread', { signal, ...local })).result.total;

export const fetchMsgs = (roomId: string, before: number | undefined, q?: string, signal?: AbortSignal) =>
  api<MsgsPage>(`/api/chat/room/${roomId}/msgs`, { query: { before, q }, signal, ...local });

export const sendMsg = (body: SendInput) => message(api('/api/chat/msg', { method: 'POST', body, ...local }));

export const editMsg = (id: string, body: { msg: string; mentions: string[] }) =>
  message(api(`/api/chat/msg/${id}`, { method: 'PUT', body, ...local }));

export const deleteMsg = (id: string) => api<unknown>(`/api/chat/msg/${id}`, { method: 'DELETE', ...local });

export const toggleReaction = (id: string, emoji: string) =>
  message(api(`/api/chat/msg/${id}/reaction`, { method: 'PUT', body: { emoji }, ...local }));

export const markRead = async (roomId: string, msg?: string) =>
  (
    await api<One<{ unread: number; total: number }>>(`/api/chat/room/${roomId}/read`, {
      method: 'PUT',
      body: msg ? { msg } : {},
      ...local,
    })
  ).result;

export const createRoom = (body: ChatRoomBody) => room(api('/api/chat/room', { method: 'POST', body, ...local }));

export const updateRoom = (body: ChatRoomUpdateBody) => room(api('/api/chat/room', { method: 'PUT', body, ...local }));

export const deleteRoom = (id: string) => api<unknown>(`/api/chat/room/${id}`, { method: 'DELETE', ...local });

export const openDirect = (user: string) => room(api('/api/chat/direct', { method: 'POST', body: { user }, ...local }));

export const addMembers = (roomId: string, members: string[]) =>
  room(api(`/api/chat/room/${roomId}/members`, { method: 'POST', body: { members }, ...local }));

export const removeMember = async (roomId: string, userId: string) =>
  (
    await api<One<{ room: ChatRoomDto | null }>>(`/api/chat/room/${roomId}/members/${userId}`, {
      method: 'DELETE',
      ...local,
    })
  ).result.room;

export const muteRoom = (roomId: string, muted: boolean) =>
  room(api(`/api/chat/room/${roomId}/mute`, { method: 'PUT', body: { muted }, ...local }));
