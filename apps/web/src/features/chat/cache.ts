import type { ChatMsgDto, ChatRoomDto } from '@hallway/shared/chat';
import type { InfiniteData } from '@tanstack/react-query';
import type { MsgsPage, RoomsPage } from './api';

/** A message as the conversation shows it: one of this tab's own may still be on its way, or have failed. */
export type ShownMsg = ChatMsgDto & { status?: 'sending' | 'failed' };
export type History = InfiniteData<Omit<MsgsPage, 'result'> & { result: ShownMsg[] }, unknown>;
export type Rooms = InfiniteData<RoomsPage, number>;

const samePending = (a: ShownMsg, b: ShownMsg) =>
  !!a.local_id && a.local_id === b.local_id && a.senderId === b.senderId;

const mapMsgs = (history: History, fn: (msg: ShownMsg) => ShownMsg): History => ({
  ...history,
  pages: history.pages.map((page) => ({ ...page, result: page.result.map(fn) })),
});

/**
 * Puts a message into a room's history (pages newest first): in the place of the same message, or of this tab's
 * own copy still on its way (same `local_id`), or else as the newest.
 */
export function putMsg(history: History | undefined, msg: ShownMsg): History | undefined {
  if (!history) return history;
  let found = false;
  const replaced = mapMsgs(history, (shown) => {
    if (found || !(shown._id === msg._id || samePending(shown, msg))) return shown;
    found = true;
    return msg;
  });
  if (found) return replaced;
  const [first, ...rest] = history.pages;
  if (!first) return history;
  return { ...history, pages: [{ ...first, result: [msg, ...first.result] }, ...rest] };
}

/** Changes one message where it is (by id), and the quotes of it in the replies to it. */
export function patchMsg(history: History | undefined, id: string, fn: (msg: ShownMsg) => ShownMsg) {
  if (!history) return history;
  const found = history.pages.flatMap((page) => page.result).find((msg) => msg._id === id);
  if (!found) return history;
  const quoted = fn(found);
  const patched = mapMsgs(history, (msg) => (msg._id === id ? quoted : msg));
  return mapMsgs(patched, (msg) =>
    msg.reply_to?._id === id
      ? { ...msg, reply_to: { ...msg.reply_to, content: quoted.content, deleted: quoted.deleted } }
      : msg,
  );
}

/** Takes one of this tab's own messages (never sent) out of the history. */
export const dropPending = (history: History | undefined, localId: string) =>
  history && {
    ...history,
    pages: history.pages.map((page) => ({
      ...page,
      result: page.result.filter((m) => m.local_id !== localId || !m.status),
    })),
  };

/** Another member's read marker reached `cursor`: my messages up to it are seen. */
export const markSeen = (history: History | undefined, me: string, cursor: number) =>
  history &&
  mapMsgs(history, (msg) => (msg.senderId === me && !msg.seen && msg.cursor <= cursor ? { ...msg, seen: true } : msg));

/** A deleted message keeps its place, empty. */
export const asDeleted = (msg: ShownMsg): ShownMsg => ({
  ...msg,
  content: '',
  files: [],
  file: null,
  mentions: [],
  reactions: [],
  deleted: true,
  can: { edit: false, delete: false, react: false },
});

/** The history oldest first, as the conversation draws it. */
export const chronological = (history: History | undefined): ShownMsg[] =>
  history ? history.pages.flatMap((page) => page.result).reverse() : [];

/** A room's answer in the loaded room lists, in its place. */
export const putRoom = (rooms: Rooms | undefined, room: ChatRoomDto) =>
  rooms && {
    ...rooms,
    pages: rooms.pages.map((page) => ({ ...page, result: page.result.map((r) => (r._id === room._id ? room : r)) })),
  };

/** Where the "new messages" line goes: above the oldest of the `unread` newest messages of others. */
export function firstUnread(msgs: ShownMsg[], me: string, unread: number): string | null {
  if (unread <= 0) return null;
  let left = unread;
  for (let i = msgs.length - 1; i >= 0; i--) {
    const msg = msgs[i];
    if (msg.senderId === me || msg.deleted) continue;
    left--;
    if (left === 0) return msg._id;
  }
  return msgs.find((msg) => msg.senderId !== me)?._id ?? null;
}
