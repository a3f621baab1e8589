// A message appears in every member's open conversation at once: after it commits, the room `chat:{id}` (joined
// with `chat.subscribe` by members only) gets `chat.msg`, edits, deletions, reactions, read markers and "typing…",
// and each member's own room gets `chat.room.changed`; nobody else hears anything (shown by a later marker event,
// never by waiting).
import { beforeAll, describe, expect, it } from 'vitest';
import { type Harness, makeUser, makeWorkspace } from '../../test/harness.js';
import { next, record, useLiveServer } from '../../test/live.js';

const live = useLiveServer();
const { online, http } = live;
let h: Harness;
beforeAll(() => {
  h = live.h;
});

describe('chat realtime events', () => {
  it('delivers to members of the room and not to others', async () => {
    const ws = await makeWorkspace(h);
    const outsider = await makeUser(h, ws.id, { firstName: 'Otto', lastName: 'Outside' });
    const room = (await http(ws.admin, 'POST', '/api/chat/room', { name: 'Live', members: [ws.employee.id] })).body
      .result.room;
    const marker = (await http(ws.admin, 'POST', '/api/chat/room', { name: 'Marker', members: [outsider.id] })).body
      .result.room;

    const member = await online(ws, ws.employee);
    expect(await member.timeout(30_000).emitWithAck('chat.subscribe', { room_id: room._id })).toEqual({ result: true });
    const other = await online(ws, outsider);
    expect(await other.timeout(30_000).emitWithAck('chat.subscribe', { room_id: room._id })).toMatchObject({
      code: 'chat_room_not_found',
    });
    expect(await other.timeout(30_000).emitWithAck('chat.typing', { room_id: room._id })).toMatchObject({
      code: 'chat_room_not_found',
    });
    expect(await other.timeout(30_000).emitWithAck('chat.subscribe', { room_id: marker._id })).toEqual({
      result: true,
    });
    const overheard = record(other, 'chat.msg');
    const overheardRoom = record(other, 'chat.room.changed');

    const arrived = next(member, 'chat.msg').then(async (payload) => {
      // The message can already be read: the event left after the commit.
      const page = await http(ws.employee, 'GET', `/api/chat/room/${room._id}/msgs`);
      return { payload, page };
    });
    const changed = next(member, 'chat.room.changed');
    const sent = (await http(ws.admin, 'POST', '/api/chat/msg', { roomId: room._id, msg: 'Hello live' })).body.result
      .msg;
    const { payload, page } = await arrived;
    expect(payload).toMatchObject({
      room: room._id,
      msg: { _id: sent._id, content: 'Hello live', can: { edit: false, delete: false, react: true } },
      sender_can: { edit: true, delete: true, react: true },
    });
    expect(page.body.result[0]._id).toBe(sent._id);
    expect(await changed).toEqual({ room: room._id, change: 'msg' });

    const updated = next(member, 'chat.msg.updated');
    await http(ws.admin, 'PUT', `/api/chat/msg/${sent._id}`, { msg: 'Hello, live' });
    expect(await updated).toMatchObject({ room: room._id, msg: { _id: sent._id, content: 'Hello, live' } });

    const reaction = next(member, 'chat.reaction');
    await http(ws.admin, 'PUT', `/api/chat/msg/${sent._id}/reaction`, { emoji: '🎉' });
    expect(await reaction).toMatchObject({ room: room._id, msg: sent._id, emoji: '🎉', on: true });

    const adminSocket = await online(ws, ws.admin);
    expect(await adminSocket.timeout(30_000).emitWithAck('chat.subscribe', { room_id: room._id })).toEqual({
      result: true,
    });
    const read = next(adminSocket, 'chat.read');
    await http(ws.employee, 'PUT', `/api/chat/room/${room._id}/read`, {});
    expect(await read).toMatchObject({ room: room._id, user: ws.employee.id });
    // Answering is reading: the sender's marker moves to their message and the room hears it.
    const answered = next(adminSocket, 'chat.read');
    const answer = (await http(ws.employee, 'POST', '/api/chat/msg', { roomId: room._id, msg: 'Seen it' })).body.result
      .msg;
    expect(await answered).toEqual({ room: room._id, user: ws.employee.id, cursor: answer.cursor });

    const typing = next(adminSocket, 'chat.typing');
    expect(await member.timeout(30_000).emitWithAck('chat.typing', { room_id: room._id })).toEqual({ result: true });
    expect(await typing).toEqual({ room: room._id, user: ws.employee.id });

    const deleted = next(member, 'chat.msg.deleted');
    await http(ws.admin, 'DELETE', `/api/chat/msg/${sent._id}`);
    expect(await deleted).toEqual({ room: room._id, msg: sent._id });

    // The marker: a message in the outsider's own room reaches them, and it came alone.
    const markerMsg = next(other, 'chat.msg');
    await http(ws.admin, 'POST', '/api/chat/msg', { roomId: marker._id, msg: 'Marker' });
    expect(await markerMsg).toMatchObject({ room: marker._id });
    expect(overheard.map((p) => p.room)).toEqual([marker._id]);
    expect(overheardRoom.map((p) => p.room)).toEqual(overheardRoom.map(() => marker._id));
  });
});
