// The chat through HTTP: rooms (group, direct one per pair also when both start at once), members, messages with
// files, replies, mentions, reactions, edit and delete, the idempotent resend (also ten at once), keyset history and
// search, read markers and unread counts, one notification per room until read, and every refusal of the issue's
// "Bad input" (another workspace's room, a room one is not in, an empty or too long message, a foreign file,
// another person's message).
import { CHAT_MESSAGE_MAX } from '@hallway/shared/chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createHarness,
  type Harness,
  makeUser,
  makeWorkspace,
  storedFileOfSize,
  type TestUser,
  type TestWorkspace,
} from '../../test/harness.js';
import { multipartFile } from '../../test/isolation/registry.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

async function ok(who: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) {
  const res = await call(h, who, method, url, body);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json();
}

async function group(ws: TestWorkspace, members: string[] = [ws.employee.id], who: TestUser = ws.admin) {
  return (await ok(who, 'POST', '/api/chat/room', { name: 'Launch', members })).result.room;
}

async function send(who: TestUser, roomId: string, msg: string, extra: Record<string, unknown> = {}) {
  return (await ok(who, 'POST', '/api/chat/msg', { roomId, msg, ...extra })).result.msg;
}

async function upload(who: TestUser, name = 'plan.txt') {
  const body = multipartFile(name, 'text/plain', Buffer.from('floor plan'));
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { authorization: `Bearer ${who.token}`, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results[0].file._id as string;
}

async function rowCount(table: string, roomId: string) {
  const { rows } = await h.platform.database.query(`SELECT count(*)::int AS n FROM ${table} WHERE room_id = $1`, [
    roomId,
  ]);
  return (rows[0] as { n: number }).n;
}

async function told(ws: TestWorkspace, code: string) {
  const { rows } = await h.platform.database.query(
    'SELECT recipients, vars, link FROM notification_events WHERE client_id = $1 AND code = $2 ORDER BY id',
    [ws.id, code],
  );
  return rows as { recipients: { ids: string[] }; vars: Record<string, unknown>; link: string }[];
}

describe('rooms', () => {
  it('creates a group, lists it with unread counts and the last message, renames it and deletes it', async () => {
    const ws = await makeWorkspace(h);
    const room = await group(ws);
    expect(room).toMatchObject({
      type: 'group',
      name: 'Launch',
      unread: 0,
      last_message: null,
      can: { post: true, edit: true, delete: true, members: true, leave: true },
    });
    expect(room.members.map((m: { _id: string; role: string }) => [m._id, m.role]).sort()).toEqual(
      [
        [ws.admin.id, 'admin'],
        [ws.employee.id, 'member'],
      ].sort(),
    );
    const older = await group(ws, [ws.employee.id]);
    await send(ws.admin, room._id, 'Hello team');
    await send(ws.admin, room._id, 'Agenda is up');

    const list = await ok(ws.employee, 'GET', `/api/chat/rooms/${ws.id}`);
    expect(list.result.map((r: { _id: string }) => r._id)).toEqual([room._id, older._id]);
    expect(list.result[0]).toMatchObject({
      unread: 2,
      last_message: { content: 'Agenda is up', username: 'Ada Admin' },
      can: { edit: false, delete: false, members: false, leave: true },
    });
    expect(list).toMatchObject({ total: 2, total_unread: 2 });
    expect((await ok(ws.employee, 'GET', '/api/chat/unread')).result).toEqual({ total: 2 });
    expect((await ok(ws.admin, 'GET', '/api/chat/unread')).result).toEqual({ total: 0 });

    const renamed = await ok(ws.admin, 'PUT', '/api/chat/room', { _id: room._id, name: 'Launch 2' });
    expect(renamed.result.room.name).toBe('Launch 2');
    const refused = await call(h, ws.employee, 'PUT', '/api/chat/room', { _id: room._id, name: 'Mine' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('chat_room_admins_only');
    expect((await call(h, ws.employee, 'DELETE', `/api/chat/room/${room._id}`)).statusCode).toBe(403);
    await ok(ws.admin, 'DELETE', `/api/chat/room/${room._id}`);
    expect((await call(h, ws.admin, 'GET', `/api/chat/room/${room._id}`)).statusCode).toBe(404);
    expect(await rowCount('chat_messages', room._id)).toBe(0);
  });

  it('adds and removes members (room administrators), lets a member leave, keeps one administrator', async () => {
    const ws = await makeWorkspace(h);
    const third = await makeUser(h, ws.id, { firstName: 'Tom', lastName: 'Third' });
    const room = await group(ws);
    const added = await ok(ws.admin, 'POST', `/api/chat/room/${room._id}/members`, { members: [third.id] });
    expect(added.result.room.members).toHaveLength(3);
    const byMember = await call(h, ws.employee, 'POST', `/api/chat/room/${room._id}/members`, {
      members: [ws.employee.id],
    });
    expect(byMember.statusCode).toBe(403);
    expect((await call(h, ws.employee, 'DELETE', `/api/chat/room/${room._id}/members/${third.id}`)).statusCode).toBe(
      403,
    );
    await ok(ws.admin, 'DELETE', `/api/chat/room/${room._id}/members/${third.id}`);
    expect((await call(h, third, 'GET', `/api/chat/room/${room._id}`)).statusCode).toBe(404);
    // The only administrator cannot leave while others stay; a member can.
    const last = await call(h, ws.admin, 'DELETE', `/api/chat/room/${room._id}/members/${ws.admin.id}`);
    expect(last.statusCode).toBe(409);
    expect(last.json().code).toBe('chat_last_admin');
    await ok(ws.employee, 'DELETE', `/api/chat/room/${room._id}/members/${ws.employee.id}`);
    expect((await ok(ws.admin, 'GET', `/api/chat/room/${room._id}`)).result.room.members).toHaveLength(1);
  });

  it('makes one direct room per pair of people, also when both start it at once', async () => {
    const ws = await makeWorkspace(h);
    const [a, b] = await Promise.all([
      call(h, ws.admin, 'POST', '/api/chat/direct', { user: ws.employee.id }),
      call(h, ws.employee, 'POST', '/api/chat/direct', { user: ws.admin.id }),
    ]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    expect(a.json().result.room._id).toBe(b.json().result.room._id);
    const room = a.json().result.room;
    expect(room).toMatchObject({ type: 'direct', name: 'Eve Employee', can: { edit: false, members: false } });
    expect(b.json().result.room.name).toBe('Ada Admin');
    const again = await ok(ws.admin, 'POST', '/api/chat/direct', { user: ws.employee.id });
    expect(again.result.room._id).toBe(room._id);
    const { rows } = await h.platform.database.query(
      "SELECT count(*)::int AS n FROM chat_rooms WHERE client_id = $1 AND type = 'direct'",
      [ws.id],
    );
    expect((rows[0] as { n: number }).n).toBe(1);
    expect((await call(h, ws.admin, 'POST', '/api/chat/direct', { user: ws.admin.id })).json().code).toBe(
      'chat_direct_self',
    );
    const fixed = await call(h, ws.admin, 'POST', `/api/chat/room/${room._id}/members`, { members: [ws.admin.id] });
    expect(fixed.statusCode).toBe(409);
    const other = await makeWorkspace(h);
    expect((await call(h, ws.admin, 'POST', '/api/chat/direct', { user: other.employee.id })).statusCode).toBe(400);
  });
});

describe('messages', () => {
  it('sends with a file, a reply and a mention; edits and deletes one’s own; reacts', async () => {
    const ws = await makeWorkspace(h);
    const room = await group(ws);
    const first = await send(ws.admin, room._id, 'Where is the plan?');
    expect(first).toMatchObject({
      roomId: room._id,
      content: 'Where is the plan?',
      senderId: ws.admin.id,
      username: 'Ada Admin',
      seen: false,
      file: null,
      can: { edit: true, delete: true, react: true },
    });
    expect(typeof first.timestamp).toBe('number');
    const file = await upload(ws.employee);
    const reply = await send(ws.employee, room._id, '', { files: [file], reply_to: first._id });
    expect(reply).toMatchObject({ content: '', file: { _id: file, name: 'plan.txt' }, reply_to: { _id: first._id } });
    // The employee answering has read the first message: it is seen now.
    const page = await ok(ws.admin, 'GET', `/api/chat/room/${room._id}/msgs`);
    expect(page.result.map((m: { _id: string; seen: boolean }) => [m._id, m.seen])).toEqual([
      [reply._id, false],
      [first._id, true],
    ]);

    const edited = await ok(ws.admin, 'PUT', `/api/chat/msg/${first._id}`, { msg: 'Where is the floor plan?' });
    expect(edited.result.msg).toMatchObject({ content: 'Where is the floor plan?' });
    expect(edited.result.msg.edited).not.toBeNull();
    const notMine = await call(h, ws.employee, 'PUT', `/api/chat/msg/${first._id}`, { msg: 'Hacked' });
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().code).toBe('chat_not_own_message');
    expect((await call(h, ws.employee, 'DELETE', `/api/chat/msg/${first._id}`)).statusCode).toBe(403);

    const liked = await ok(ws.employee, 'PUT', `/api/chat/msg/${first._id}/reaction`, { emoji: '👍' });
    expect(liked.result.msg.reactions).toEqual([{ emoji: '👍', count: 1, mine: true }]);
    await ok(ws.admin, 'PUT', `/api/chat/msg/${first._id}/reaction`, { emoji: '👍' });
    const both = (await ok(ws.admin, 'GET', `/api/chat/room/${room._id}/msgs`)).result[1];
    expect(both.reactions).toEqual([{ emoji: '👍', count: 2, mine: true }]);
    const undone = await ok(ws.admin, 'PUT', `/api/chat/msg/${first._id}/reaction`, { emoji: '👍' });
    expect(undone.result.msg.reactions).toEqual([{ emoji: '👍', count: 1, mine: false }]);

    await ok(ws.employee, 'DELETE', `/api/chat/msg/${reply._id}`);
    const after = (await ok(ws.admin, 'GET', `/api/chat/room/${room._id}/msgs`)).result[0];
    expect(after).toMatchObject({ _id: reply._id, deleted: true, content: '', files: [], file: null });
    expect((await call(h, ws.employee, 'PUT', `/api/chat/msg/${reply._id}`, { msg: 'Back' })).statusCode).toBe(409);
  });

  it('refuses the issue’s bad input with clear codes and changes nothing', async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    const outsider = await makeUser(h, ws.id, { firstName: 'Otto', lastName: 'Outside' });
    const room = await group(ws);
    const theirs = await group(other);
    const before = await rowCount('chat_messages', room._id);

    const empty = await call(h, ws.admin, 'POST', '/api/chat/msg', { roomId: room._id, msg: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('chat_message_empty');
    const long = await call(h, ws.admin, 'POST', '/api/chat/msg', {
      roomId: room._id,
      msg: 'x'.repeat(CHAT_MESSAGE_MAX + 1),
    });
    expect(long.statusCode).toBe(400);
    expect(JSON.stringify(long.json())).toContain('chat_message_too_long');
    const exact = await call(h, ws.admin, 'POST', '/api/chat/msg', {
      roomId: room._id,
      msg: 'x'.repeat(CHAT_MESSAGE_MAX),
    });
    expect(exact.statusCode).toBe(200);

    const notIn = await call(h, outsider, 'POST', '/api/chat/msg', { roomId: room._id, msg: 'Hi' });
    expect(notIn.statusCode).toBe(404);
    expect(notIn.json().code).toBe('chat_room_not_found');
    expect((await call(h, outsider, 'GET', `/api/chat/room/${room._id}/msgs`)).statusCode).toBe(404);
    expect((await call(h, ws.admin, 'GET', `/api/chat/room/${theirs._id}/msgs`)).statusCode).toBe(404);
    expect((await call(h, ws.admin, 'GET', `/api/chat/room/${theirs._id}`)).statusCode).toBe(404);
    expect((await call(h, ws.admin, 'POST', '/api/chat/msg', { roomId: theirs._id, msg: 'Hi' })).statusCode).toBe(404);
    expect((await call(h, ws.admin, 'GET', `/api/chat/rooms/${other.id}`)).statusCode).toBe(403);

    // Files: the sender's own uploads of this workspace only.
    const colleagues = await upload(ws.employee);
    const foreign = await upload(other.employee);
    for (const file of [colleagues, foreign]) {
      const res = await call(h, ws.admin, 'POST', '/api/chat/msg', { roomId: room._id, msg: 'See', files: [file] });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('chat_file_invalid');
    }
    // A file over the attachment limit (20 MB): refused with the limit in the person's language (nothing sent: the count below).
    const huge = await storedFileOfSize(h, ws.admin, 20 * 1024 * 1024 + 1);
    const tooBig = await call(
      h,
      ws.admin,
      'POST',
      '/api/chat/msg',
      { roomId: room._id, msg: 'Video', files: [huge] },
      {
        'accept-language': 'ru',
      },
    );
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ code: 'chat_file_invalid' });
    expect(tooBig.json().message).toContain('20');
    const strangerMention = await call(h, ws.admin, 'POST', '/api/chat/msg', {
      roomId: room._id,
      msg: 'Hey',
      mentions: [outsider.id],
    });
    expect(strangerMention.json().code).toBe('chat_mention_not_member');
    const theirMsg = await send(other.admin, theirs._id, 'Private');
    const badReply = await call(h, ws.admin, 'POST', '/api/chat/msg', {
      roomId: room._id,
      msg: 'Re',
      reply_to: theirMsg._id,
    });
    expect(badReply.json().code).toBe('chat_reply_invalid');
    expect((await call(h, ws.admin, 'PUT', `/api/chat/msg/${theirMsg._id}`, { msg: 'Mine' })).statusCode).toBe(404);
    expect((await call(h, ws.admin, 'PUT', `/api/chat/msg/${theirMsg._id}/reaction`, { emoji: '👍' })).statusCode).toBe(
      404,
    );
    expect(await rowCount('chat_messages', room._id)).toBe(before + 1);
    const errorText = await call(
      h,
      ws.admin,
      'POST',
      '/api/chat/msg',
      { roomId: room._id, msg: '' },
      {
        'accept-language': 'ru',
      },
    );
    expect(errorText.json().code).toBe('chat_message_empty');
  });

  it('answers the same message to a resend with the same local id, also ten at once', async () => {
    const ws = await makeWorkspace(h);
    const room = await group(ws);
    const first = await send(ws.admin, room._id, 'Once', { local_id: 'tab-1' });
    const again = await send(ws.admin, room._id, 'Once', { local_id: 'tab-1' });
    expect(again._id).toBe(first._id);
    const sends = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(h, ws.employee, 'POST', '/api/chat/msg', { roomId: room._id, msg: 'Racing', local_id: 'tab-2' }),
      ),
    );
    for (const res of sends) expect(res.statusCode, res.body).toBe(200);
    expect(new Set(sends.map((res) => res.json().result.msg._id)).size).toBe(1);
    expect(await rowCount('chat_messages', room._id)).toBe(2);
    // The same local id of another sender is another message.
    const theirs = await send(ws.employee, room._id, 'Once', { local_id: 'tab-1' });
    expect(theirs._id).not.toBe(first._id);
  });

  it('pages history upward by keyset and searches within the room', async () => {
    const ws = await makeWorkspace(h);
    const room = await group(ws);
    for (let i = 1; i <= 7; i++) await send(ws.admin, room._id, `Line ${i}${i % 3 === 0 ? ' budget' : ''}`);
    const texts = (page: { result: { content: string }[] }) => page.result.map((m) => m.content);
    const one = await ok(ws.employee, 'GET', `/api/chat/room/${room._id}/msgs?limit=3`);
    expect(texts(one)).toEqual(['Line 7', 'Line 6 budget', 'Line 5']);
    const two = await ok(ws.employee, 'GET', `/api/chat/room/${room._id}/msgs?limit=3&before=${one.next}`);
    expect(texts(two)).toEqual(['Line 4', 'Line 3 budget', 'Line 2']);
    // A message sent meanwhile does not shift the older pages.
    await send(ws.admin, room._id, 'Line 8');
    const three = await ok(ws.employee, 'GET', `/api/chat/room/${room._id}/msgs?limit=3&before=${two.next}`);
    expect(texts(three)).toEqual(['Line 1']);
    expect(three.next).toBeNull();
    const found = await ok(ws.employee, 'GET', `/api/chat/room/${room._id}/msgs?q=BUDGET`);
    expect(texts(found)).toEqual(['Line 6 budget', 'Line 3 budget']);
    const none = await ok(ws.employee, 'GET', `/api/chat/room/${room._id}/msgs?q=${encodeURIComponent('%')}`);
    expect(none.result).toEqual([]);
  });
});

