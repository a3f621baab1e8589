import { FEED_PAGE_SIZE, type FeedPage } from '@hallway/shared';
import { describe, expect, it } from 'vitest';
import {
  addToThread,
  feedOfPost,
  forReader,
  insertPost,
  mergeForReader,
  mergePage,
  patchPost,
  removeFromThread,
  type ThreadComment,
  toggleReaction,
} from './feedState';
import { ME, makePost } from './testing';

const posts = (count: number) => Array.from({ length: count }, () => makePost());
const page = (n: number, result: ReturnType<typeof makePost>[], total: number): FeedPage => ({
  result,
  page: n,
  pages: Math.ceil(total / FEED_PAGE_SIZE),
  total,
});
const ids = (list: { _id: string }[]) => list.map((p) => p._id);

describe('feed paging', () => {
  const server = posts(50);

  it('page N replaces the items from N*20 on', () => {
    let state = mergePage(undefined, page(0, server.slice(0, 20), 50));
    state = mergePage(state, page(1, server.slice(20, 40), 50));
    expect(ids(state.items)).toEqual(ids(server.slice(0, 40)));
    expect(state).toMatchObject({ page: 1, pages: 3, total: 50 });

    // Loading page 1 again (a retry) replaces the same slice instead of appending it twice.
    const again = mergePage(state, page(1, server.slice(20, 40), 50));
    expect(ids(again.items)).toEqual(ids(server.slice(0, 40)));

    // Page 0 starts the list over.
    const fresh = mergePage(again, page(0, server.slice(0, 20), 50));
    expect(fresh.items).toHaveLength(20);
  });

  it('a post inserted in realtime shifts the list the way it shifted the server’s pages', () => {
    const newcomer = makePost();
    let state = mergePage(undefined, page(0, server.slice(0, 20), 50));
    state = insertPost(state, newcomer)!;
    expect(state.items[0]._id).toBe(newcomer._id);
    expect(state.total).toBe(51);
    // The server's page 1 now starts with what was the last item of page 0.
    const shifted = [newcomer, ...server];
    state = mergePage(state, page(1, shifted.slice(20, 40), 51));
    expect(ids(state.items)).toEqual(ids(shifted.slice(0, 40)));
    expect(new Set(ids(state.items)).size).toBe(40);
  });

  it('never lists a post twice when pages overlap', () => {
    let state = mergePage(undefined, page(0, server.slice(0, 20), 50));
    // A post the realtime event missed moved everything down by one on the server.
    state = mergePage(state, page(1, server.slice(19, 39), 51));
    expect(new Set(ids(state.items)).size).toBe(state.items.length);
    expect(state.items).toHaveLength(39);
  });

  it('changes one post and keeps the others’ identity; ignores a repeated insert', () => {
    const state = mergePage(undefined, page(0, server.slice(0, 3), 3));
    const next = patchPost(state, server[1]._id, (p) => ({ ...p, likes: 5 }))!;
    expect(next.items[1].likes).toBe(5);
    expect(next.items[0]).toBe(state.items[0]);
    expect(next.items[2]).toBe(state.items[2]);
    expect(patchPost(state, 'missing', (p) => ({ ...p, likes: 1 }))).toBe(state);
    expect(insertPost(state, server[0])).toBe(state);
  });
});

describe('pinned posts', () => {
  it('a new post goes below the pinned posts that head the company feed', () => {
    const pinned = [makePost({ pinned: true }), makePost({ pinned: true })];
    const rest = [makePost(), makePost()];
    const state = { items: [...pinned, ...rest], page: 0, pages: 1, total: 4 };
    const fresh = makePost();
    const next = insertPost(state, fresh)!;
    expect(next.items.map((p) => p._id)).toEqual([pinned[0]._id, pinned[1]._id, fresh._id, rest[0]._id, rest[1]._id]);
    expect(next.total).toBe(5);
  });
});

describe('reactions', () => {
  it('gives, replaces and takes back the own reaction', () => {
    const post = makePost({ likes: 2, reactions: { like: 2, love: 0, laugh: 0, wow: 0, sad: 0, celebrate: 0 } });
    const liked = toggleReaction(post, 'like');
    expect(liked).toMatchObject({ likes: 3, myReaction: 'like', reactions: { like: 3 } });
    const loved = toggleReaction(liked, 'love');
    expect(loved).toMatchObject({ likes: 3, myReaction: 'love', reactions: { like: 2, love: 1 } });
    const back = toggleReaction(loved, 'love');
    expect(back).toMatchObject({ likes: 2, myReaction: null, reactions: { like: 2, love: 0 } });
  });
});

describe('realtime posts', () => {
  const reader = { userId: ME, follows: (id: string) => id === 'followed' };

  it('go to the feed they belong to', () => {
    expect(feedOfPost(makePost(), reader)).toBe('company');
    expect(feedOfPost(makePost({ parent: { type: 'system', id: 'c', where: '' } }), reader)).toBe('company');
    const feedPost = (author: string) =>
      makePost({
        parent: { type: 'feed', id: author, where: '' },
        author: { _id: author, name: 'X', avatar: null, position: '' },
      });
    expect(feedOfPost(feedPost('followed'), reader)).toBe('user');
    expect(feedOfPost(feedPost(ME), reader)).toBe('user');
    expect(feedOfPost(feedPost('stranger'), reader)).toBeNull();
  });

  it('keep the reader’s own state and never guess the reader’s abilities', () => {
    const none = { edit: false, delete: false, mustRead: false, pin: false };
    const mine = makePost({ author: { _id: ME, name: 'Me', avatar: null, position: '' }, viewed: false, can: none });
    expect(forReader(mine, reader)).toMatchObject({ viewed: true, can: none });
    expect(forReader(makePost({ viewed: false, can: none }), reader)).toMatchObject({ viewed: false, can: none });
    const existing = makePost({
      myReaction: 'wow',
      viewed: true,
      can: { edit: true, delete: true, mustRead: false, pin: false },
    });
    const incoming = {
      ...existing,
      text: 'edited',
      myReaction: null,
      viewed: false,
      can: { edit: false, delete: false, mustRead: false, pin: false },
    };
    expect(mergeForReader(existing, incoming)).toMatchObject({
      text: 'edited',
      myReaction: 'wow',
      viewed: true,
      can: existing.can,
    });
  });
});

describe('comment threads', () => {
  const comment = (id: string, parent: { type: 'post' | 'comment'; id: string }) =>
    ({
      ...makePost(),
      _id: id,
      parent: { ...parent, postId: 'p', where: 'post' },
      status: 'new',
      answersCount: 0,
      can: { edit: false, delete: false },
    }) as unknown as ThreadComment;

  it('puts answers under their comment once and removes them again', () => {
    let thread = addToThread([], comment('c1', { type: 'post', id: 'p' }));
    thread = addToThread(thread, comment('a1', { type: 'comment', id: 'c1' }));
    thread = addToThread(thread, comment('a1', { type: 'comment', id: 'c1' }));
    expect(thread).toHaveLength(1);
    expect(thread[0].answers.map((a) => a._id)).toEqual(['a1']);
    expect(thread[0].answersCount).toBe(1);
    thread = removeFromThread(thread, 'a1');
    expect(thread[0].answers).toEqual([]);
    expect(removeFromThread(thread, 'c1')).toEqual([]);
  });
});
