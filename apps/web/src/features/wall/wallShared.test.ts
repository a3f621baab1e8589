import * as shared from '@hallway/shared';
import { describe, expect, it } from 'vitest';
import { MENTION_MARKUP, mentionMarkup, plainText, REACTIONS, THANKS_PAGE_SIZE } from './wallShared';

describe('the wall’s copies of shared values', () => {
  it('match the originals', () => {
    expect(REACTIONS).toEqual(shared.REACTIONS);
    expect(THANKS_PAGE_SIZE).toBe(shared.THANKS_PAGE_SIZE);
    const id = '01a1fe5d-94da-71d8-9909-6d3d7ab3f709';
    expect(mentionMarkup(id, 'Anna [M]')).toBe(shared.mentionMarkup(id, 'Anna [M]'));
    const text = ` Thanks ${shared.mentionMarkup(id, 'Anna Müller')}, and @[x](user:nope) `;
    expect(plainText(text)).toBe(shared.plainText(text));
    expect(shared.mentionIds(text)).toEqual([...text.matchAll(MENTION_MARKUP)].map((m) => m[2]));
  });
});
