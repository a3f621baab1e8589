import type { PostDto } from '@hallway/shared';
import { Button, Group, Loader, Modal, Paper, Progress, Stack, Tabs, Text } from '@mantine/core';
import { IconBellRinging, IconChecks, IconClipboardList, IconEyeCheck, IconFileSpreadsheet } from '@tabler/icons-react';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Avatar } from '../../ui/Avatar';
import { LoadMore } from '../../ui/LoadMore';
import { QueryState } from '../../ui/States';
import { showError, showSuccess } from '../../ui/toast';
import { downloadReadReport, type ReadStatus } from './api';
import { useWall } from './context';
import { wallMutations, wallQueries } from './queries';
import { useWallTexts } from './texts';
import { TimeAgo } from './time';

type MustReadPost = Pick<PostDto, '_id' | 'acknowledged' | 'acknowledgedCount' | 'can'>;

/** The must-read strip: the reader confirms; those the post's `can.readReport` allows open the read report. */
export function MustReadBar({ post }: { post: MustReadPost }) {
  const { t } = useWallTexts();
  const { actions } = useWall();
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState(false);
  const acknowledge = async () => {
    setBusy(true);
    await actions.acknowledge(post._id);
    setBusy(false);
  };
  return (
    <Paper radius="md" px="sm" py={6} bg="var(--mantine-color-orange-light)">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs">
          {post.acknowledged ? (
            <Text size="sm" c="teal" fw={500} style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
              <IconChecks size={16} />
              {t('mustRead.acknowledged')}
            </Text>
          ) : (
            <Button
              size="compact-sm"
              color="orange"
              radius="xl"
              leftSection={<IconEyeCheck size={16} />}
              loading={busy}
              onClick={() => void acknowledge()}
            >
              {t('mustRead.acknowledge')}
            </Button>
          )}
          <Text size="xs" c="dimmed">
            {t('mustRead.confirmed', { count: post.acknowledgedCount })}
          </Text>
        </Group>
        {post.can.readReport && (
          <Button
            size="compact-sm"
            variant="subtle"
            color="orange"
            leftSection={<IconClipboardList size={16} />}
            onClick={() => setReport(true)}
          >
            {t('mustRead.report')}
          </Button>
        )}
      </Group>
      {report && <ReadReportModal postId={post._id} onClose={() => setReport(false)} />}
    </Paper>
  );
}

/** Remind those who have not confirmed (once an hour; the server's refusal is shown), download the report as xlsx. */
function ReportActions({ postId, pending }: { postId: string; pending: number | undefined }) {
  const { t } = useWallTexts();
  const reminding = useMutation(wallMutations.remindPending());
  const [exporting, setExporting] = useState(false);
  const remind = () =>
    reminding.mutate(postId, { onSuccess: ({ reminded }) => showSuccess(t('mustRead.reminded', { count: reminded })) });
  const download = async () => {
    setExporting(true);
    try {
      await downloadReadReport(postId);
    } catch (error) {
      showError(error);
    } finally {
      setExporting(false);
    }
  };
  return (
    <Group gap="xs" wrap="wrap">
      <Button
        size="compact-sm"
        variant="light"
        color="orange"
        leftSection={<IconBellRinging size={16} />}
        loading={reminding.isPending}
        disabled={pending === 0}
        onClick={remind}
      >
        {t('mustRead.remind')}
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        leftSection={<IconFileSpreadsheet size={16} />}
        loading={exporting}
        onClick={() => void download()}
      >
        {t('mustRead.export')}
      </Button>
    </Group>
  );
}

function ReadReportModal({ postId, onClose }: { postId: string; onClose: () => void }) {
  const { t } = useWallTexts();
  const [status, setStatus] = useState<ReadStatus>('pending');
  const query = useInfiniteQuery(wallQueries.readReport(postId, status));
  const counts = query.data?.pages[0]?.counts;
  const entries = query.data?.pages.flatMap((page) => page.result) ?? [];
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('mustRead.reportTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('attachments.close') }}
    >
      <Stack gap="sm">
        {counts && (
          <Stack gap={4}>
            <Text size="sm">{t('mustRead.progress', { done: counts.acknowledged, total: counts.audience })}</Text>
            <Progress
              value={counts.audience ? (counts.acknowledged / counts.audience) * 100 : 0}
              color="teal"
              aria-label={t('mustRead.progress', { done: counts.acknowledged, total: counts.audience })}
            />
          </Stack>
        )}
        <ReportActions postId={postId} pending={counts?.pending} />
        <Tabs value={status} onChange={(value) => value && setStatus(value as ReadStatus)}>
          <Tabs.List grow>
            <Tabs.Tab value="pending">{t('mustRead.pending', { count: counts?.pending ?? '…' })}</Tabs.Tab>
            <Tabs.Tab value="acknowledged">{t('mustRead.done', { count: counts?.acknowledged ?? '…' })}</Tabs.Tab>
          </Tabs.List>
        </Tabs>
        <QueryState
          query={query}
          compactError
          loading={<Loader size="sm" mx="auto" />}
          isEmpty={() => entries.length === 0}
          empty={
            <Text size="sm" c="dimmed" ta="center" py="md">
              {status === 'pending' ? t('mustRead.nobodyPending') : t('mustRead.nobodyDone')}
            </Text>
          }
        >
          {() => null}
        </QueryState>
        <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {entries.map((entry) => (
            <Group key={entry.user._id} gap="sm" wrap="nowrap" component="li">
              <Avatar person={entry.user} size={28} />
              <div style={{ minWidth: 0, flex: 1 }}>
                <Text size="sm" truncate="end">
                  {entry.user.name}
                </Text>
                {entry.user.position && (
                  <Text size="xs" c="dimmed" truncate="end">
                    {entry.user.position}
                  </Text>
                )}
              </div>
              {entry.time && <TimeAgo iso={entry.time} />}
            </Group>
          ))}
        </Stack>
        <LoadMore query={query} label={t('mustRead.more')} size="compact-sm" />
      </Stack>
    </Modal>
  );
}
