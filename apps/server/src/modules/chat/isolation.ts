// Isolation-suite fixtures of the chat: a group room of workspace A made by A's employee (with A's administrator an
// administrator too, and the employee's picture), messages in it (the administrator's, one with the employee's file,
// a reply and a mention, one to delete), a reaction, a room to delete and a room whose members change. Kinds:
// `chat_room`, `chat_room_spare` (deleted), `chat_room_team` (members added and removed), `chat_msg`,
// `chat_msg_spare` (deleted).
import type { Harness } from '../../test/harness.js';
import {
  type FixtureWorkspace,
  objectFixtures,
  registerBody,
  registerObject,
  registerSocket,
} from '../../test/isolation/registry.js';
import { as } from '../posts/isolation.js';

const made = new Map<string, Record<string, string>>();

async function world(h: Harness, a: FixtureWorkspace): Promise<Record<string, string>> {
  const known = made.get(a.id);
  if (known) return known;
  const file = await objectFixtures.get('file')!(h, a);
  const { room } = await as(h, a.employee.token, 'POST', '/api/chat/room', {
    name: `Launch team ${a.mark}`,
    picture: file,
    admins: [a.admin.id],
  });
  const { msg } = await as(h, a.admin.token, 'POST', '/api/chat/msg', {
    roomId: room._id,
    msg: `The venue is booked ${a.mark}`,
    local_id: `fixture-${a.mark}`,
  });
  const { msg: spare } = await as(h, a.admin.token, 'POST', '/api/chat/msg', {
    roomId: room._id,
    msg: `Typo ${a.mark}`,
  });
  await as(h, a.employee.token, 'POST', '/api/chat/msg', {
    roomId: room._id,
    msg: `Here is the floor plan @[Ada Admin](user:${a.admin.id}) ${a.mark}`,
    files: [file],
    reply_to: msg._id,
    mentions: [a.admin.id],
  });
  await as(h, a.employee.token, 'PUT', `/api/chat/msg/${msg._id}/reaction`, { emoji: '👍' });
  const { room: deleted } = await as(h, a.admin.token, 'POST', '/api/chat/room', { name: `Old ${a.mark}` });
  const { room: team } = await as(h, a.admin.token, 'POST', '/api/chat/room', {
    name: `Team ${a.mark}`,
    members: [a.employee.id],
  });
  const objects = {
    chat_room: room._id,
    chat_room_spare: deleted._id,
    chat_room_team: team._id,
    chat_msg: msg._id,
    chat_msg_spare: spare._id,
  };
  made.set(a.id, objects);
  return objects;
}

for (const kind of ['chat_room', 'chat_room_spare', 'chat_room_team', 'chat_msg', 'chat_msg_spare']) {
  registerObject(kind, async (h, a) => (await world(h, a))[kind]);
}

registerBody('POST /api/chat/room', ({ objects }) => ({
  name: 'Planted room',
  picture: objects.file,
  members: [objects.user],
  admins: [objects.user],
}));
registerBody('PUT /api/chat/room', ({ objects }) => ({
  _id: objects.chat_room,
  name: 'Renamed',
  picture: objects.file,
}));
registerBody('POST /api/chat/direct', ({ objects }) => ({ user: objects.user }));
registerBody('POST /api/chat/room/:id/members', ({ objects }) => ({ members: [objects.user] }));
registerBody('PUT /api/chat/room/:id/mute', () => ({ muted: true }));
registerBody('PUT /api/chat/room/:id/read', ({ objects }) => ({ msg: objects.chat_msg }));
registerBody('POST /api/chat/msg', ({ objects }) => ({
  roomId: objects.chat_room,
  client_id: objects.client,
  msg: 'Planted message',
  files: [objects.file],
  reply_to: objects.chat_msg,
  mentions: [objects.user],
}));
registerBody('PUT /api/chat/msg/:id', ({ objects }) => ({ msg: 'Edited', mentions: [objects.user] }));
registerBody('PUT /api/chat/msg/:id/reaction', () => ({ emoji: '🎉' }));
registerSocket('chat.subscribe', ({ objects }) => ({ room_id: objects.chat_room }));
registerSocket('chat.typing', ({ objects }) => ({ room_id: objects.chat_room }));
