// The chat (modules §3 Chat, §7 "Chat"; docs/api.md "Chat"): rooms (direct, one per pair of people, and groups),
// their members and read markers, messages with files, replies, mentions and reactions, keyset history and search.

import { formatBytes, POST_ATTACHMENT_LIMIT_BYTES, type StoredFile } from '@hallway/shared';
import {
  CHAT_MESSAGE_MAX,
  type ChatMemberRole,
  type ChatMsgBody,
  type ChatMsgDto,
  type ChatMsgEditBody,
  type ChatMsgsQuery,
  type ChatRoomBody,
  type ChatRoomDto,
  type ChatRoomsQuery,
  type ChatRoomUpdateBody,
} from '@hallway/shared/chat';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { assertOwnWorkspace } from '../../platform/access/tenancy.js';
import { rowsOf } from '../../platform/db/client.js';
import { containing } from '../../platform/db/like.js';
import { AppError, notFound } from '../../platform/errors/app-error.js';
import { files as uploads } from '../../platform/files/tables.js';
import type { RequestContext } from '../../platform/http/context.js';
import { notify } from '../../platform/notify/notify.js';
import { fileRefs } from '../files/index.js';
import { assertActivePeople, personCards, unknownPerson } from '../users/index.js';
import { announcedCan, msgPolicy, roomPolicy } from './policy.js';
import { emit, tell } from './realtime.js';
import { type ChatRoomRow, chatMembers, chatMessages, chatReactions, chatRooms } from './tables.js';

export interface LoadedRoom {
  row: ChatRoomRow;
  role: ChatMemberRole;
}

const iso = (value: unknown) => new Date(value as string).toISOString();

/** A room the caller is a member of (404 otherwise, as for another workspace's), optionally locked. */
export async function loadRoom(ctx: RequestContext, id: string, lock = false): Promise<LoadedRoom> {
  const query = ctx.db
    .select({ row: chatRooms, role: chatMembers.role })
    .from(chatRooms)
    .innerJoin(
      chatMembers,
      and(
        eq(chatMembers.roomId, chatRooms.id),
        eq(chatMembers.clientId, chatRooms.clientId),
        eq(chatMembers.userId, ctx.me().id),
      ),
    )
    .where(and(eq(chatRooms.clientId, ctx.tenant()), eq(chatRooms.id, id)));
  const [found] = lock ? await query.for('update', { of: chatRooms }) : await query;
  if (!found) throw notFound('chat_room_not_found');
  return found;
}

async function memberIds(ctx: RequestContext, roomId: string): Promise<string[]> {
  const rows = await ctx.db
    .select({ id: chatMembers.userId })
    .from(chatMembers)
    .where(and(eq(chatMembers.clientId, ctx.tenant()), eq(chatMembers.roomId, roomId)));
  return rows.map((r) => r.id);
}

// —— Rooms ——

interface RoomSqlRow {
  id: string;
  type: 'direct' | 'group';
  name: string;
  picture: StoredFile | null;
  created: string;
  last_message_at: string | null;
  role: ChatMemberRole;
  muted: boolean;
  unread: number;
  last: { _id: string; content: string; sender: string | null; date: string; deleted: boolean } | null;
  members: { user: string; role: ChatMemberRole }[];
}

/** Unread messages of a membership `m`: others' messages past the read marker, deleted ones aside. */
const unreadOf = sql.raw(`(SELECT count(*)::int FROM chat_messages x
  WHERE x.client_id = m.client_id AND x.room_id = m.room_id AND x.seq > m.last_read_seq
    AND x.sender_id IS DISTINCT FROM m.user_id AND NOT x.deleted)`);

