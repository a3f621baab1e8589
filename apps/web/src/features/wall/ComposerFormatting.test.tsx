import type { CreatePostBody, RichDoc } from '@hallway/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from './api';
import { Composer } from './Composer';
import { type EditedText, PostEditor } from './PostEditor';
import { PostText } from './PostText';
import { makePost, PEOPLE, renderWall } from './testing';

const [, lukas] = PEOPLE;

describe('Composer with formatting', { timeout: 30_000 }, () => {
  let createPost: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    createPost = vi.spyOn(api, 'createPost').mockImplementation(async (body) => makePost({ text: body.text }));
    vi.spyOn(api, 'fetchFeedPage').mockResolvedValue({ result: [], page: 0, pages: 0, total: 0 });
  });
  afterEach(() => vi.restoreAllMocks());

  it('loads the editor on demand, keeps the text and mention, formats with the toolbar and sends with Ctrl+Enter', async () => {
    renderWall(<Composer feed="company" onPublished={() => {}} />);
    const user = userEvent.setup({ delay: null });
    const box = screen.getByRole('textbox', { name: 'New post' });
    // The plain field first: no editor toolbar until formatting is asked for.
    expect(screen.queryByRole('toolbar', { name: 'Text formatting' })).toBeNull();
    await user.type(box, 'Welcome @lu');
    await user.click(await screen.findByRole('option', { name: 'Lukas Schmidt' }));
    await user.type(box, 'to the team');
    await user.click(screen.getByRole('button', { name: 'Formatting' }));
    const toolbar = await screen.findByRole('toolbar', { name: 'Text formatting' }, { timeout: 15_000 });
    expect(screen.getByRole('button', { name: 'Formatting' }).getAttribute('aria-pressed')).toBe('true');
    for (const name of ['Bold (Ctrl+B)', 'Italic (Ctrl+I)', 'Bulleted list', 'Numbered list', 'Link']) {
      expect(toolbar.querySelector(`[aria-label="${name}"]`)).not.toBeNull();
    }
    const editor = await screen.findByRole('textbox', { name: 'New post' });
    await waitFor(() => expect(editor.textContent).toBe('Welcome @Lukas Schmidt to the team'));

    // A bulleted list from the toolbar, then Ctrl+Enter in the editor sends the document.
    await user.click(screen.getByRole('button', { name: 'Bulleted list' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Bulleted list' }).getAttribute('aria-pressed')).toBe('true'),
    );
    fireEvent.keyDown(editor, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(createPost).toHaveBeenCalledTimes(1));
    const body = createPost.mock.calls[0][0] as CreatePostBody;
    expect(body.doc?.content[0].type).toBe('bulletList');
    expect(body.text).toBe(`• Welcome @[Lukas Schmidt](user:${lukas._id}) to the team`);
    expect(body.mentions).toEqual([lukas._id]);
  });

  it('refuses a javascript: link address in the link field', async () => {
    renderWall(<Composer feed="company" onPublished={() => {}} />);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('textbox', { name: 'New post' }), 'Read this');
    await user.click(screen.getByRole('button', { name: 'Formatting' }));
    await user.click(await screen.findByRole('button', { name: 'Link' }, { timeout: 15_000 }));
    const field = await screen.findByRole('textbox', { name: 'Link address' });
    await user.clear(field);
    await user.type(field, 'javascript:alert(1){Enter}');
    expect(
      await screen.findByText('Use a web (https://…) or mail address, or a page of the intranet (/…)'),
    ).toBeTruthy();
  });
});

describe('a formatted post', () => {
  it('draws bold, italic, lists, safe links and mentions as elements, never as HTML', () => {
    const doc: RichDoc = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Big', marks: [{ type: 'bold' }] },
            { type: 'text', text: ' news ', marks: [{ type: 'italic' }] },
            { type: 'text', text: `@[Somebody else](user:${lukas._id})` },
            { type: 'text', text: ' <img src=x onerror=alert(1)>' },
          ],
        },
        {
          type: 'orderedList',
          content: [
            {
              type: 'listItem',
              content: [
                {
                  type: 'paragraph',
                  content: [
                    { type: 'text', text: 'the post', marks: [{ type: 'link', attrs: { href: '/post/abc' } }] },
                  ],
                },
              ],
            },
            {
              type: 'listItem',
              content: [
                {
                  type: 'paragraph',
                  content: [
                    { type: 'text', text: 'bad', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] },
                  ],
                },
              ],
            },
          ],
        },
      ],
    };
    const { container } = renderWall(
      <PostText
        text="ignored"
        doc={doc}
        mentions={[{ _id: lukas._id, name: 'Lukas Schmidt', avatar: null, position: '' }]}
      />,
    );
    expect(container.querySelector('strong')?.textContent).toBe('Big');
    expect(container.querySelector('em')?.textContent).toBe(' news ');
    expect(container.querySelectorAll('ol li')).toHaveLength(2);
    expect(screen.getByRole('link', { name: '@Lukas Schmidt' }).getAttribute('href')).toBe(`/profile/${lukas._id}`);
    expect(screen.getByRole('link', { name: 'the post' }).getAttribute('href')).toBe('/post/abc');
    expect(screen.queryByRole('link', { name: 'bad' })).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror=alert(1)>');
  });
});

describe('editing a formatted post', { timeout: 30_000 }, () => {
  it('opens the formatting editor with the post and sends its document back, so formatting is kept', async () => {
    const doc: RichDoc = {
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'Agenda', marks: [{ type: 'bold' }] }] },
        {
          type: 'bulletList',
          content: [
            { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Coffee' }] }] },
          ],
        },
      ],
    };
    const onSave = vi.fn(async () => {});
    renderWall(
      <PostEditor text={'Agenda\n• Coffee'} doc={doc} label="Edit post" onSave={onSave} onCancel={() => {}} />,
    );
    const editor = await screen.findByRole('textbox', { name: 'Edit post' }, { timeout: 15_000 });
    await waitFor(() => expect(editor.querySelector('strong')?.textContent).toBe('Agenda'));
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    const edited = (onSave.mock.calls[0] as unknown as [EditedText])[0];
    expect(edited.doc?.content.map((block) => block.type)).toEqual(['paragraph', 'bulletList']);
    expect(edited.doc?.content[0]).toEqual(doc.content[0]);
    expect(edited.text).toContain('Coffee');
  });
});
