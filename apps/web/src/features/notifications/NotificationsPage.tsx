import { NOTIFICATION_SECTIONS, type NotificationSection } from '@hallway/shared';
import { Badge, Button, Group, Paper, SegmentedControl, Stack, Tabs, Title } from '@mantine/core';
import { IconBellOff, IconChecks } from '@tabler/icons-react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../app/session/context';
import { EmptyState, QueryState, SkeletonRows } from '../../ui/States';
import { showError, showSuccess } from '../../ui/toast';
import { NotificationItem } from './NotificationItem';
import { notificationMutations, notificationQueries, type ReadFilter } from './queries';
import { useNotificationsTexts } from './texts';
import { useOpenEntry } from './useOpenEntry';

/** `/notifications`: the centre's sections with their unread counts, a read filter, pages and "mark all read". */
export default function NotificationsPage() {
  const { t } = useNotificationsTexts();
  const { user, client } = useSession();
  const owner = { clientId: client?._id ?? '', userId: user?._id ?? '' };
  const [section, setSection] = useState<NotificationSection>('all');
  const [read, setRead] = useState<ReadFilter>('all');
  const counts = useQuery(notificationQueries.unread(owner));
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
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('title')}
        </Title>
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
      </Group>
      <Tabs value={section} onChange={(v) => v && setSection(v as NotificationSection)} keepMounted={false}>
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
          {NOTIFICATION_SECTIONS.map((code) => {
            const unread = counts.data?.sections[code] ?? 0;
            return (
              <Tabs.Tab
                key={code}
                value={code}
                data-testid={`section-${code}`}
                rightSection={
                  unread > 0 ? (
                    <Badge size="xs" circle={unread < 10} color="red" aria-label={String(unread)}>
                      {unread}
                    </Badge>
                  ) : null
                }
              >
                {t(`sections.${code}`)}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
      </Tabs>
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
              {list.hasNextPage && (
                <Button variant="subtle" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
                  {t('more')}
                </Button>
              )}
            </Stack>
          )}
        </QueryState>
      </Paper>
    </Stack>
  );
}
