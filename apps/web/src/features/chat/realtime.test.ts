import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { chronological, type History } from './cache';
import { chatKeys } from './queries';
import { chatEventHandlers } from './realtime';
import { LUKAS, ME, makeMsg, page, ROOM } from './testing';

const others = { edit: false, delete: false, react: true };
const sender = { edit: true, delete: true, react: true };

function setup() {
  const client = new QueryClient();
  client.setQueryData<History>(chatKeys.history(ROOM), {
    pages: [page([makeMsg(1, { senderId: ME })])],
    pageParams: [undefined],
  });
  const typing = vi.fn();
  const on = chatEventHandlers(client, ME, typing);
  const shown = () => chronological(client.getQueryData<History>(chatKeys.history(ROOM)));
  return { on, typing, shown };
}

describe('chat realtime', () => {
  it('adds a message with what this reader may do: a colleague’s, and mine sent from another tab', () => {
    const { on, shown } = setup();
    on['chat.msg']({ room: ROOM, msg: makeMsg(2, { can: others }), sender_can: sender });
    on['chat.msg']({ room: ROOM, msg: makeMsg(3, { senderId: ME, can: others }), sender_can: sender });
    expect(shown().map((m) => [m.cursor, m.can.edit])).toEqual([
      [1, true],
      [2, false],
      [3, true],
    ]);
  });

  it('keeps my own reactions when others react, follows edits and deletions, and marks mine seen', () => {
    const { on, shown } = setup();
    on['chat.msg']({ room: ROOM, msg: makeMsg(2, { can: others }), sender_can: sender });
    const msg = makeMsg(2)._id;
    on['chat.reaction']({
      room: ROOM,
      msg,
      user: ME,
      emoji: '👍',
      on: true,
      reactions: [{ emoji: '👍', count: 1, mine: false }],
    });
    on['chat.reaction']({
      room: ROOM,
      msg,
      user: LUKAS,
      emoji: '🎉',
      on: true,
      reactions: [
        { emoji: '👍', count: 1, mine: false },
        { emoji: '🎉', count: 1, mine: false },
      ],
    });
    expect(shown()[1].reactions).toEqual([
      { emoji: '👍', count: 1, mine: true },
      { emoji: '🎉', count: 1, mine: false },
    ]);
    on['chat.msg.updated']({
      room: ROOM,
      msg: makeMsg(2, { content: 'Edited', edited: new Date().toISOString(), can: others }),
      sender_can: sender,
    });
    expect(shown()[1]).toMatchObject({ content: 'Edited', reactions: [{ emoji: '👍', mine: true }, { emoji: '🎉' }] });
    on['chat.read']({ room: ROOM, user: LUKAS, cursor: 1 });
    expect(shown()[0].seen).toBe(true);
    on['chat.msg']({
      room: ROOM,
      msg: makeMsg(3, {
        senderId: ME,
        reply_to: { _id: msg, content: 'Edited', username: 'Lukas Schmidt', deleted: false },
      }),
      sender_can: sender,
    });
    on['chat.msg.deleted']({ room: ROOM, msg });
    expect(shown()[1]).toMatchObject({ deleted: true, content: '', reactions: [], can: { edit: false, react: false } });
    // The reply quoting it says so too.
    expect(shown()[2].reply_to).toMatchObject({ _id: msg, content: '', deleted: true });
  });

  it('tells who types (never myself) and who stopped with a message', () => {
    const { on, typing } = setup();
    on['chat.typing']({ room: ROOM, user: ME });
    on['chat.typing']({ room: ROOM, user: LUKAS });
    // His message ends his typing.
    on['chat.msg']({ room: ROOM, msg: makeMsg(2, { can: others }), sender_can: sender });
    expect(typing.mock.calls).toEqual([
      [ROOM, LUKAS, true],
      [ROOM, LUKAS, false],
    ]);
  });
});
