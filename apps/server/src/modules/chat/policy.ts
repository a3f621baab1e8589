import type { ChatMemberRole, ChatRoomType } from '@hallway/shared/chat';
import type { RequestContext } from '../../platform/http/context.js';

/**
 * Who does what in the chat (docs/api.md "Chat"). Every call needs the feature and right `chat` (the route guard).
 * Only a room's members read it or write to it — nobody else, the workspace's administrators included: a
 * conversation is private to its people. A group's administrators rename it, change its picture, add and remove
 * members and delete it; any member leaves it. A direct room has its two people, fixed; either of them deletes it.
 * A message is edited and deleted by its sender alone.
 */
export function roomPolicy(room: { type: ChatRoomType }, role: ChatMemberRole) {
  const group = room.type === 'group';
  const admin = role === 'admin';
  return {
    post: true,
    edit: group && admin,
    delete: group ? admin : true,
    members: group && admin,
    leave: group,
  };
}

/** What the person `reader` (null: nobody signed in) may do with a message. */
export function msgPolicyOf(reader: string | null, row: { senderId: string | null; deleted: boolean }) {
  const mine = !!reader && reader === row.senderId;
  return { edit: mine && !row.deleted, delete: mine && !row.deleted, react: !row.deleted };
}

export const msgPolicy = (ctx: RequestContext, row: { senderId: string | null; deleted: boolean }) =>
  msgPolicyOf(ctx.user?.id ?? null, row);

/**
 * A message announced to its room (`chat.msg`, `chat.msg.updated`) is read by every member: it carries what any
 * member other than its sender may do (`can`) and what its sender may (`sender_can`); each tab takes its own.
 */
export const announcedCan = (row: { senderId: string | null; deleted: boolean }) => ({
  can: msgPolicyOf(null, row),
  sender_can: msgPolicyOf(row.senderId, row),
});
