import type { PostDto } from '@hallway/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from './api';
import { wallKeys } from './cache';
import { Feed } from './Feed';
import type { FeedState } from './feedState';
import { wallEventHandlers } from './realtime';
import { CLIENT, ME, makePost, makeQueryClient, renderWall } from './testing';
import { MarkAllRead, NewCount } from './Unread';
import { createViewTracker } from './views';

const me = { _id: ME, name: 'Anna Kowalski', avatar: null, position: '' };
const reader = { userId: ME, follows: () => false };
const owners = { company: CLIENT, user: ME, group: '' };

function Header() {
  return (
    <>
      <NewCount kind="company" />
      <MarkAllRead kind="company" />
      <Feed kind="company" />
    </>
  );
}

const card = (text: string) => screen.getByText(text).closest('article') as HTMLElement;
const marker = (text: string) => within(card(text)).queryByText('New');

/** Runs a change and waits a tick: query observers are told on the next one. */
const settle = (change: () => void) =>
  act(async () => {
    change();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe('unread markers', { timeout: 20_000 }, () => {
  let posts: PostDto[];
  let client: ReturnType<typeof makeQueryClient>;

  beforeEach(() => {
    posts = [
      makePost({ text: 'Fresh news', viewed: false }),
      makePost({ text: 'My own post', viewed: false, author: me }),
      makePost({ text: 'Seen before', viewed: true }),
      makePost({ text: 'Also fresh', viewed: false }),
    ];
    client = makeQueryClient();
    client.setQueryData<FeedState>(wallKeys.feed('company', CLIENT), { items: posts, page: 0, pages: 2, total: 24 });
  });
  afterEach(() => vi.restoreAllMocks());

  it("marks others' unseen posts 'New', counts the feed's and clears both at once on 'Mark all as read'", async () => {
    // The server counts pages not loaded yet too.
    vi.spyOn(api, 'fetchUnseen').mockResolvedValue(5);
    const answer = deferred<Awaited<ReturnType<typeof api.viewAll>>>();
    const viewAll = vi.spyOn(api, 'viewAll').mockReturnValue(answer.promise);
    renderWall(<Header />, { client });

    expect((await screen.findByRole('status')).textContent).toBe('5 new');
    expect(marker('Fresh news')).toBeTruthy();
    expect(marker('Also fresh')).toBeTruthy();
    expect(marker('My own post')).toBeNull();
    expect(marker('Seen before')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(viewAll).toHaveBeenCalledWith(ME, 'company');
    // Before the server answers, the markers and the count are gone.
    await waitFor(() => expect(marker('Fresh news')).toBeNull());
    expect(marker('Also fresh')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('button', { name: 'Mark all as read' }).hasAttribute('disabled')).toBe(true);
    await act(async () =>
      answer.resolve({ notifSec: 'company', postIds: [posts[0]._id, posts[1]._id, posts[3]._id], userId: ME }),
    );
    const items = client.getQueryData<FeedState>(wallKeys.feed('company', CLIENT))!.items;
    // Each marked post (the reader's own too, as on the server) counted one view, once.
    expect(items.map((post) => [post.viewed, post.viewsCount])).toEqual([
      [true, 1],
      [true, 1],
      [true, 0],
      [true, 1],
    ]);
  });

  it('brings the server’s state back when marking fails', async () => {
    const unseen = vi.spyOn(api, 'fetchUnseen').mockResolvedValue(2);
    vi.spyOn(api, 'viewAll').mockRejectedValue(new Error('offline'));
    const page = vi.spyOn(api, 'fetchFeedPage').mockResolvedValue({ result: posts, page: 0, pages: 1, total: 4 });
    renderWall(<Header />, { client });
    expect((await screen.findByRole('status')).textContent).toBe('2 new');
    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('2 new'));
    expect(unseen).toHaveBeenCalledTimes(2);
    expect(page).toHaveBeenCalled();
    await waitFor(() => expect(marker('Fresh news')).toBeTruthy());
  });

  it('follows views from another tab, new posts from colleagues and deletions', async () => {
    const unseen = vi.spyOn(api, 'fetchUnseen').mockResolvedValue(2);
    const { value } = renderWall(<Header />, { client });
    expect((await screen.findByRole('status')).textContent).toBe('2 new');
    const on = wallEventHandlers(client, reader, owners, value.views);

    await settle(() => on['post.viewed']({ postIds: [posts[0]._id], where: 'company', all: false }));
    expect(marker('Fresh news')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('1 new');
    // The same view announced again (this tab's own answer and the socket) changes nothing more.
    await settle(() => on['post.viewed']({ postIds: [posts[0]._id], where: 'company', all: false }));
    expect(screen.getByRole('status').textContent).toBe('1 new');

    const justIn = makePost({ text: 'Just in', viewed: false });
    await settle(() => on['post.created'](justIn));
    expect(marker('Just in')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('2 new');
    // The reader's own post is not new to them.
    await settle(() => on['post.created'](makePost({ text: 'Mine, just now', author: me })));
    expect(marker('Mine, just now')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('2 new');

    await settle(() => on['post.deleted']({ _id: posts[3]._id }));
    expect(screen.getByRole('status').textContent).toBe('1 new');

    // "Mark all" in another tab reached pages this one never loaded: the count is asked again.
    unseen.mockResolvedValue(0);
    await settle(() => on['post.viewed']({ postIds: [posts[0]._id, justIn._id], where: 'company', all: true }));
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(screen.queryAllByText('New')).toHaveLength(0);
  });
});

describe('a post becomes seen on screen', () => {
  const observers: FakeObserver[] = [];
  class FakeObserver {
    targets = new Set<Element>();
    constructor(readonly callback: IntersectionObserverCallback) {
      observers.push(this);
    }
    observe(target: Element) {
      this.targets.add(target);
    }
    unobserve(target: Element) {
      this.targets.delete(target);
    }
    disconnect() {
      this.targets.clear();
    }
    show(target: Element, ratio: number) {
      const entry = { target, intersectionRatio: ratio, intersectionRect: { height: 0 }, rootBounds: { height: 800 } };
      this.callback([entry as unknown as IntersectionObserverEntry], this as unknown as IntersectionObserver);
    }
  }

  beforeEach(() => {
    observers.length = 0;
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('after a moment half on screen, once: the marker goes and the count follows', async () => {
    const post = makePost({ text: 'Read me', viewed: false });
    const client = makeQueryClient();
    client.setQueryData<FeedState>(wallKeys.feed('company', CLIENT), { items: [post], page: 0, pages: 1, total: 1 });
    client.setQueryData(['wall', 'unseen', 'company'], 1);
    const viewPost = vi.spyOn(api, 'viewPost').mockResolvedValue({ counted: true, post_id: post._id });
    const tracker = createViewTracker(client, ME);
    const element = document.createElement('article');
    tracker.observe(element, post._id, 'company');
    const [observer] = observers;

    // Scrolled past quickly: nothing is sent.
    observer.show(element, 0.6);
    observer.show(element, 0);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(viewPost).not.toHaveBeenCalled();

    observer.show(element, 0.6);
    observer.show(element, 0.9);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(viewPost).toHaveBeenCalledTimes(1);
    expect(viewPost).toHaveBeenCalledWith(post._id, ME, 'company');
    const [seen] = client.getQueryData<FeedState>(wallKeys.feed('company', CLIENT))!.items;
    expect([seen.viewed, seen.viewsCount]).toEqual([true, 1]);
    expect(client.getQueryData(['wall', 'unseen', 'company'])).toBe(0);
    // Its "New" marker stays for this visit, until "Mark all as read".
    expect(tracker.keepsMarker(post._id)).toBe(true);
    tracker.clearMarkers();
    expect(tracker.keepsMarker(post._id)).toBe(false);
    // Seen once: watching it again sends nothing.
    tracker.observe(element, post._id, 'company');
    expect(observer.targets.size).toBe(0);
    tracker.disconnect();
  });
});
