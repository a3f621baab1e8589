// Modules §7 "Chat" (`GET api/chat/rooms/{id}`, `POST/PUT api/chat/room` answering `result.room`,
// `DELETE api/chat/room/{id}`, `GET api/chat/room/{id}/msgs`, `POST api/chat/msg` answering `result.msg`) and the
// calls docs/api.md "Chat" adds: a room, the direct room with a person, members, mute, read marker, the unread
// total, a message's edit, delete and reactions.
import { id, okResult } from '@hallway/shared';
import {
  chatDirectBody,
  chatMembersBody,
  chatMsgBody,
  chatMsgEditBody,
  chatMsgPage,
  chatMsgResult,
  chatMsgsQuery,
  chatReactionBody,
  chatReadBody,
  chatReadResult,
  chatRoomBody,
  chatRoomList,
  chatRoomResult,
  chatRoomsQuery,
  chatRoomUpdateBody,
  chatUnread,
} from '@hallway/shared/chat';
import { z } from 'zod';
import type { ModuleRoutes } from '../../platform/http/module.js';
import * as chat from './service.js';

const tags = ['chat'];
const access = { right: 'chat' } as const;
const room = { 200: chatRoomResult };
const msg = { 200: chatMsgResult };
const roomParams = z.object({ id });
const roomKinds = { id: 'chat_room' };
const msgKinds = { id: 'chat_msg' };

