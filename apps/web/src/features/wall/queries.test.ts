import type { LikeResult } from '@hallway/shared';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { createWallActions } from './actions';
import * as wallApi from './api';
import { wallKeys } from './cache';
import type { FeedState } from './feedState';
import { wallQueries } from './queries';
import { CLIENT, makePost, makeQueryClient } from './testing';

afterEach(() => vi.restoreAllMocks());

const feedOf = (...posts: ReturnType<typeof makePost>[]): FeedState => ({
  items: posts,
  page: 0,
  pages: 1,
  total: posts.length,
});

describe('wall queries and mutations', () => {
  it('load a feed through its queryOptions into the key realtime and cache updates use', async () => {
    const post = makePost({ text: 'Hello' });
    vi.spyOn(wallApi, 'fetchFeedPage').mockResolvedValue({ result: [post], page: 0, pages: 1, total: 1 });
    const client = makeQueryClient();
    const state = await client.fetchQuery(wallQueries.feed('company', CLIENT));
    expect(state.items.map((p) => p._id)).toEqual([post._id]);
    expect(client.getQueryData(wallKeys.feed('company', CLIENT))).toBe(state);
  });

  it('like a post everywhere before the answer and keep the answer', async () => {
    const post = makePost();
    const client = makeQueryClient();
    client.setQueryData(wallKeys.feed('company', CLIENT), feedOf(post));
    let answer!: (value: LikeResult) => void;
    vi.spyOn(wallApi, 'react').mockReturnValue(new Promise<LikeResult>((resolve) => (answer = resolve)));
    const liking = createWallActions(client).reactToPost(post, 'love');
    const cached = () => client.getQueryData<FeedState>(wallKeys.feed('company', CLIENT))!.items[0];
    expect(cached()).toMatchObject({ likes: 1, myReaction: 'love' });
    const reactions = { like: 0, love: 2, laugh: 0, wow: 0, sad: 0, celebrate: 0 };
    answer({ like_type: 'post', id: post._id, likes: 2, reactions, myReaction: 'love' } as LikeResult);
    await liking;
    expect(cached()).toMatchObject({ likes: 2, myReaction: 'love', reactions });
  });

  it('undo a refused like and say why in a toast', async () => {
    const post = makePost();
    const client = makeQueryClient();
    client.setQueryData(wallKeys.feed('company', CLIENT), feedOf(post));
    const toast = vi.spyOn(notifications, 'show');
    vi.spyOn(wallApi, 'react').mockRejectedValue(new ApiError(403, { message: 'No access', code: 'no_access' }));
    await createWallActions(client).reactToPost(post, 'like');
    expect(client.getQueryData<FeedState>(wallKeys.feed('company', CLIENT))!.items[0]).toMatchObject({
      likes: 0,
      myReaction: null,
    });
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ color: 'red', message: 'No access' }));
  });

  it('throw a refused edit to the form that sent it, without a toast', async () => {
    const post = makePost({ text: 'Before' });
    const client = makeQueryClient();
    client.setQueryData(wallKeys.feed('company', CLIENT), feedOf(post));
    const toast = vi.spyOn(notifications, 'show');
    vi.spyOn(wallApi, 'updatePost').mockRejectedValue(new ApiError(400, { message: 'Too long', code: 'too_long' }));
    await expect(createWallActions(client).updatePost(post._id, { text: 'After' })).rejects.toThrow();
    expect(toast).not.toHaveBeenCalled();
    expect(client.getQueryData<FeedState>(wallKeys.feed('company', CLIENT))!.items[0].text).toBe('Before');
  });
});