async function roomRows(ctx: RequestContext, only: string | null, limit: number, offset: number) {
  const one = only ? sql`AND r.id = ${only}` : sql``;
  return rowsOf<RoomSqlRow>(
    ctx.db,
    sql`SELECT r.id, r.type, r.name, r.picture, r.created, r.last_message_at, m.role, m.muted,
      ${unreadOf} AS unread,
      (SELECT json_build_object('_id', x.id, 'content', CASE WHEN x.deleted THEN '' ELSE x.text END,
          'sender', x.sender_id, 'date', x.created, 'deleted', x.deleted)
        FROM chat_messages x WHERE x.client_id = r.client_id AND x.room_id = r.id ORDER BY x.seq DESC LIMIT 1) AS last,
      (SELECT json_agg(json_build_object('user', p.user_id, 'role', p.role) ORDER BY p.joined, p.user_id)
        FROM chat_members p WHERE p.client_id = r.client_id AND p.room_id = r.id) AS members
    FROM chat_members m JOIN chat_rooms r ON r.client_id = m.client_id AND r.id = m.room_id
    WHERE m.client_id = ${ctx.tenant()} AND m.user_id = ${ctx.me().id} ${one}
    ORDER BY coalesce(r.last_message_at, r.created) DESC, r.id
    LIMIT ${limit} OFFSET ${offset}`,
  );
}

async function presentRooms(ctx: RequestContext, rows: RoomSqlRow[]): Promise<ChatRoomDto[]> {
  const people = new Set<string>();
  for (const r of rows) {
    for (const m of r.members ?? []) people.add(m.user);
    if (r.last?.sender) people.add(r.last.sender);
  }
  const cards = await personCards(ctx.db, people);
  const card = (id: string) => cards.get(id) ?? unknownPerson(id);
  const me = ctx.me().id;
  return rows.map((r) => {
    const members = (r.members ?? []).map((m) => ({ ...card(m.user), role: m.role }));
    const other = members.find((m) => m._id !== me);
    return {
      _id: r.id,
      type: r.type,
      name: r.type === 'direct' ? (other?.name ?? '') : r.name,
      picture: r.picture ?? null,
      members,
      created: iso(r.created),
      last_message_at: r.last_message_at ? iso(r.last_message_at) : null,
      last_message: r.last
        ? {
            _id: r.last._id,
            content: r.last.content,
            senderId: r.last.sender,
            username: r.last.sender ? card(r.last.sender).name : '',
            date: iso(r.last.date),
            deleted: r.last.deleted,
          }
        : null,
      unread: Number(r.unread),
      muted: r.muted,
      can: roomPolicy(r, r.role),
    };
  });
}

export async function getRoom(ctx: RequestContext, id: string): Promise<ChatRoomDto> {
  const [row] = await roomRows(ctx, id, 1, 0);
  if (!row) throw notFound('chat_room_not_found');
  return (await presentRooms(ctx, [row]))[0];
}

async function totalUnread(ctx: RequestContext): Promise<number> {
  const [row] = await rowsOf<{ total: number }>(
    ctx.db,
    sql`SELECT coalesce(sum(${unreadOf}), 0)::int AS total FROM chat_members m
      WHERE m.client_id = ${ctx.tenant()} AND m.user_id = ${ctx.me().id} AND NOT m.muted`,
  );
  return Number(row?.total ?? 0);
}

/** The caller's rooms, the newest conversation first, with unread counts and the last message. */
export async function listRooms(ctx: RequestContext, workspaceId: string, query: ChatRoomsQuery) {
  assertOwnWorkspace(ctx, workspaceId);
  const rows = await roomRows(ctx, null, query.limit, query.offset);
  const [count] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(chatMembers)
    .where(and(eq(chatMembers.clientId, ctx.tenant()), eq(chatMembers.userId, ctx.me().id)));
  return { result: await presentRooms(ctx, rows), total: Number(count.n), total_unread: await totalUnread(ctx) };
}

export async function unreadTotal(ctx: RequestContext) {
  return { total: await totalUnread(ctx) };
}

