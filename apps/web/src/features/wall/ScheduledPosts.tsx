import type { PostDto } from '@hallway/shared';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconClock, IconEdit, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { showError, showSuccess } from '../../ui/toast';
import { PostText } from './PostText';
import { wallMutations, wallQueries } from './queries';
import { useWallTexts } from './texts';
import { fullDate } from './time';

/** Editing comes with the formatting editor's chunk. */
const ScheduledEdit = lazy(() => import('./editor/ScheduledEdit'));

/**
 * The person's own scheduled posts above the feed, soonest first: only they see them until the job publishes them
 * (then `post.created` takes each off this list and puts it on the feed). Each can be edited (text and time),
 * published now or cancelled.
 */
export function ScheduledPosts() {
  const { t } = useWallTexts();
  const query = useQuery(wallQueries.scheduled());
  if (!query.data?.length) return null;
  return (
    <Stack gap="xs" component="section" aria-label={t('scheduled.label')}>
      {query.data.map((post) => (
        <ScheduledPost key={post._id} post={post} />
      ))}
    </Stack>
  );
}

function ScheduledPost({ post }: { post: PostDto }) {
  const { t, lang } = useWallTexts();
  const cancelling = useMutation(wallMutations.cancelScheduled(useQueryClient()));
  const busy = cancelling.isPending;
  const [editing, setEditing] = useState(false);
  const when = post.publishAt ? fullDate(post.publishAt, lang) : '';
  const cancel = () =>
    cancelling.mutate(post._id, { onSuccess: () => showSuccess(t('scheduled.cancelled')), onError: showError });
  return (
    <Paper
      withBorder
      radius="lg"
      p="sm"
      component="article"
      aria-label={t('scheduled.badge', { time: when })}
      style={{ borderStyle: 'dashed' }}
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Badge color="grape" variant="light" leftSection={<IconClock size={12} />} style={{ textTransform: 'none' }}>
            {t('scheduled.badge', { time: when })}
          </Badge>
          <Group gap={4}>
            {!editing && post.can.edit && (
              <Button
                size="compact-sm"
                variant="subtle"
                leftSection={<IconEdit size={14} />}
                onClick={() => setEditing(true)}
              >
                {t('scheduled.edit')}
              </Button>
            )}
            <Button
              size="compact-sm"
              variant="subtle"
              color="gray"
              leftSection={<IconX size={14} />}
              loading={busy}
              onClick={() => void cancel()}
            >
              {t('scheduled.cancel')}
            </Button>
          </Group>
        </Group>
        {editing ? (
          <Suspense
            fallback={
              <Text size="sm" c="dimmed">
                {t('composer.editorLoading')}
              </Text>
            }
          >
            <ScheduledEdit post={post} onDone={() => setEditing(false)} />
          </Suspense>
        ) : (
          <PostText text={post.text} doc={post.doc} mentions={post.mentions} previews size="sm" />
        )}
      </Stack>
    </Paper>
  );
}