describe('read markers and notifications', () => {
  it('tells a member once per room until they read it; a mention always; read clears the count', async () => {
    const ws = await makeWorkspace(h);
    const third = await makeUser(h, ws.id, { firstName: 'Tom', lastName: 'Third' });
    const room = await group(ws, [ws.employee.id, third.id]);
    await send(ws.admin, room._id, 'One');
    await send(ws.admin, room._id, 'Two');
    await send(ws.admin, room._id, 'Three');
    let sent = await told(ws, 'chat.message');
    expect(sent).toHaveLength(1);
    expect(sent[0].recipients.ids.sort()).toEqual([ws.employee.id, third.id].sort());
    expect(sent[0]).toMatchObject({ vars: { room: 'Launch', text: 'One' }, link: `/chat/${room._id}` });

    const read = await ok(ws.employee, 'PUT', `/api/chat/room/${room._id}/read`, {});
    expect(read.result).toEqual({ unread: 0, total: 0 });
    await send(ws.admin, room._id, 'Four');
    sent = await told(ws, 'chat.message');
    expect(sent).toHaveLength(2);
    expect(sent[1].recipients.ids).toEqual([ws.employee.id]);

    // A mention notifies the mentioned member (instead of the room's notice), every time.
    await send(ws.admin, room._id, '@Tom Third look', { mentions: [third.id] });
    await send(ws.admin, room._id, '@Tom Third again', { mentions: [third.id] });
    expect((await told(ws, 'chat.mentioned')).map((n) => n.recipients.ids)).toEqual([[third.id], [third.id]]);

    // Reading up to a message leaves the later ones unread; the marker never moves back.
    const page = await ok(third, 'GET', `/api/chat/room/${room._id}/msgs`);
    const [newest, , , oldest] = page.result;
    expect((await ok(third, 'PUT', `/api/chat/room/${room._id}/read`, { msg: newest._id })).result.unread).toBe(0);
    expect((await ok(third, 'PUT', `/api/chat/room/${room._id}/read`, { msg: oldest._id })).result.unread).toBe(0);

    // A muted room is not told and leaves the unread total.
    await ok(ws.employee, 'PUT', `/api/chat/room/${room._id}/mute`, { muted: true });
    await ok(ws.employee, 'PUT', `/api/chat/room/${room._id}/read`, {});
    await send(ws.admin, room._id, 'Five');
    expect((await told(ws, 'chat.message')).at(-1)!.recipients.ids).toEqual([third.id]);
    expect((await ok(ws.employee, 'GET', '/api/chat/unread')).result.total).toBe(0);
    expect((await ok(ws.employee, 'GET', `/api/chat/room/${room._id}`)).result.room).toMatchObject({
      unread: 1,
      muted: true,
    });
  });

  it('closes with the feature or the right', async () => {
    const ws = await makeWorkspace(h);
    const without = await makeUser(h, ws.id, { rights: { chat: false } });
    expect((await call(h, without, 'GET', '/api/chat/unread')).statusCode).toBe(403);
  });
});