async function pictureOf(ctx: RequestContext, id: string | null | undefined): Promise<StoredFile | null> {
  if (!id) return null;
  const [file] = await checkFiles(ctx, [id]);
  return file;
}

async function addMembers(ctx: RequestContext, roomId: string, people: Map<string, ChatMemberRole>) {
  if (!people.size) return;
  await ctx.db
    .insert(chatMembers)
    .values([...people].map(([userId, role]) => ({ clientId: ctx.tenant(), roomId, userId, role })))
    .onConflictDoUpdate({
      target: [chatMembers.roomId, chatMembers.userId],
      set: { role: sql`CASE WHEN excluded.role = 'admin' THEN 'admin' ELSE ${chatMembers.role} END` },
    });
}

export async function createRoom(ctx: RequestContext, body: ChatRoomBody): Promise<ChatRoomDto> {
  const me = ctx.me().id;
  await assertActivePeople(ctx, [...body.members, ...body.admins], 'members', 'user_not_found');
  const picture = await pictureOf(ctx, body.picture);
  const [row] = await ctx.db
    .insert(chatRooms)
    .values({ clientId: ctx.tenant(), type: 'group', name: body.name, picture, createdBy: me })
    .returning();
  const people = new Map<string, ChatMemberRole>();
  for (const id of body.members) people.set(id, 'member');
  for (const id of body.admins) people.set(id, 'admin');
  people.set(me, 'admin');
  await addMembers(ctx, row.id, people);
  tell(ctx, [...people.keys()], row.id, 'members');
  return getRoom(ctx, row.id);
}

export async function updateRoom(ctx: RequestContext, body: ChatRoomUpdateBody): Promise<ChatRoomDto> {
  const room = await loadRoom(ctx, body._id, true);
  if (room.row.type === 'direct') throw new AppError(409, 'chat_direct_fixed');
  if (!roomPolicy(room.row, room.role).edit) throw new AppError(403, 'chat_room_admins_only');
  const next: Partial<ChatRoomRow> = {};
  if (body.name !== undefined) next.name = body.name;
  if (body.picture !== undefined) next.picture = await pictureOf(ctx, body.picture);
  if (Object.keys(next).length) await ctx.db.update(chatRooms).set(next).where(eq(chatRooms.id, room.row.id));
  tell(ctx, await memberIds(ctx, room.row.id), room.row.id, 'updated');
  return getRoom(ctx, room.row.id);
}

export async function deleteRoom(ctx: RequestContext, id: string): Promise<boolean> {
  const room = await loadRoom(ctx, id, true);
  if (!roomPolicy(room.row, room.role).delete) throw new AppError(403, 'chat_room_admins_only');
  const people = await memberIds(ctx, id);
  await ctx.db.delete(chatRooms).where(and(eq(chatRooms.clientId, ctx.tenant()), eq(chatRooms.id, id)));
  tell(ctx, people, id, 'deleted');
  return true;
}

/** The direct room with a person: found, or made at the first call (one per pair, also when both start at once). */
export async function directRoom(ctx: RequestContext, user: string): Promise<ChatRoomDto> {
  const me = ctx.me().id;
  if (user === me) throw new AppError(400, 'chat_direct_self');
  await assertActivePeople(ctx, [user], 'user', 'user_not_found');
  const key = [me, user].sort().join(':');
  const [made] = await ctx.db
    .insert(chatRooms)
    .values({ clientId: ctx.tenant(), type: 'direct', directKey: key, createdBy: me })
    .onConflictDoNothing({ target: [chatRooms.clientId, chatRooms.directKey] })
    .returning({ id: chatRooms.id });
  let id = made?.id;
  if (made) {
    await addMembers(
      ctx,
      made.id,
      new Map([
        [me, 'member'],
        [user, 'member'],
      ]),
    );
  } else {
    const [found] = await ctx.db
      .select({ id: chatRooms.id })
      .from(chatRooms)
      .where(and(eq(chatRooms.clientId, ctx.tenant()), eq(chatRooms.directKey, key)));
    id = found.id;
  }
  return getRoom(ctx, id!);
}

