import type { ChatMsgDto, ChatRoomDto } from '@hallway/shared/chat';

/** Test helpers of the chat (only tests import this file). */
export { CLIENT, LUKAS, ME, renderWithSession, TOM } from '../groups/testing';

import { LUKAS, ME, TOM } from '../groups/testing';

export const ROOM = '01a1fe5d-0000-7000-8000-0000000000f1';
export const msgId = (n: number) => `01a1fe5d-0000-7000-8000-0000000002${String(n).padStart(2, '0')}`;

export const anna = {
  _id: ME,
  name: 'Anna Kowalski',
  avatar: null,
  position: 'Product Designer',
  role: 'admin' as const,
};
export const lukas = { _id: LUKAS, name: 'Lukas Schmidt', avatar: null, position: 'Engineer', role: 'member' as const };
export const tom = { _id: TOM, name: 'Tom Baker', avatar: null, position: 'Sales', role: 'member' as const };

export function makeRoom(overrides: Partial<ChatRoomDto> = {}): ChatRoomDto {
  return {
    _id: ROOM,
    type: 'group',
    name: 'Launch team',
    picture: null,
    members: [anna, lukas, tom],
    created: '2026-11-20T09:00:00.000Z',
    last_message_at: null,
    last_message: null,
    unread: 0,
    muted: false,
    can: { post: true, edit: true, delete: true, members: true, leave: true },
    ...overrides,
  };
}

/** Message `n` of the room, by Lukas unless said otherwise, `n` minutes after 9:00 today. */
export function makeMsg(n: number, overrides: Partial<ChatMsgDto> = {}): ChatMsgDto {
  const at = new Date();
  at.setHours(9, n, 0, 0);
  const sender = overrides.senderId ?? LUKAS;
  const mine = sender === ME;
  return {
    _id: msgId(n),
    roomId: ROOM,
    content: `Message ${n}`,
    senderId: sender,
    username: mine ? 'Anna Kowalski' : sender === TOM ? 'Tom Baker' : 'Lukas Schmidt',
    date: at.toISOString(),
    timestamp: at.getTime(),
    seen: false,
    file: null,
    files: [],
    reply_to: null,
    mentions: [],
    edited: null,
    deleted: false,
    reactions: [],
    local_id: null,
    cursor: n,
    can: { edit: mine, delete: mine, react: true },
    ...overrides,
  };
}

/** A page of history, newest first, as the server answers it. */
export const page = (msgs: ChatMsgDto[], next: number | null = null) => ({
  result: [...msgs].sort((a, b) => b.cursor - a.cursor),
  next,
});
