import { describe, expect, it } from 'vitest';
import { chronological, firstUnread, type History, markSeen, putMsg } from './cache';
import { LUKAS, ME, makeMsg, page } from './testing';

const history = (...pages: ReturnType<typeof page>[]): History => ({
  pages,
  pageParams: pages.map((_, i) => (i ? i : undefined)),
});

describe('chat cache', () => {
  it('puts a new message first, and the answer to my own in the place of its pending copy', () => {
    const start = history(page([makeMsg(2), makeMsg(1)]));
    const pending = makeMsg(99, { _id: 'local-x', senderId: ME, local_id: 'x', cursor: Number.MAX_SAFE_INTEGER });
    const sending = putMsg(start, { ...pending, status: 'sending' });
    expect(chronological(sending).map((m) => m._id)).toEqual([makeMsg(1)._id, makeMsg(2)._id, 'local-x']);
    // The socket's copy (same local id, the stored id) replaces it; the answer arriving later changes nothing more.
    const stored = makeMsg(3, { senderId: ME, local_id: 'x' });
    const arrived = putMsg(putMsg(sending, stored), stored);
    expect(chronological(arrived).map((m) => m._id)).toEqual([makeMsg(1)._id, makeMsg(2)._id, stored._id]);
    expect(chronological(arrived)[2].status).toBeUndefined();
  });

  it('marks my messages seen up to another member’s read marker', () => {
    const start = history(page([makeMsg(1, { senderId: ME }), makeMsg(2, { senderId: ME }), makeMsg(3)]));
    const seen = chronological(markSeen(start, ME, 1)).map((m) => [m.cursor, m.seen]);
    expect(seen).toEqual([
      [1, true],
      [2, false],
      [3, false],
    ]);
  });

  it('puts the "new messages" line above the oldest unread message of others', () => {
    const msgs = [makeMsg(1), makeMsg(2, { senderId: ME }), makeMsg(3), makeMsg(4, { deleted: true }), makeMsg(5)];
    expect(firstUnread(msgs, ME, 2)).toBe(makeMsg(3)._id);
    expect(firstUnread(msgs, ME, 0)).toBeNull();
    // More unread than loaded: the first loaded message of others.
    expect(firstUnread(msgs, ME, 9)).toBe(makeMsg(1)._id);
    expect(msgs[0].senderId).toBe(LUKAS);
  });
});