export async function addRoomMembers(
  ctx: RequestContext,
  id: string,
  body: { members: string[]; admin: boolean },
): Promise<ChatRoomDto> {
  const room = await loadRoom(ctx, id, true);
  if (room.row.type === 'direct') throw new AppError(409, 'chat_direct_fixed');
  if (!roomPolicy(room.row, room.role).members) throw new AppError(403, 'chat_room_admins_only');
  await assertActivePeople(ctx, body.members, 'members', 'user_not_found');
  const role: ChatMemberRole = body.admin ? 'admin' : 'member';
  await addMembers(ctx, id, new Map(body.members.map((m) => [m, role])));
  tell(ctx, await memberIds(ctx, id), id, 'members');
  return getRoom(ctx, id);
}

/** Removes a member (the room's administrators), or the caller leaves; a group keeps one administrator. */
export async function removeRoomMember(ctx: RequestContext, id: string, user: string): Promise<ChatRoomDto | null> {
  const room = await loadRoom(ctx, id, true);
  const policy = roomPolicy(room.row, room.role);
  if (room.row.type === 'direct') throw new AppError(409, 'chat_direct_fixed');
  const self = user === ctx.me().id;
  if (!(self ? policy.leave : policy.members)) throw new AppError(403, 'chat_room_admins_only');
  const people = await ctx.db
    .select({ id: chatMembers.userId, role: chatMembers.role })
    .from(chatMembers)
    .where(and(eq(chatMembers.clientId, ctx.tenant()), eq(chatMembers.roomId, id)));
  const leaving = people.find((p) => p.id === user);
  if (!leaving) throw notFound('user_not_found');
  const admins = people.filter((p) => p.role === 'admin' && p.id !== user);
  if (leaving.role === 'admin' && !admins.length && people.length > 1) throw new AppError(409, 'chat_last_admin');
  await ctx.db.delete(chatMembers).where(and(eq(chatMembers.roomId, id), eq(chatMembers.userId, user)));
  tell(
    ctx,
    people.map((p) => p.id),
    id,
    'members',
  );
  if (people.length === 1) {
    await ctx.db.delete(chatRooms).where(eq(chatRooms.id, id));
    return null;
  }
  return self ? null : getRoom(ctx, id);
}

export async function muteRoom(ctx: RequestContext, id: string, muted: boolean): Promise<ChatRoomDto> {
  await loadRoom(ctx, id);
  await ctx.db
    .update(chatMembers)
    .set({ muted })
    .where(and(eq(chatMembers.roomId, id), eq(chatMembers.userId, ctx.me().id)));
  tell(ctx, [ctx.me().id], id, 'read');
  return getRoom(ctx, id);
}

// —— Messages ——

interface MsgSqlRow {
  id: string;
  room_id: string;
  seq: number;
  sender_id: string | null;
  text: string;
  files: StoredFile[];
  mentions: string[];
  local_id: string | null;
  edited: string | null;
  deleted: boolean;
  created: string;
  username: string | null;
  seen: boolean;
  reply: { _id: string; content: string; username: string | null; deleted: boolean } | null;
  reactions: { emoji: string; count: number; mine: boolean }[];
}

