import { isUuid } from '@hallway/shared';
import { Button, Stack } from '@mantine/core';
import { IconArrowLeft, IconFileOff } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../api/client';
import { useSession } from '../../app/session/context';
import { EmptyState, QueryState } from '../../ui/States';
import { usePostThread } from './Comments';
import { WallProvider } from './context';
import { PostSkeleton } from './Feed';
import { PostCard } from './PostCard';
import { useWallTexts } from './texts';
import './wall.css';

/** /post/:_id: one post with its comments, the page a shared link opens (spec portal §2). */
export default function PostPage() {
  const { client } = useSession();
  if (!client) return null;
  return (
    <WallProvider>
      <SinglePost />
    </WallProvider>
  );
}

function SinglePost() {
  const { t } = useWallTexts();
  const { _id: id = '' } = useParams();
  const valid = isUuid(id);
  const query = usePostThread(id.toLowerCase(), valid);
  const back = (
    <Button
      component={Link}
      to="/company"
      variant="subtle"
      leftSection={<IconArrowLeft size={16} />}
      w="fit-content"
      px="xs"
    >
      {t('single.back')}
    </Button>
  );
  const gone = !valid || query.data === null || (isApiError(query.error) && [400, 404].includes(query.error.status));
  const content = gone ? (
    <EmptyState icon={<IconFileOff size={28} stroke={1.5} />} title={t('single.notFound')} />
  ) : (
    <QueryState query={query} loading={<PostSkeleton />}>
      {(post) => post && <PostCard post={post} where="post" single />}
    </QueryState>
  );
  return (
    <Stack gap="md" maw={760} mx="auto" w="100%">
      {back}
      {content}
    </Stack>
  );
}
