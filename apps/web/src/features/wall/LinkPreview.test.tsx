import type { RichDoc } from '@hallway/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { previewPaths } from './LinkPreview';
import { PostText } from './PostText';
import { makePost, renderWall } from './testing';

const GROUP = '0f1e2d3c-0000-7000-8000-00000000a001';
const HIDDEN = '0f1e2d3c-0000-7000-8000-00000000a002';

const linked = (href: string, text: string): RichDoc => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text, marks: [{ type: 'link', attrs: { href } }] }] }],
});

afterEach(() => vi.restoreAllMocks());

function answerPreviews() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.searchParams.get('path');
    if (path === `/group/${GROUP}`) {
      const result = { kind: 'group', title: 'Cyclists', members: 3, path };
      return new Response(JSON.stringify({ result }), { status: 200 });
    }
    return new Response(JSON.stringify({ message: 'Not found', code: 'not_found' }), { status: 404 });
  });
}

describe('link previews', () => {
  it("shows a card for a link to a group, which opens the group's page", async () => {
    const fetch = answerPreviews();
    const post = makePost({ text: 'Join us', doc: linked(`/group/${GROUP}`, 'Join us') });
    renderWall(<PostText text={post.text} doc={post.doc} previews />);
    const card = await screen.findByRole('link', { name: /Cyclists/ });
    expect(card.getAttribute('href')).toBe(`/group/${GROUP}`);
    expect(card.textContent).toContain('Group · 3 members');
    expect(String(fetch.mock.calls[0][0])).toContain(`/api/link/preview?path=${encodeURIComponent(`/group/${GROUP}`)}`);
  });

  it('shows nothing for a page the reader may not see (404), and asks once', async () => {
    const fetch = answerPreviews();
    renderWall(<PostText text="Secret" doc={linked(`/group/${HIDDEN}`, 'Secret')} previews />);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByLabelText('Loading the link preview')).toBeNull());
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([`/group/${HIDDEN}`]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('takes intranet pages only, each once, three at most; absolute addresses of this site count', () => {
    const origin = 'https://intra.example';
    const ids = ['1', '2', '3', '4'].map((n) => `0f1e2d3c-0000-7000-8000-00000000b00${n}`);
    const text = `See ${origin}/profile/${ids[0]} and https://other.example/group/${ids[1]} and ${origin}/wall`;
    const doc: RichDoc = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: ids.map((id) => ({
            type: 'text',
            text: id,
            marks: [{ type: 'link', attrs: { href: `/post/${id}` } }],
          })),
        },
      ],
    };
    expect(previewPaths(text, null, origin)).toEqual([`/profile/${ids[0]}`]);
    expect(previewPaths('x', linked(`/group/${ids[0]}`, 'a'), origin)).toEqual([`/group/${ids[0]}`]);
    expect(previewPaths('x', doc, origin)).toEqual(ids.slice(0, 3).map((id) => `/post/${id}`));
  });
});
