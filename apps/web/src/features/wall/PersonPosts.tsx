import type { FeedPage, UserDto } from '@hallway/shared';
import { Button, Center, Stack } from '@mantine/core';
import { IconNews } from '@tabler/icons-react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { api } from '../../api/client';
import { EmptyState, ErrorState, QueryState } from '../../ui/States';
import { WallProvider } from './context';
import { PostSkeleton, useProgressivePosts } from './Feed';
import { type FeedState, hasMore, mergePage } from './feedState';
import { PostCard } from './PostCard';
import { useWallTexts } from './texts';

/** `GET api/post/user/{id}?page=N`: the posts the person wrote that the reader may read. */
const fetchAuthorPage = (id: string, page: number, signal?: AbortSignal) =>
  api<FeedPage>(`/api/post/user/${id}`, { query: { page }, signal, local: true });

/**
 * Kept under the wall's feeds key (`['wall', 'feed', …]`), so a reaction, a comment, an edit or a removal made on a
 * card here (or live, elsewhere) patches this list like any other feed.
 */
export const authorFeed = (id: string) =>
  queryOptions({
    queryKey: ['wall', 'feed', 'author', id] as const,
    queryFn: async ({ signal }) => mergePage(undefined, await fetchAuthorPage(id, 0, signal)),
    staleTime: 60_000,
  });

/** The person's posts on their profile, drawn by the wall's own cards. */
export function PersonPosts({ person }: { person: Pick<UserDto, '_id'> }) {
  return (
    <WallProvider>
      <AuthorFeed userId={person._id} />
    </WallProvider>
  );
}

function AuthorFeed({ userId }: { userId: string }) {
  const { t } = useWallTexts();
  const client = useQueryClient();
  const options = authorFeed(userId);
  const query = useQuery(options);
  const [more, setMore] = useState<{ loading: boolean; error: unknown }>({ loading: false, error: null });
  const state = query.data;
  // As on the wall: the cards render in the background when the page arrives, the first few before the rest.
  const { posts, complete } = useProgressivePosts(useDeferredValue(state?.items));

  const loadMore = async () => {
    if (!state || more.loading) return;
    setMore({ loading: true, error: null });
    try {
      const answer = await fetchAuthorPage(userId, state.page + 1);
      client.setQueryData<FeedState>(options.queryKey, (current) => mergePage(current, answer));
      setMore({ loading: false, error: null });
    } catch (error) {
      setMore({ loading: false, error });
    }
  };

  const skeleton = (
    <Stack gap="md" role="status" aria-label={t('feed.loading')} aria-busy>
      <PostSkeleton />
      <PostSkeleton />
    </Stack>
  );
  // Until the cards' background render has the posts, the skeleton stays.
  if (state?.items.length && !posts?.length) return skeleton;
  return (
    <QueryState
      query={query}
      loading={skeleton}
      isEmpty={(data) => data.items.length === 0}
      empty={<EmptyState icon={<IconNews size={28} stroke={1.5} />} title={t('person.noPosts')} />}
    >
      {(data) => (
        <Stack gap="md" component="section" aria-label={t('person.posts')} data-testid="profile-posts">
          {(posts ?? data.items).map((post) => (
            <PostCard key={post._id} post={post} where="profile" />
          ))}
          {more.error != null && <ErrorState error={more.error} onRetry={() => void loadMore()} />}
          {complete && hasMore(data) && (
            <Center>
              <Button variant="subtle" loading={more.loading} onClick={() => void loadMore()}>
                {t('feed.loadMore')}
              </Button>
            </Center>
          )}
        </Stack>
      )}
    </QueryState>
  );
}
