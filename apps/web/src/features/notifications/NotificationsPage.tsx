import type { NotificationSection } from '@hallway/shared';
import { Button, Paper, SegmentedControl, Stack } from '@mantine/core';
import { IconBellOff, IconChecks } from '@tabler/icons-react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../app/session/context';
import { LoadMore } from '../../ui/LoadMore';
import { PageHeader } from '../../ui/PageHeader';
import { EmptyState, QueryState, SkeletonRows } from '../../ui/States';
import { showError, showSuccess } from '../../ui/toast';
import { NotificationItem } from './NotificationItem';
import { notificationMutations, notificationQueries, type ReadFilter } from './queries';
import { SectionTabs, shownSections } from './SectionTabs';
import { useNotificationsTexts } from './texts';
import { useOpenEntry } from './useOpenEntry';

/** `/notifications`: the centre's sections with their unread counts, a read filter, pages and "mark all read". */
export default function NotificationsPage() {
  const { t } = useNotificationsTexts();
  const { user, client } = useSession();
  const owner = { clientId: client?._id ?? '', userId: user?._id ?? '' };
  const [chosen, setSection] = useState<NotificationSection>('all');
  const [read, setRead] = useState<ReadFilter>('all');
  const counts = useQuery(notificationQueries.unread(owner));
  const sections = shownSections(counts.data);
  // A section whose module was switched off meanwhile is no longer a tab: its entries stay under "All".
  const section = sections.includes(chosen) ? chosen : 'all';
  const list = useInfiniteQuery(notificationQueries.section(owner, section, read));
  const queryClient = useQueryClient();
  const markAll = useMutation({
    ...notificationMutations.markAllRead(queryClient, owner.userId),
    onError: showError,
  });
  const open = useOpenEntry(owner.userId);
  const entries = list.data?.pages.flatMap((page) => page.result);
  const unreadHere = counts.data?.sections[section] ?? 0;
  return (
    <Stack maw={820} mx="auto" w="100%" gap="md">
      <PageHeader
        title={t('title')}
        actions={
          <Button
            variant="light"
            leftSection={<IconChecks size={18} />}
            disabled={unreadHere === 0}
            loading={markAll.isPending}
            onClick={() =>
              markAll.mutate(section, {
                onSuccess: (answer) => showSuccess(t('markedAllRead', { count: answer.result.updated })),
              })
            }
          >
            {t('markAllRead')}
          </Button>
        }
      />
      <SectionTabs sections={sections} counts={counts.data?.sections} value={section} onChange={setSection} />
      <SegmentedControl
        aria-label={t('filter')}
        value={read}
        onChange={(v) => setRead(v as ReadFilter)}
        data={[
          { value: 'all', label: t('filterAll') },
          { value: '0', label: t('filterUnread') },
          { value: '1', label: t('filterRead') },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      <Paper withBorder p="xs" radius="md">
        <QueryState
          query={{ ...list, data: entries }}
          loading={<SkeletonRows rows={5} height={56} />}
          isEmpty={(items) => items.length === 0}
          empty={<EmptyState icon={<IconBellOff size={32} />} title={t('empty')} description={t('emptyText')} />}
        >
          {(items) => (
            <Stack gap={4} data-testid="notification-list">
              {items.map((entry) => (
                <NotificationItem key={entry._id} entry={entry} onOpen={open} />
              ))}
              <LoadMore query={list} label={t('more')} />
            </Stack>
          )}
        </QueryState>
      </Paper>
    </Stack>
  );
}
