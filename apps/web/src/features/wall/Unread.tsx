import { Badge, Box, Button } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { showSuccess } from '../../ui/toast';
import type { FeedKind } from './api';
import { markViewedEverywhere, wallKeys } from './cache';
import { pluralForm } from './congratulate';
import { useWall } from './context';
import { wallMutations } from './queries';
import { useWallTexts } from './texts';
import { markAllSeen, refreshUnseen, unseenQuery, viewFeedOf } from './unseen';

const whereOf = (kind: FeedKind) => viewFeedOf(kind) ?? 'company';

/** "N new" beside the wall's title: the feed's posts the person has not seen yet; nothing when there are none. */
export function NewCount({ kind }: { kind: FeedKind }) {
  const { t, lang } = useWallTexts();
  const { data: count = 0 } = useQuery(unseenQuery(whereOf(kind)));
  if (count <= 0) return null;
  return (
    <Badge variant="light" radius="xl" className="hw-wall-new-count" role="status">
      {t(`feeds.newCount.${pluralForm(lang, count)}`, { count })}
    </Badge>
  );
}

/**
 * "Mark all as read" of the feed (`PUT api/post/all/view`): the markers and the count go at once; the server's answer
 * then marks the posts of pages not loaded yet. A refusal brings the server's state back. Off while nothing is new.
 */
export function MarkAllRead({ kind }: { kind: FeedKind }) {
  const { t } = useWallTexts();
  const client = useQueryClient();
  const { reader, views } = useWall();
  const where = whereOf(kind);
  const unseen = useQuery(unseenQuery(where));
  const marking = useMutation(wallMutations.viewAll());

  const markAll = () => {
    markAllSeen(client, where);
    views.clearMarkers();
    marking.mutate(
      { userId: reader.userId, where },
      {
        onSuccess: (answer) => {
          views.markReported(answer.postIds);
          markViewedEverywhere(client, answer.postIds);
          showSuccess(t('feeds.markedAllRead', { count: answer.postIds.length }));
        },
        onError: () => {
          void client.invalidateQueries({ queryKey: [...wallKeys.feeds, kind] });
          refreshUnseen(client, where);
        },
      },
    );
  };

  return (
    <Button
      variant="subtle"
      color="gray"
      size="sm"
      px="xs"
      leftSection={<IconChecks size={18} />}
      loading={marking.isPending}
      disabled={unseen.isSuccess && unseen.data === 0}
      onClick={markAll}
      aria-label={t('feeds.markAllRead')}
    >
      <Box component="span" visibleFrom="sm">
        {t('feeds.markAllRead')}
      </Box>
    </Button>
  );
}
