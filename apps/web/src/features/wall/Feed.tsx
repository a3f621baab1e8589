import { Affix, Button, Center, Group, Loader, Paper, Skeleton, Stack, Text, Transition } from '@mantine/core';
import { IconArrowUp, IconNews, IconUsers } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, startTransition, useCallback, useDeferredValue, useEffect, useRef, useState } from 'react';
import { useTransitionQuery } from '../../api/transitionQuery';
import { EmptyState, ErrorState, QueryState } from '../../ui/States';
import { type FeedKind, fetchFeedPage } from './api';
import { wallKeys } from './cache';
import { useWall } from './context';
import { type FeedState, hasMore, mergePage } from './feedState';
import { PostCard } from './PostCard';
import { wallQueries } from './queries';
import { useWallTexts } from './texts';

export const whereOf = (kind: FeedKind) => (kind === 'company' ? 'company' : kind === 'group' ? 'group' : 'user_feed');

/**
 * The first page of a feed, kept in the cache as the flat list later pages and realtime posts merge into. Its answer
 * (prefetched at start-up) often lands while the page's first render is under way: it arrives as a transition.
 */
export function useFeedQuery(kind: FeedKind) {
  const { owners } = useWall();
  return useTransitionQuery(wallQueries.feed(kind, owners[kind]));
}

/** Posts drawn in a feed's first pass: more than a screen on a phone or a desktop. */
export const FIRST_POSTS = 4;

/**
 * A feed's posts, the first few at once and the rest in a background render right after those are on screen: the top
 * of the feed paints without waiting for a whole page of cards (twenty, each with its reactions, menus and
 * pictures), and the others follow in slices React can pause for input. `complete` says the whole list is drawn,
 * so nothing below it (the next page's trigger) acts on the shortened one.
 */
export function useProgressivePosts<T>(items: T[] | undefined): { posts: T[] | undefined; complete: boolean } {
  const [complete, setComplete] = useState(false);
  const started = !!items?.length;
  useEffect(() => {
    if (started && !complete) startTransition(() => setComplete(true));
  }, [started, complete]);
  if (complete || !items || items.length <= FIRST_POSTS) return { posts: items, complete: true };
  return { posts: items.slice(0, FIRST_POSTS), complete: false };
}

/** Loads page N+1 into the list (replacing from (N+1)*20), once at a time. */
function useLoadMore(kind: FeedKind, state: FeedState | undefined) {
  const client = useQueryClient();
  const { owners } = useWall();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const busy = useRef(false);
  const load = useCallback(async () => {
    if (busy.current || !hasMore(state) || !state) return;
    busy.current = true;
    setLoading(true);
    setError(null);
    try {
      const answer = await fetchFeedPage(kind, owners[kind], state.page + 1);
      client.setQueryData<FeedState>(wallKeys.feed(kind, owners[kind]), (current) => mergePage(current, answer));
    } catch (failure) {
      setError(failure);
    } finally {
      busy.current = false;
      setLoading(false);
    }
  }, [client, kind, owners, state]);
  return { load, loading, error };
}

export function PostSkeleton() {
  return (
    <Paper withBorder radius="lg" p="md" aria-hidden>
      <Group gap="sm" mb="md">
        <Skeleton circle height={42} />
        <Stack gap={6} style={{ flex: 1 }}>
          <Skeleton height={10} width="35%" radius="xl" />
          <Skeleton height={8} width="20%" radius="xl" />
        </Stack>
      </Group>
      <Skeleton height={10} radius="xl" mb={8} />
      <Skeleton height={10} radius="xl" mb={8} />
      <Skeleton height={10} width="70%" radius="xl" />
    </Paper>
  );
}

/** Near the window's top (within `offset` px): watched by the browser, with no layout read and no render per scroll. */
function useNearTop(offset: number): boolean {
  const [nearTop, setNearTop] = useState(true);
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    // A transparent strip over the document's first `offset` px is in view exactly while the page is scrolled less.
    const strip = document.createElement('div');
    strip.setAttribute('aria-hidden', 'true');
    strip.style.cssText = `position:absolute;top:0;left:0;width:1px;height:${offset}px;opacity:0;pointer-events:none`;
    document.body.append(strip);
    const observer = new IntersectionObserver(([entry]) => setNearTop(entry.isIntersecting));
    observer.observe(strip);
    return () => {
      observer.disconnect();
      strip.remove();
    };
  }, [offset]);
  return nearTop;
}

