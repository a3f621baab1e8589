import { ActionIcon, Anchor, Box, Divider, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBell } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useSession } from '../../app/session/context';
import { CountIndicator } from '../../ui/CountIndicator';
import { QueryState, SkeletonRows } from '../../ui/States';
import { NotificationItem } from './NotificationItem';
import { notificationQueries } from './queries';
import { useNotificationsRealtime } from './realtime';
import { useNotificationsTexts } from './texts';
import { useOpenEntry } from './useOpenEntry';

const LATEST = 6;

/** The bell in the header: the unread count, live over the socket, and the latest entries in a dropdown. */
export function NotificationBell() {
  const { user, client, hasFeature, socket } = useSession();
  const owner = { clientId: client?._id ?? '', userId: user?._id ?? '' };
  const enabled =
    !!owner.clientId && !!owner.userId && user?.client_id === owner.clientId && hasFeature('notifications');
  useNotificationsRealtime(enabled ? socket : null, owner.userId);
  if (!enabled) return null;
  // The header spreads its groups apart; the automatic margin keeps the bell next to the person's menu.
  return (
    <Box ml="auto">
      <Bell owner={owner} />
    </Box>
  );
}

function Bell({ owner }: { owner: { clientId: string; userId: string } }) {
  const { t } = useNotificationsTexts();
  const [opened, { toggle, close }] = useDisclosure(false);
  const counts = useQuery(notificationQueries.unread(owner));
  const count = counts.data?.count ?? 0;
  const latest = useInfiniteQuery({ ...notificationQueries.section(owner, 'all', 'all'), enabled: opened });
  const open = useOpenEntry(owner.userId, close);
  return (
    <Popover opened={opened} onChange={(o) => !o && close()} position="bottom-end" width={360} shadow="md">
      {/* The target is the button itself: Popover gives its target aria-haspopup/expanded/controls, which a div may not carry. */}
      <CountIndicator count={count} testId="bell-count">
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={toggle}
            aria-label={count ? t('bellUnread', { count }) : t('bell')}
            data-testid="notification-bell"
          >
            <IconBell size={22} />
          </ActionIcon>
        </Popover.Target>
      </CountIndicator>
      <Popover.Dropdown p="xs">
        <Text fw={600} size="sm" px="xs" pb="xs">
          {t('latest')}
        </Text>
        <QueryState
          query={{ ...latest, data: latest.data?.pages[0]?.result }}
          loading={<SkeletonRows rows={3} />}
          compactError
          isEmpty={(entries) => entries.length === 0}
          empty={
            <Text size="sm" c="dimmed" p="xs">
              {t('empty')}
            </Text>
          }
        >
          {(entries) => (
            <ScrollArea.Autosize mah={400}>
              <Stack gap={4}>
                {entries.slice(0, LATEST).map((entry) => (
                  <NotificationItem key={entry._id} entry={entry} onOpen={open} compact />
                ))}
              </Stack>
            </ScrollArea.Autosize>
          )}
        </QueryState>
        <Divider my="xs" />
        <Anchor component={Link} to="/notifications" size="sm" onClick={close} px="xs">
          {t('showAll')}
        </Anchor>
      </Popover.Dropdown>
    </Popover>
  );
}
