import type { PostDto } from '@hallway/shared';
import { Badge, Button, Group, Paper, Stack } from '@mantine/core';
import { IconClock, IconX } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showError, showSuccess } from '../../ui/toast';
import { cancelScheduled } from './api';
import { removeScheduled } from './cache';
import { PostText } from './PostText';
import { wallQueries } from './queries';
import { useWallTexts } from './texts';
import { fullDate } from './time';

/**
 * The person's own scheduled posts above the feed, soonest first: only they see them until the job publishes them
 * (then `post.created` takes each off this list and puts it on the feed). Each can be cancelled.
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
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const when = post.publishAt ? fullDate(post.publishAt, lang) : '';
  const cancel = async () => {
    setBusy(true);
    try {
      await cancelScheduled(post._id);
      removeScheduled(client, post._id);
      showSuccess(t('scheduled.cancelled'));
    } catch (error) {
      showError(error);
      setBusy(false);
    }
  };
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
        <PostText text={post.text} doc={post.doc} mentions={post.mentions} size="sm" />
      </Stack>
    </Paper>
  );
}
