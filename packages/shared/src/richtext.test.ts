import { describe, expect, it } from 'vitest';
import { docLinks, docText, type RichDoc, safeHref, textDoc } from './richtext.js';
import { richDoc } from './schemas/posts.js';

describe('formatted text', () => {
  it('accepts web, mail and intranet links only', () => {
    for (const ok of ['https://example.com/a?b=1', 'http://x.org', 'mailto:a@b.c', '/post/123', '/profile/abc']) {
      expect(safeHref(ok), ok).toBe(ok);
    }
    for (const bad of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      '//evil.example',
      '/\\evil.example',
      'https:/x',
      'ftp://x',
      '',
    ]) {
      expect(safeHref(bad), bad).toBeNull();
    }
  });

  it('has a plain text of one line per paragraph or list item', () => {
    const doc: RichDoc = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [{ type: 'text', text: 'Hi' }, { type: 'hardBreak' }, { type: 'text', text: 'there' }],
        },
        {
          type: 'orderedList',
          content: [
            {
              type: 'listItem',
              content: [
                {
                  type: 'paragraph',
                  content: [{ type: 'text', text: 'one', marks: [{ type: 'link', attrs: { href: '/post/1' } }] }],
                },
                {
                  type: 'bulletList',
                  content: [
                    { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'inner' }] }] },
                  ],
                },
              ],
            },
            { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'two' }] }] },
          ],
        },
      ],
    };
    expect(docText(doc)).toBe('Hi\nthere\n1. one\n  • inner\n2. two');
    expect(docLinks(doc)).toEqual(['/post/1']);
    expect(richDoc.safeParse(doc).success).toBe(true);
    expect(docText(textDoc('a\n\nb'))).toBe('a\n\nb');
  });

  it('refuses lists nested deeper than four levels', () => {
    let block: RichDoc['content'][number] = { type: 'paragraph', content: [{ type: 'text', text: 'deep' }] };
    for (let i = 0; i < 5; i++) block = { type: 'bulletList', content: [{ type: 'listItem', content: [block] }] };
    expect(richDoc.safeParse({ type: 'doc', content: [block] }).success).toBe(false);
  });
});
