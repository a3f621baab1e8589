import type { PostDto } from '@hallway/shared';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import type { Socket } from '../../api/socket';
import * as api from './api';
import { wallKeys } from './cache';
import { useWall } from './context';
import { Feed } from './Feed';
import type { FeedState } from './feedState';
import { useWallRealtime, wallEventHandlers } from './realtime';
import { CLIENT, ME, makePost, makeQueryClient, renderWall } from './testing';

/** A socket the test drives: handlers registered by the wall, events emitted by the test. */
function fakeSocket() {
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  const socket = {
    on(event: string, handler: (payload: unknown) => void) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)!.add(handler);
      return socket;
    },
    off(event: string, handler: (payload: unknown) => void) {
      handlers.get(event)?.delete(handler);
      return socket;
    },
    io: { on() {}, off() {} },
  };
  // Query observers are told on the next tick: each emit waits for the re-render.
  const emit = (event: string, payload: unknown) =>
    act(async () => {
      for (const handler of handlers.get(event) ?? []) handler(payload);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  return { socket: socket as unknown as Socket, emit, handlers };
}

function LiveFeed({ socket }: { socket: Socket }) {
  const { reader, owners } = useWall();
  useWallRealtime(socket, useQueryClient(), reader, owners);
  return <Feed kind="company" />;
}

const articles = () => screen.getAllByRole('article');

const useClient: { current: QueryClient | null } = { current: null };

describe('wall realtime', () => {
  let fetchSpy: ReturnType<typeof vi.spyOn>;
  let fetchPost: MockInstance<typeof api.fetchPost>;
  let existing: PostDto[];
  let live: ReturnType<typeof fakeSocket>;

  beforeEach(() => {
    fetchSpy = vi.spyOn(globalThis, 'fetch');
    // The post's own answer, as the reader may open it: the server's `can` for this reader.
    fetchPost = vi.spyOn(api, 'fetchPost').mockRejectedValue(new Error('not mocked'));
    existing = [
      makePost({
        text: 'Older news',
        myReaction: 'wow',
        likes: 1,
        reactions: { like: 0, love: 0, laugh: 0, wow: 1, sad: 0, celebrate: 0 },
      }),
      makePost({ text: 'Even older news' }),
    ];
    const client = makeQueryClient();
    useClient.current = client;
    client.setQueryData<FeedState>(wallKeys.feed('company', CLIENT), { items: existing, page: 0, pages: 1, total: 2 });
    live = fakeSocket();
    renderWall(<LiveFeed socket={live.socket} />, { client });
  });
  afterEach(() => vi.restoreAllMocks());

  it('puts a new company post on top of the feed without a reload', async () => {
    expect(articles()).toHaveLength(2);
    const fresh = makePost({
      text: 'Fresh from a colleague',
      viewed: false,
      can: { edit: false, delete: false, mustRead: false, pin: false },
    });
    await live.emit('post.created', fresh);
    expect(articles()).toHaveLength(3);
    expect(within(articles()[0]).getByText('Fresh from a colleague')).toBeTruthy();
    // The same event twice (own tab and socket) lists it once.
    await live.emit('post.created', fresh);
    expect(articles()).toHaveLength(3);
    expect(fetchPost).toHaveBeenCalledWith(fresh._id, expect.anything());
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('leaves out posts of feeds the reader does not follow', async () => {
    const stranger = { _id: 'stranger', name: 'Someone Else', avatar: null, position: '' };
    await live.emit(
      'post.created',
      makePost({ parent: { type: 'feed', id: 'stranger', where: '' }, author: stranger }),
    );
    expect(articles()).toHaveLength(2);
  });

  it('updates likes and comment counts of an open post', async () => {
    const target = existing[1];
    await live.emit('post.liked', {
      like_type: 'post',
      id: target._id,
      post_id: target._id,
      likes: 3,
      reactions: { like: 2, love: 1, laugh: 0, wow: 0, sad: 0, celebrate: 0 },
    });
    const card = articles()[1];
    expect(within(card).getByRole('button', { name: 'Like: 2' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Love: 1' })).toBeTruthy();
    await live.emit('comment.created', {
      comment: {
        ...makePost(),
        _id: 'c1',
        parent: { type: 'post', id: target._id, postId: target._id, where: 'post' },
        status: 'new',
        answersCount: 0,
      },
      subject: { type: 'post', id: target._id },
      post_id: target._id,
      commentsCount: 4,
    });
    expect(within(articles()[1]).getByRole('button', { name: 'Comments (4)' })).toBeTruthy();
    expect(within(articles()[0]).getByRole('button', { name: 'Comments (0)' })).toBeTruthy();
  });

  it('keeps the reader’s own reaction when an edit arrives, and drops deleted posts', async () => {
    const target = existing[0];
    await live.emit('post.updated', { ...target, text: 'Older news, corrected', myReaction: null, edited: true });
    expect(within(articles()[0]).getByText('Older news, corrected')).toBeTruthy();
    const own = within(articles()[0]).getByRole('button', { name: 'Wow', pressed: true });
    expect(own).toBeTruthy();
    await live.emit('post.deleted', { _id: target._id, parent: target.parent });
    expect(articles()).toHaveLength(1);
    expect(screen.queryByText('Older news, corrected')).toBeNull();
  });

  it('asks the server for the reader’s abilities of a new post instead of working them out', async () => {
    const none = { edit: false, delete: false, mustRead: false, pin: false };
    const mine = makePost({
      text: 'Mine',
      author: { _id: ME, name: 'Anna Kowalski', avatar: null, position: '' },
      can: none,
    });
    fetchPost.mockResolvedValue({ ...mine, comments: [], can: { ...none, edit: true, delete: true } });
    await live.emit('post.created', mine);
    await waitFor(() => expect(fetchPost).toHaveBeenCalledWith(mine._id, expect.anything()));
    const card = articles()[0];
    expect(within(card).getByText('Mine')).toBeTruthy();
    await act(async () => within(card).getByRole('button', { name: 'Post actions' }).click());
    expect(await screen.findByRole('menuitem', { name: 'Edit' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toBeTruthy();
    // The server's answer allows no pin: none is offered, whoever reads.
    expect(screen.queryByRole('menuitem', { name: 'Pin to the top' })).toBeNull();
  });

  it('reads an open thread again when a comment arrives, for the comments’ own abilities', async () => {
    const target = existing[1];
    const client = useClient.current!;
    client.setQueryData(wallKeys.post(target._id), { ...target, comments: [] });
    await live.emit('comment.created', {
      comment: {
        ...makePost(),
        _id: 'c2',
        parent: { type: 'post', id: target._id, postId: target._id, where: 'post' },
        status: 'new',
        answersCount: 0,
        can: { edit: false, delete: false },
      },
      subject: { type: 'post', id: target._id },
      post_id: target._id,
      commentsCount: 1,
    });
    expect(client.getQueryState(wallKeys.post(target._id))?.isInvalidated).toBe(true);
  });
});

describe('wall realtime in groups', () => {
  afterEach(() => vi.restoreAllMocks());

  it('puts a group post on top of that group’s open wall and the reader’s own feed, never the company feed', () => {
    vi.spyOn(api, 'fetchPost').mockRejectedValue(new Error('not mocked'));
    const client = makeQueryClient();
    const group = '01a1fe5d-3333-7000-8000-000000000001';
    const other = '01a1fe5d-3333-7000-8000-000000000002';
    const empty = (): FeedState => ({ items: [], page: 0, pages: 0, total: 0 });
    for (const [kind, owner] of [
      ['company', CLIENT],
      ['user', ME],
      ['group', group],
      ['group', other],
    ] as const) {
      client.setQueryData(wallKeys.feed(kind, owner), empty());
    }
    const handlers = wallEventHandlers(
      client,
      { userId: ME, follows: () => false },
      {
        company: CLIENT,
        user: ME,
        group,
      },
    );
    const post = makePost({ text: 'In the group', parent: { type: 'group', id: group, where: 'group' } });
    handlers['post.created'](post);
    const items = (kind: 'company' | 'user' | 'group', owner: string) =>
      client.getQueryData<FeedState>(wallKeys.feed(kind, owner))!.items.map((item) => item.text);
    expect(items('group', group)).toEqual(['In the group']);
    expect(items('user', ME)).toEqual(['In the group']);
    expect(items('company', CLIENT)).toEqual([]);
    expect(items('group', other)).toEqual([]);
  });
});