async function msgRows(ctx: RequestContext, roomId: string, where: ReturnType<typeof sql>, limit: number) {
  const me = ctx.me().id;
  return rowsOf<MsgSqlRow>(
    ctx.db,
    sql`SELECT x.id, x.room_id, x.seq, x.sender_id, x.text, x.files, x.mentions, x.local_id, x.edited, x.deleted,
      x.created, trim(u.first_name || ' ' || u.last_name) AS username,
      EXISTS (SELECT 1 FROM chat_members o WHERE o.client_id = x.client_id AND o.room_id = x.room_id
        AND o.user_id IS DISTINCT FROM x.sender_id AND o.last_read_seq >= x.seq) AS seen,
      (SELECT json_build_object('_id', y.id, 'content', CASE WHEN y.deleted THEN '' ELSE y.text END,
          'username', trim(v.first_name || ' ' || v.last_name), 'deleted', y.deleted)
        FROM chat_messages y LEFT JOIN users v ON v.id = y.sender_id
        WHERE y.client_id = x.client_id AND y.room_id = x.room_id AND y.id = x.reply_to) AS reply,
      (SELECT coalesce(json_agg(json_build_object('emoji', g.emoji, 'count', g.n, 'mine', g.mine) ORDER BY g.first,
          g.emoji), '[]'::json)
        FROM (SELECT r.emoji, count(*)::int AS n, bool_or(r.user_id = ${me}) AS mine, min(r.created) AS first
          FROM chat_reactions r WHERE r.client_id = x.client_id AND r.message_id = x.id GROUP BY r.emoji) g) AS reactions
    FROM chat_messages x LEFT JOIN users u ON u.id = x.sender_id
    WHERE x.client_id = ${ctx.tenant()} AND x.room_id = ${roomId} AND ${where}
    ORDER BY x.seq DESC LIMIT ${limit}`,
  );
}

function presentMsg(ctx: RequestContext, r: MsgSqlRow): ChatMsgDto {
  const files = r.deleted ? [] : (r.files ?? []);
  const senderId = r.sender_id;
  return {
    _id: r.id,
    roomId: r.room_id,
    content: r.deleted ? '' : r.text,
    senderId,
    username: r.username ?? '',
    date: iso(r.created),
    timestamp: new Date(r.created).getTime(),
    seen: r.seen,
    file: files[0] ?? null,
    files,
    reply_to: r.reply ? { ...r.reply, username: r.reply.username ?? '' } : null,
    mentions: r.mentions ?? [],
    edited: r.edited ? iso(r.edited) : null,
    deleted: r.deleted,
    reactions: r.reactions ?? [],
    local_id: r.local_id,
    cursor: Number(r.seq),
    can: msgPolicy(ctx, { senderId, deleted: r.deleted }),
  };
}

async function getMsg(ctx: RequestContext, roomId: string, id: string): Promise<ChatMsgDto> {
  const [row] = await msgRows(ctx, roomId, sql`x.id = ${id}`, 1);
  if (!row) throw notFound('chat_msg_not_found');
  return presentMsg(ctx, row);
}

/** A page of a room's history, newest first (keyset: `before` the previous page's `next`), or a search in it. */
export async function listMsgs(ctx: RequestContext, roomId: string, query: ChatMsgsQuery) {
  await loadRoom(ctx, roomId);
  const conditions = [sql`TRUE`];
  if (query.before) conditions.push(sql`x.seq < ${query.before}`);
  if (query.q) {
    const pattern = containing(query.q);
    conditions.push(sql`NOT x.deleted AND x.text ILIKE ${pattern}`);
  }
  const rows = await msgRows(ctx, roomId, sql.join(conditions, sql` AND `), query.limit + 1);
  const more = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  return { result: page.map((r) => presentMsg(ctx, r)), next: more ? Number(page[page.length - 1].seq) : null };
}

/** Files of a message: the sender's own uploads in this workspace, each within the attachment limit. */
async function checkFiles(ctx: RequestContext, ids: string[]): Promise<StoredFile[]> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return [];
  const invalid = () => new AppError(400, 'chat_file_invalid', { size: formatBytes(POST_ATTACHMENT_LIMIT_BYTES) });
  const own = await ctx.db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.clientId, ctx.tenant()), eq(uploads.ownerId, ctx.me().id), inArray(uploads.id, wanted)));
  if (own.length !== wanted.length) throw invalid();
  try {
    return await fileRefs(ctx, wanted, { maxSize: POST_ATTACHMENT_LIMIT_BYTES });
  } catch (err) {
    if (err instanceof AppError && err.status === 413) {
      throw new AppError(413, 'chat_file_invalid', { size: formatBytes(POST_ATTACHMENT_LIMIT_BYTES) });
    }
    throw err;
  }
}