/** "New posts: N" while the reader is down the feed and colleagues' posts arrived above; a click goes back up. */
function NewPostsPill({ items }: { items: FeedState['items'] }) {
  const { t } = useWallTexts();
  const atTop = useNearTop(240);
  const [topSeen, setTopSeen] = useState<string | null>(null);
  // Pinned posts head the company feed; new posts arrive below them.
  const unpinned = items.filter((post) => !post.pinned);
  const first = unpinned[0]?._id ?? null;
  useEffect(() => {
    if (atTop || topSeen === null) setTopSeen(first);
  }, [atTop, first, topSeen]);
  const fresh = topSeen
    ? Math.max(
        0,
        unpinned.findIndex((post) => post._id === topSeen),
      )
    : 0;
  return (
    <Affix position={{ top: 72, left: '50%' }} style={{ transform: 'translateX(-50%)' }}>
      <Transition transition="slide-down" mounted={!atTop && fresh > 0}>
        {(styles) => (
          <Button
            style={{ ...styles, boxShadow: 'var(--mantine-shadow-md)' }}
            radius="xl"
            size="sm"
            leftSection={<IconArrowUp size={16} />}
            onClick={() => {
              window.scrollTo({
                top: 0,
                behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth',
              });
              // The pill goes away up there: the keyboard's place moves to the newest post rather than the page's start.
              const newest = first && document.querySelector<HTMLElement>(`[data-post-id="${CSS.escape(first)}"]`);
              if (!newest) return;
              if (!newest.hasAttribute('tabindex')) newest.setAttribute('tabindex', '-1');
              newest.focus({ preventScroll: true });
            }}
          >
            {t('feed.newPosts', { count: fresh })}
          </Button>
        )}
      </Transition>
    </Affix>
  );
}

const EMPTY = {
  company: { title: 'feed.emptyCompanyTitle', text: 'feed.emptyCompanyText' },
  user: { title: 'feed.emptyUserTitle', text: 'feed.emptyUserText' },
  group: { title: 'feed.emptyGroupTitle', text: 'feed.emptyGroupText' },
} as const;

/**
 * A feed with infinite scroll: the next page loads as its end comes near (or by the button, for keyboards). `empty`
 * replaces the standard empty state (the wall's "My feed" explains itself and links where to go).
 */
export function Feed({ kind, empty }: { kind: FeedKind; empty?: ReactNode }) {
  const { t } = useWallTexts();
  const query = useFeedQuery(kind);
  const state = query.data;
  // The posts are drawn in a transition React splits into short slices, not in one long task when the page
  // arrives (the feed's first render was a 150–280 ms task on a throttled phone); the skeleton stays meanwhile.
  const shown = useDeferredValue(state?.items);
  const { posts, complete } = useProgressivePosts(shown);
  const more = useLoadMore(kind, state);
  const sentinel = useRef<HTMLDivElement>(null);
  const canLoad = complete && hasMore(state) && !more.error;
  const { load } = more;

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !canLoad || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries[0]?.isIntersecting && void load(), {
      rootMargin: '800px 0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [canLoad, load]);

  const skeleton = (
    <Stack gap="md" role="status" aria-label={t('feed.loading')} aria-busy>
      <PostSkeleton />
      <PostSkeleton />
      <PostSkeleton />
    </Stack>
  );
  if (!posts?.length && state?.items.length) return skeleton;
  if (!state?.items.length || !posts?.length) {
    return (
      <QueryState
        query={query}
        loading={skeleton}
        isEmpty={() => true}
        empty={
          empty ?? (
            <Paper withBorder radius="lg" p="lg">
              <EmptyState
                icon={kind === 'company' ? <IconNews size={28} stroke={1.5} /> : <IconUsers size={28} stroke={1.5} />}
                title={t(EMPTY[kind].title)}
                description={t(EMPTY[kind].text)}
              />
            </Paper>
          )
        }
      >
        {() => null}
      </QueryState>
    );
  }

  const where = whereOf(kind);
  return (
    <Stack gap="md" component="section" aria-label={t('feed.label')} data-testid={`feed-${kind}`}>
      <NewPostsPill items={shown ?? posts} />
      {posts.map((post) => (
        <PostCard key={post._id} post={post} where={where} />
      ))}
      <div ref={sentinel} />
      {more.loading && (
        <Center py="md" role="status" aria-label={t('feed.loadingMore')}>
          <Loader size="sm" />
        </Center>
      )}
      {more.error != null && <ErrorState error={more.error} onRetry={() => void load()} />}
      {canLoad && !more.loading && (
        <Center>
          <Button variant="subtle" onClick={() => void load()}>
            {t('feed.loadMore')}
          </Button>
        </Center>
      )}
      {complete && !hasMore(state) && (
        <Text ta="center" size="xs" c="dimmed" py="sm">
          {t('feed.end')}
        </Text>
      )}
    </Stack>
  );
}
