import { mentionMarkup, type RichDoc } from '@hallway/shared';
import { describe, expect, it } from 'vitest';
import { editableDoc, markDoc } from './convert';

const id = '01a1fe5d-0000-7000-8000-000000000002';

describe('editor documents', () => {
  it('send chosen @Names as markup, without the empty paragraphs around the text', () => {
    const doc: RichDoc = {
      type: 'doc',
      content: [
        { type: 'paragraph' },
        { type: 'paragraph', content: [{ type: 'text', text: 'Thanks @Lukas Schmidt', marks: [{ type: 'bold' }] }] },
        {
          type: 'bulletList',
          content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'one' }] }] }],
        },
        { type: 'paragraph' },
      ],
    };
    const sent = markDoc(doc, [{ id, name: 'Lukas Schmidt' }]);
    expect(sent.doc.content.map((b) => b.type)).toEqual(['paragraph', 'bulletList']);
    expect(sent.text).toBe(`Thanks ${mentionMarkup(id, 'Lukas Schmidt')}\n• one`);
    // And back for editing: the @Name and the person beside it.
    const back = editableDoc(sent.doc);
    expect(back.mentions).toEqual([{ id, name: 'Lukas Schmidt' }]);
    expect(JSON.stringify(back.doc)).toContain('"Thanks @Lukas Schmidt"');
  });
});
