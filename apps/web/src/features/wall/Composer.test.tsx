import { type CreatePostBody, MB, mentionIds, type PostDto, type UserDto } from '@hallway/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import * as api from './api';
import { Composer } from './Composer';
import { makePost, PEOPLE, renderWall } from './testing';

const [, lukas, tom] = PEOPLE;

const feedPage = (mustRead: boolean) => ({
  result: [],
  page: 0,
  pages: 0,
  total: 0,
  can: { systemPost: mustRead, mustRead, pin: mustRead, moderate: mustRead },
});

function setup() {
  const published: PostDto[] = [];
  const utils = renderWall(<Composer feed="company" onPublished={(post) => published.push(post)} />);
  const box = screen.getByRole('textbox', { name: 'New post' });
  return { ...utils, box, published, user: userEvent.setup({ delay: null }) };
}

describe('Composer', { timeout: 20_000 }, () => {
  let createPost: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    createPost = vi.spyOn(api, 'createPost').mockImplementation(async (body) => makePost({ text: body.text }));
    vi.spyOn(api, 'fetchFeedPage').mockResolvedValue(feedPage(false));
  });
  afterEach(() => vi.restoreAllMocks());

  it("offers must-read as the feed page's can.mustRead says", async () => {
    const { unmount } = setup();
    await waitFor(() => expect(api.fetchFeedPage).toHaveBeenCalled());
    expect(screen.queryByRole('checkbox', { name: 'Must read' })).toBeNull();
    unmount();
    vi.spyOn(api, 'fetchFeedPage').mockResolvedValue(feedPage(true));
    setup();
    expect(await screen.findByRole('checkbox', { name: 'Must read' })).toBeTruthy();
  });

  it('searches people to mention only from the second character on', async () => {
    const { box, user } = setup();
    await user.type(box, 'Hello @a');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    await user.type(box, 'n');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.getAttribute('aria-label'))).toEqual(['Anastasia Ivanova', 'Anna Kowalski']);
    await user.type(box, 'x');
    await waitFor(() => expect(screen.queryAllByRole('option')).toHaveLength(0));
    expect(screen.getByText('No one found')).toBeTruthy();
  });

  it('asks the server when the start-up list holds only part of a big workspace', async () => {
    const search = vi
      .spyOn(api, 'searchPeople')
      .mockResolvedValue([{ _id: lukas._id, firstName: 'Lukas', lastName: 'Schmidt', login: 'lukas' } as UserDto]);
    renderWall(<Composer feed="company" onPublished={() => {}} />, { people: [], partialPeople: true });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('textbox', { name: 'New post' }), 'Hi @luk');
    expect(await screen.findByRole('option', { name: 'Lukas Schmidt' })).toBeTruthy();
    expect(search).toHaveBeenCalledWith('demo', 'luk', expect.anything());
  });

  it('inserts the chosen person and sends the mention with Ctrl+Enter', async () => {
    const { box, user, published } = setup();
    await user.type(box, 'Welcome @lu');
    await user.click(await screen.findByRole('option', { name: 'Lukas Schmidt' }));
    expect((box as HTMLTextAreaElement).value).toBe('Welcome @Lukas Schmidt ');
    await user.type(box, 'to the team{Control>}{Enter}{/Control}');
    await waitFor(() => expect(createPost).toHaveBeenCalledTimes(1));
    const body = createPost.mock.calls[0][0] as CreatePostBody;
    expect(body.mentions).toEqual([lukas._id]);
    expect(mentionIds(body.text)).toEqual([lukas._id]);
    expect(body).toMatchObject({ kind: 'post', parent: { type: 'company' } });
    expect(published).toHaveLength(1);
    expect((box as HTMLTextAreaElement).value).toBe('');
  });

  it('picks the first suggestion with Enter and closes the list with Escape', async () => {
    const { box, user } = setup();
    await user.type(box, 'Hi @schm');
    await screen.findByRole('option', { name: 'Lukas Schmidt' });
    await new Promise((resolve) => requestAnimationFrame(resolve));
    await user.keyboard('{Enter}');
    expect((box as HTMLTextAreaElement).value).toBe('Hi @Lukas Schmidt ');
    await user.type(box, '@to');
    await screen.findByRole('option', { name: tom.name });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('option')).toBeNull());
    await user.keyboard('{Enter}');
    expect((box as HTMLTextAreaElement).value).toBe('Hi @Lukas Schmidt @to\n');
  });

  it('shows the thank-you rules before sending and refuses two people', async () => {
    const { box, user } = setup();
    fireEvent.click(screen.getByRole('radio', { name: 'Thank you' }));
    const rules = screen.getByTestId('thanks-rules');
    expect(rules.textContent).toContain('more than 30 characters (now 0)');
    await user.type(box, 'Thanks @lu');
    await user.click(await screen.findByRole('option', { name: 'Lukas Schmidt' }));
    await user.type(box, 'and @to');
    await user.click(await screen.findByRole('option', { name: tom.name }));
    await user.paste('for the great help with the release');
    expect(rules.textContent).toContain('exactly one colleague mentioned (now 2)');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A thank-you post must mention exactly one person');
    expect(createPost).not.toHaveBeenCalled();
  });

  it('refuses a short thank-you post with the rule’s message', async () => {
    const { box, user } = setup();
    fireEvent.click(screen.getByRole('radio', { name: 'Thank you' }));
    await user.type(box, '@lu');
    await user.click(await screen.findByRole('option', { name: 'Lukas Schmidt' }));
    await user.type(box, 'thanks!');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A thank-you post needs more than 30 characters');
    expect(createPost).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal in the person’s language', async () => {
    createPost.mockRejectedValueOnce(new ApiError(400, { message: 'You cannot thank yourself', code: 'thanks_self' }));
    const { box, user } = setup();
    await user.type(box, 'Hello everyone');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You cannot thank yourself');
  });

  it('refuses files above 20 MB before uploading anything', async () => {
    const open = vi.spyOn(XMLHttpRequest.prototype, 'open');
    const { container } = setup();
    const big = new File(['x'], 'video.mp4', { type: 'video/mp4' });
    Object.defineProperty(big, 'size', { value: 21 * MB });
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [big] } });
    expect((await screen.findByRole('alert')).textContent).toBe('Files above 20 MB cannot be attached');
    expect(open).not.toHaveBeenCalled();
  });
});
