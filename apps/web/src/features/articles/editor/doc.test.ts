import type { ArticleDoc } from '@hallway/shared/articles';
import { describe, expect, it } from 'vitest';
import { isEmptyDoc, mentionedIn, newMentions, trimDoc } from './doc';

const ANNA = '01a21fa6-8fa6-739d-976c-ae94e71995eb';
const TOM = '01a21fa6-8fa6-739d-976c-ae94e71995ec';
const mention = (id: string, name: string) => ({
  type: 'text',
  text: `@${name}`,
  marks: [{ type: 'link', attrs: { href: `/profile/${id}` } }],
});
const doc = (...content: ArticleDoc['content']): ArticleDoc => ({ type: 'doc', content });
const para = (...content: unknown[]) => ({ type: 'paragraph', content });

describe('an article document in the editor', () => {
  it('finds the colleagues linked as mentions, in lists and tables too, and only profile links', () => {
    const body = doc(
      para(mention(ANNA, 'Anna'), { type: 'text', text: ' and ' }),
      {
        type: 'bulletList',
        content: [{ type: 'listItem', content: [para(mention(TOM, 'Tom'))] }],
      },
      para({ type: 'text', text: 'site', marks: [{ type: 'link', attrs: { href: 'https://example.com/profile/x' } }] }),
    );
    expect([...mentionedIn(body)].sort()).toEqual([ANNA, TOM].sort());
  });

  it('tells only the people a save newly mentions', () => {
    const before = doc(para(mention(ANNA, 'Anna')));
    const after = doc(para(mention(ANNA, 'Anna'), mention(TOM, 'Tom')));
    expect(newMentions(before, after)).toEqual([TOM]);
    expect(newMentions(after, before)).toEqual([]);
    expect(newMentions(null, before)).toEqual([ANNA]);
  });

  it('drops the empty paragraphs at the ends, keeps those between, and knows an empty document', () => {
    const body = doc(para(), para({ type: 'text', text: 'a' }), para(), para({ type: 'text', text: 'b' }), para());
    expect(trimDoc(body).content).toHaveLength(3);
    expect(trimDoc(doc(para(), para())).content).toEqual([]);
    expect(isEmptyDoc(doc(para()))).toBe(true);
    expect(isEmptyDoc(null)).toBe(true);
    expect(isEmptyDoc(body)).toBe(false);
  });
});