async function assertMembers(ctx: RequestContext, roomId: string, people: string[]) {
  const wanted = [...new Set(people)];
  if (!wanted.length) return;
  const rows = await ctx.db
    .select({ id: chatMembers.userId })
    .from(chatMembers)
    .where(
      and(eq(chatMembers.clientId, ctx.tenant()), eq(chatMembers.roomId, roomId), inArray(chatMembers.userId, wanted)),
    );
  if (rows.length !== wanted.length) throw new AppError(400, 'chat_mention_not_member');
}

const preview = (text: string, files: StoredFile[]) => (text || files.map((f) => f.name).join(', ')).slice(0, 200);

/** The id of a message of the room matching `where`, if there is one. */
async function msgIdIn(ctx: RequestContext, roomId: string, where: SQL | undefined): Promise<string | undefined> {
  const [row] = await ctx.db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(and(eq(chatMessages.clientId, ctx.tenant()), eq(chatMessages.roomId, roomId), where));
  return row?.id;
}

/**
 * Sends a message. It is committed before the answer (the request's transaction); sending again with the same
 * `local_id` answers the message already stored, also when the two sends race (the unique key decides).
 */
export async function sendMsg(ctx: RequestContext, body: ChatMsgBody): Promise<ChatMsgDto> {
  if (body.client_id) assertOwnWorkspace(ctx, body.client_id);
  const room = await loadRoom(ctx, body.roomId);
  const me = ctx.me().id;
  const text = body.msg.trim();
  if (!text && !body.files.length) throw new AppError(400, 'chat_message_empty');
  if (text.length > CHAT_MESSAGE_MAX) throw new AppError(400, 'chat_message_too_long');
  const sent = async () => {
    const id = await msgIdIn(
      ctx,
      room.row.id,
      and(eq(chatMessages.senderId, me), eq(chatMessages.localId, body.local_id!)),
    );
    return id ? getMsg(ctx, room.row.id, id) : null;
  };
  if (body.local_id) {
    const known = await sent();
    if (known) return known;
  }
  const files = await checkFiles(ctx, body.files);
  if (body.reply_to) {
    const reply = await msgIdIn(ctx, room.row.id, eq(chatMessages.id, body.reply_to));
    if (!reply) throw new AppError(400, 'chat_reply_invalid');
  }
  const mentions = [...new Set(body.mentions)].filter((m) => m !== me);
  await assertMembers(ctx, room.row.id, mentions);
  const [row] = await ctx.db
    .insert(chatMessages)
    .values({
      clientId: ctx.tenant(),
      roomId: room.row.id,
      senderId: me,
      text,
      files,
      replyTo: body.reply_to ?? null,
      mentions,
      localId: body.local_id ?? null,
    })
    .onConflictDoNothing({ target: [chatMessages.roomId, chatMessages.senderId, chatMessages.localId] })
    .returning();
  if (!row) {
    const known = await sent();
    if (known) return known;
    throw notFound('chat_msg_not_found');
  }
  const created = new Date(row.created).toISOString();
  await ctx.db
    .update(chatRooms)
    .set({ lastMessageAt: sql`greatest(${chatRooms.lastMessageAt}, ${created}::timestamptz)` })
    .where(eq(chatRooms.id, room.row.id));
  // The sender has read their own message (and everything before it).
  await ctx.db
    .update(chatMembers)
    .set({ lastReadSeq: sql`greatest(${chatMembers.lastReadSeq}, ${row.seq})`, readAt: created })
    .where(and(eq(chatMembers.roomId, room.row.id), eq(chatMembers.userId, me)));
  await notifyMembers(ctx, room.row, row.id, mentions, preview(text, files));
  const msg = await getMsg(ctx, room.row.id, row.id);
  const { can, sender_can } = announcedCan(msg);
  emit(ctx, room.row.id, 'chat.msg', { msg: { ...msg, can }, sender_can });
  // Answering is reading: the others' messages up to this one show as seen.
  emit(ctx, room.row.id, 'chat.read', { user: me, cursor: Number(row.seq) });
  tell(ctx, await memberIds(ctx, room.row.id), room.row.id, 'msg');
  return msg;
}

