import type { CreatePostBody, PostDto } from '@hallway/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as api from './api';
import { Composer } from './Composer';
import { wallKeys } from './cache';
import { wallEventHandlers } from './realtime';
import { ScheduledPosts } from './ScheduledPosts';
import { CLIENT, ME, makePost, renderWall } from './testing';

/** A `datetime-local` value `hours` from now, in local time. */
function localIn(hours: number) {
  const d = new Date(Date.now() + hours * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

describe('scheduled posts', { timeout: 20_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('are written with a publication time and join the own scheduled list, not the feed', async () => {
    const create = vi
      .spyOn(api, 'createPost')
      .mockImplementation(async (body) => makePost({ text: body.text, publishAt: body.publishAt ?? null }));
    vi.spyOn(api, 'fetchScheduled').mockResolvedValue([]);
    const published: PostDto[] = [];
    renderWall(
      <>
        <Composer feed="company" onPublished={(post) => published.push(post)} />
        <ScheduledPosts />
      </>,
    );
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('textbox', { name: 'New post' }), 'Town hall on Monday');
    await user.click(screen.getByRole('button', { name: 'Set a publication time' }));
    // No time chosen yet: the composer asks for one instead of sending.
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a time in the future');
    expect(create).not.toHaveBeenCalled();

    const at = localIn(3);
    fireEvent.change(screen.getByLabelText('Publication time'), { target: { value: at } });
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    const body = create.mock.calls[0][0] as CreatePostBody;
    expect(body.publishAt).toBe(new Date(at).toISOString());
    expect(published).toEqual([]);
    const list = await screen.findByRole('region', { name: 'Your scheduled posts' });
    expect(within(list).getByText('Town hall on Monday')).toBeTruthy();
    expect(within(list).getByText(/^Scheduled for /)).toBeTruthy();
  });

  it('can be cancelled, and leave the list when the job publishes them', async () => {
    const first = makePost({ text: 'First later', publishAt: new Date(Date.now() + 3_600_000).toISOString() });
    const second = makePost({ text: 'Second later', publishAt: new Date(Date.now() + 7_200_000).toISOString() });
    vi.spyOn(api, 'fetchScheduled').mockResolvedValue([first, second]);
    const cancel = vi.spyOn(api, 'cancelScheduled').mockResolvedValue(undefined);
    const { client } = renderWall(<ScheduledPosts />);
    const list = await screen.findByRole('region', { name: 'Your scheduled posts' });
    expect(within(list).getAllByRole('article')).toHaveLength(2);

    const [firstCard] = within(list).getAllByRole('article');
    await userEvent.setup({ delay: null }).click(within(firstCard).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(cancel).toHaveBeenCalledWith(first._id));
    await waitFor(() => expect(screen.queryByText('First later')).toBeNull());

    const reader = { userId: ME, isAdmin: false, follows: () => false };
    const handlers = wallEventHandlers(client, reader, { company: CLIENT, user: ME, group: '' });
    await act(async () => handlers['post.created']({ ...second, publishAt: null }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Your scheduled posts' })).toBeNull());
    expect(client.getQueryData(wallKeys.scheduled)).toEqual([]);
  });
});
