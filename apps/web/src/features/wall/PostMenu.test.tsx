import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as api from './api';
import { wallKeys } from './cache';
import type { FeedState } from './feedState';
import { PostCard } from './PostCard';
import { CLIENT, makePost, renderWall } from './testing';

describe('pinned posts on the wall', { timeout: 20_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the pin badge on a pinned post and no pin action to an employee', async () => {
    const post = makePost({ pinned: true, text: 'Canteen menu' });
    renderWall(<PostCard post={post} where="company" />);
    const card = screen.getByRole('article');
    expect(within(card).getByText('Pinned')).toBeTruthy();
    await userEvent.setup({ delay: null }).click(within(card).getByRole('button', { name: 'Post actions' }));
    expect(await screen.findByRole('menuitem', { name: 'Copy link' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Pin to the top' })).toBeNull();
  });

  it('lets an administrator pin a post from its menu and reads the company feed again', async () => {
    const post = makePost({ can: { edit: true, delete: true, mustRead: true, pin: true } });
    const answer = { ...post, pinned: true };
    const setPinned = vi.spyOn(api, 'setPinned').mockResolvedValue(answer);
    const { client } = renderWall(<PostCard post={post} where="company" />);
    const feed: FeedState = { items: [makePost(), post], page: 0, pages: 1, total: 2 };
    client.setQueryData(wallKeys.feed('company', CLIENT), feed);
    const user = userEvent.setup({ delay: null });
    expect(screen.queryByText('Pinned')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Post actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Pin to the top' }));
    await waitFor(() => expect(setPinned).toHaveBeenCalledWith(post._id, true));
    // The feed's copy is the server's answer, and the feed is marked for reading again (its order changed).
    await waitFor(() => {
      const state = client.getQueryData<FeedState>(wallKeys.feed('company', CLIENT));
      expect(state?.items[1].pinned).toBe(true);
      expect(client.getQueryState(wallKeys.feed('company', CLIENT))?.isInvalidated).toBe(true);
    });
  });
});