/**
 * One notification per room until its reader reads it: a member is told when this message made their unread count
 * there go from 0 to 1 (muted rooms aside). A mentioned member is told of the mention instead, every time.
 */
async function notifyMembers(ctx: RequestContext, room: ChatRoomRow, msgId: string, mentions: string[], text: string) {
  const me = ctx.me().id;
  const fresh = await rowsOf<{ user_id: string }>(
    ctx.db,
    sql`SELECT m.user_id FROM chat_members m
      WHERE m.client_id = ${ctx.tenant()} AND m.room_id = ${room.id} AND m.user_id <> ${me} AND NOT m.muted
        AND NOT EXISTS (SELECT 1 FROM chat_messages x WHERE x.client_id = m.client_id AND x.room_id = m.room_id
          AND x.seq > m.last_read_seq AND x.sender_id IS DISTINCT FROM m.user_id AND NOT x.deleted AND x.id <> ${msgId})`,
  );
  const mentioned = new Set(mentions);
  const roomName = room.type === 'direct' ? `${ctx.me().firstName} ${ctx.me().lastName}`.trim() : room.name;
  const link = `/chat/${room.id}`;
  const vars = { room: roomName, text };
  await notify(ctx, {
    code: 'chat.message',
    recipients: fresh.map((r) => r.user_id).filter((id) => !mentioned.has(id)),
    vars,
    link,
  });
  await notify(ctx, { code: 'chat.mentioned', recipients: [...mentioned], vars, link });
}

async function ownMsg(ctx: RequestContext, id: string) {
  const [row] = await ctx.db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.clientId, ctx.tenant()), eq(chatMessages.id, id)))
    .for('update');
  if (!row) throw notFound('chat_msg_not_found');
  await loadRoom(ctx, row.roomId).catch(() => {
    throw notFound('chat_msg_not_found');
  });
  return row;
}

export async function editMsg(ctx: RequestContext, id: string, body: ChatMsgEditBody): Promise<ChatMsgDto> {
  const row = await ownMsg(ctx, id);
  if (row.deleted) throw new AppError(409, 'chat_msg_deleted');
  if (!msgPolicy(ctx, row).edit) throw new AppError(403, 'chat_not_own_message');
  const text = body.msg.trim();
  if (!text && !row.files.length) throw new AppError(400, 'chat_message_empty');
  const mentions = [...new Set(body.mentions)].filter((m) => m !== ctx.me().id);
  await assertMembers(ctx, row.roomId, mentions);
  await ctx.db
    .update(chatMessages)
    .set({ text, mentions, edited: new Date().toISOString() })
    .where(eq(chatMessages.id, id));
  const added = mentions.filter((m) => !row.mentions.includes(m));
  if (added.length) {
    const [room] = await ctx.db.select().from(chatRooms).where(eq(chatRooms.id, row.roomId));
    const roomName = room.type === 'direct' ? `${ctx.me().firstName} ${ctx.me().lastName}`.trim() : room.name;
    await notify(ctx, {
      code: 'chat.mentioned',
      recipients: added,
      vars: { room: roomName, text: preview(text, row.files) },
      link: `/chat/${row.roomId}`,
    });
  }
  const msg = await getMsg(ctx, row.roomId, id);
  const { can, sender_can } = announcedCan(msg);
  emit(ctx, row.roomId, 'chat.msg.updated', { msg: { ...msg, can }, sender_can });
  return msg;
}

