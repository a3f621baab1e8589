import { describe, expect, it } from 'vitest';
import { mentionParts, rowsOf } from './format';
import { ME, makeMsg, TOM } from './testing';

describe('chat format', () => {
  it('groups one sender’s messages within five minutes, and starts a group at a new day or sender', () => {
    const yesterday = makeMsg(1);
    const day = new Date(yesterday.date);
    day.setDate(day.getDate() - 1);
    const rows = rowsOf([
      { ...yesterday, date: day.toISOString() },
      makeMsg(2),
      makeMsg(4),
      makeMsg(12),
      makeMsg(13, { senderId: TOM }),
      makeMsg(14, { senderId: TOM, reply_to: { _id: 'x', content: 'Hi', username: 'Lukas Schmidt', deleted: false } }),
    ]);
    expect(rows.map((row) => [row.day, row.head])).toEqual([
      [true, true],
      [true, true],
      [false, false],
      [false, true],
      [false, true],
      [false, true],
    ]);
  });

  it('finds the mentioned names in a text', () => {
    expect(mentionParts('Hi @Anna Kowalski and @Tom, see @Anna Kowalski', ['Anna Kowalski'])).toEqual([
      { text: 'Hi ', mention: false },
      { text: '@Anna Kowalski', mention: true },
      { text: ' and @Tom, see ', mention: false },
      { text: '@Anna Kowalski', mention: true },
    ]);
    expect(mentionParts('No one', [])).toEqual([{ text: 'No one', mention: false }]);
    expect(makeMsg(1, { senderId: ME }).can.edit).toBe(true);
  });
});