export const chatModule: ModuleRoutes = {
  name: 'chat',
  routes(app) {
    // —— Rooms ——
    app.get(
      '/api/chat/rooms/:id',
      {
        schema: {
          summary: 'My rooms in the workspace `id`, the newest conversation first, with unread counts',
          tags,
          params: z.object({ id }),
          querystring: chatRoomsQuery,
          response: { 200: chatRoomList },
        },
        config: { access, params: { id: 'client' } },
      },
      async (req) => chat.listRooms(req.ctx, req.params.id, req.query),
    );

    app.get(
      '/api/chat/unread',
      {
        schema: { summary: 'My unread messages in all rooms (muted ones aside)', tags, response: { 200: chatUnread } },
        config: { access },
      },
      async (req) => ({ result: await chat.unreadTotal(req.ctx) }),
    );

    app.get(
      '/api/chat/room/:id',
      {
        schema: { summary: 'A room of mine', tags, params: roomParams, response: room },
        config: { access, params: roomKinds },
      },
      async (req) => ({ result: { room: await chat.getRoom(req.ctx, req.params.id) } }),
    );

    app.post(
      '/api/chat/room',
      {
        schema: { summary: 'Create a group room; I am its administrator', tags, body: chatRoomBody, response: room },
        config: { access, body: { 'members[]': 'user', 'admins[]': 'user', picture: 'file' } },
      },
      async (req) => ({ result: { room: await chat.createRoom(req.ctx, req.body) } }),
    );

    app.put(
      '/api/chat/room',
      {
        schema: {
          summary: 'Rename a group room or change its picture',
          tags,
          body: chatRoomUpdateBody,
          response: room,
        },
        config: { access, body: { _id: 'chat_room', picture: 'file' } },
      },
      async (req) => ({ result: { room: await chat.updateRoom(req.ctx, req.body) } }),
    );

    app.delete(
      '/api/chat/room/:id',
      {
        schema: { summary: 'Delete a room with its messages', tags, params: roomParams, response: { 200: okResult } },
        config: { access, params: { id: 'chat_room_spare' } },
      },
      async (req) => ({ result: await chat.deleteRoom(req.ctx, req.params.id) }),
    );

    app.post(
      '/api/chat/direct',
      {
        schema: {
          summary: 'The direct room with a person, made at the first call',
          tags,
          body: chatDirectBody,
          response: room,
        },
        config: { access, body: { user: 'user' } },
      },
      async (req) => ({ result: { room: await chat.directRoom(req.ctx, req.body.user) } }),
    );

    app.post(
      '/api/chat/room/:id/members',
      {
        schema: {
          summary: 'Add members to a group room (its administrators)',
          tags,
          params: roomParams,
          body: chatMembersBody,
          response: room,
        },
        config: { access, params: { id: 'chat_room_team' }, body: { 'members[]': 'user' } },
      },
      async (req) => ({ result: { room: await chat.addRoomMembers(req.ctx, req.params.id, req.body) } }),
    );

    app.delete(
      '/api/chat/room/:id/members/:user_id',
      {
        schema: {
          summary: 'Remove a member of a group room (its administrators), or leave it (myself)',
          tags,
          params: z.object({ id, user_id: id }),
          response: {
            200: z.object({ result: z.object({ room: chatRoomResult.shape.result.shape.room.nullable() }) }),
          },
        },
        config: { access, params: { id: 'chat_room_team', user_id: 'user' } },
      },
      async (req) => ({ result: { room: await chat.removeRoomMember(req.ctx, req.params.id, req.params.user_id) } }),
    );

    app.put(
      '/api/chat/room/:id/mute',
      {
        schema: {
          summary: 'Mute or unmute a room for me (no notifications, not in the unread total)',
          tags,
          params: roomParams,
          body: z.object({ muted: z.boolean() }),
          response: room,
        },
        config: { access, params: roomKinds },
      },
      async (req) => ({ result: { room: await chat.muteRoom(req.ctx, req.params.id, req.body.muted) } }),
    );

    app.put(
      '/api/chat/room/:id/read',
      {
        schema: {
          summary: 'Move my read marker to a message (or the newest one)',
          tags,
          params: roomParams,
          body: chatReadBody,
          response: { 200: chatReadResult },
        },
        config: { access, params: roomKinds, body: { msg: 'chat_msg' } },
      },
      async (req) => ({ result: await chat.markRead(req.ctx, req.params.id, req.body.msg) }),
    );

    // —— Messages ——
    app.get(
      '/api/chat/room/:id/msgs',
      {
        schema: {
          summary: 'A page of a room’s history, newest first (`before`: the previous page’s `next`), or a search',
          tags,
          params: roomParams,
          querystring: chatMsgsQuery,
          response: { 200: chatMsgPage },
        },
        config: { access, params: roomKinds },
      },
      async (req) => chat.listMsgs(req.ctx, req.params.id, req.query),
    );

    app.post(
      '/api/chat/msg',
      {
        schema: {
          summary: 'Send a message (again with the same local_id: the same message)',
          tags,
          body: chatMsgBody,
          response: msg,
        },
        config: {
          access,
          body: {
            roomId: 'chat_room',
            client_id: 'client',
            'files[]': 'file',
            reply_to: 'chat_msg',
            'mentions[]': 'user',
          },
        },
      },
      async (req) => ({ result: { msg: await chat.sendMsg(req.ctx, req.body) } }),
    );

    app.put(
      '/api/chat/msg/:id',
      {
        schema: { summary: 'Edit my message', tags, params: roomParams, body: chatMsgEditBody, response: msg },
        config: { access, params: msgKinds, body: { 'mentions[]': 'user' } },
      },
      async (req) => ({ result: { msg: await chat.editMsg(req.ctx, req.params.id, req.body) } }),
    );

    app.delete(
      '/api/chat/msg/:id',
      {
        schema: {
          summary: 'Delete my message (it keeps its place, empty)',
          tags,
          params: roomParams,
          response: { 200: okResult },
        },
        config: { access, params: { id: 'chat_msg_spare' } },
      },
      async (req) => ({ result: await chat.deleteMsg(req.ctx, req.params.id) }),
    );

    app.put(
      '/api/chat/msg/:id/reaction',
      {
        schema: {
          summary: 'Add my emoji to a message, or take it back',
          tags,
          params: roomParams,
          body: chatReactionBody,
          response: msg,
        },
        config: { access, params: msgKinds },
      },
      async (req) => ({ result: { msg: await chat.toggleReaction(req.ctx, req.params.id, req.body.emoji) } }),
    );
  },
};