export async function deleteMsg(ctx: RequestContext, id: string): Promise<boolean> {
  const row = await ownMsg(ctx, id);
  // Deleting one's deleted message again answers as the first time.
  if (!msgPolicy(ctx, { ...row, deleted: false }).delete) throw new AppError(403, 'chat_not_own_message');
  if (row.deleted) return true;
  await ctx.db
    .update(chatMessages)
    .set({ deleted: true, text: '', files: [], mentions: [] })
    .where(eq(chatMessages.id, id));
  await ctx.db.delete(chatReactions).where(eq(chatReactions.messageId, id));
  emit(ctx, row.roomId, 'chat.msg.deleted', { msg: id });
  tell(ctx, await memberIds(ctx, row.roomId), row.roomId, 'msg');
  return true;
}

/** Adds the caller's emoji to a message, or takes it back when it is there. */
export async function toggleReaction(ctx: RequestContext, id: string, emoji: string): Promise<ChatMsgDto> {
  const row = await ownMsg(ctx, id);
  if (row.deleted) throw new AppError(409, 'chat_msg_deleted');
  const me = ctx.me().id;
  const removed = await ctx.db
    .delete(chatReactions)
    .where(and(eq(chatReactions.messageId, id), eq(chatReactions.userId, me), eq(chatReactions.emoji, emoji)))
    .returning({ emoji: chatReactions.emoji });
  if (!removed.length) {
    await ctx.db
      .insert(chatReactions)
      .values({ clientId: ctx.tenant(), messageId: id, userId: me, emoji })
      .onConflictDoNothing();
  }
  const msg = await getMsg(ctx, row.roomId, id);
  emit(ctx, row.roomId, 'chat.reaction', {
    msg: id,
    user: me,
    emoji,
    on: !removed.length,
    reactions: msg.reactions.map((r) => ({ ...r, mine: false })),
  });
  return msg;
}

/** Moves the caller's read marker to a message of the room (or its newest one); it never moves back. */
export async function markRead(ctx: RequestContext, roomId: string, msgId: string | undefined) {
  await loadRoom(ctx, roomId);
  const [target] = await rowsOf<{ seq: number | null }>(
    ctx.db,
    msgId
      ? sql`SELECT seq FROM chat_messages WHERE client_id = ${ctx.tenant()} AND room_id = ${roomId} AND id = ${msgId}`
      : sql`SELECT max(seq) AS seq FROM chat_messages WHERE client_id = ${ctx.tenant()} AND room_id = ${roomId}`,
  );
  if (msgId && !target) throw notFound('chat_msg_not_found');
  const seq = Number(target?.seq ?? 0);
  const me = ctx.me().id;
  const [member] = await ctx.db
    .update(chatMembers)
    .set({ lastReadSeq: sql`greatest(${chatMembers.lastReadSeq}, ${seq})`, readAt: new Date().toISOString() })
    .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.userId, me)))
    .returning({ lastReadSeq: chatMembers.lastReadSeq });
  emit(ctx, roomId, 'chat.read', { user: me, cursor: Number(member.lastReadSeq) });
  tell(ctx, [me], roomId, 'read');
  const [unread] = await rowsOf<{ n: number }>(
    ctx.db,
    sql`SELECT ${unreadOf} AS n FROM chat_members m WHERE m.room_id = ${roomId} AND m.user_id = ${me}`,
  );
  return { unread: Number(unread.n), total: await totalUnread(ctx) };
}

/** `chat.typing`: told to the room's open conversations, stored nowhere. */
export async function typing(ctx: RequestContext, roomId: string) {
  await loadRoom(ctx, roomId);
  emit(ctx, roomId, 'chat.typing', { user: ctx.me().id });
  return true;
}

export async function subscribe(ctx: RequestContext, roomId: string) {
  await loadRoom(ctx, roomId);
  ctx.services.chatRealtime?.join(ctx, roomId);
  return true;
}
