import type { ChatRoomDto } from '@hallway/shared/chat';
import { ActionIcon, Badge, Box, Group, ScrollArea, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconBellOff, IconMessagePlus, IconSearch, IconUsersPlus } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../app/session/context';
import { LoadMore } from '../../ui/LoadMore';
import { tip } from '../../ui/SharedTooltip';
import { EmptyState, QueryState, SkeletonRows } from '../../ui/States';
import { listTime } from './format';
import { NewDirectModal } from './NewDirectModal';
import { chatQueries } from './queries';
import { RoomAvatar } from './RoomAvatar';
import { RoomForm } from './RoomForm';
import { useChatTexts } from './texts';

/** My conversations, the newest first, with their unread counts and last message; a group or a direct one to start. */
export function RoomList({ current }: { current: string | null }) {
  const { t } = useChatTexts();
  const { client } = useSession();
  const rooms = useInfiniteQuery(chatQueries.rooms(client?._id ?? ''));
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState<'group' | 'direct' | null>(null);
  const all = rooms.data?.pages.flatMap((page) => page.result) ?? [];
  const query = search.trim().toLowerCase();
  const shown = query ? all.filter((room) => room.name.toLowerCase().includes(query)) : all;
  return (
    <>
      <Stack gap="xs" p="sm" pb={4}>
        <Group justify="space-between" wrap="nowrap">
          <Title order={1} size="h3">
            {t('title')}
          </Title>
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="light"
              size="lg"
              aria-label={t('rooms.newDirect')}
              {...tip(t('rooms.newDirect'))}
              onClick={() => setCreating('direct')}
            >
              <IconMessagePlus size={18} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              size="lg"
              aria-label={t('rooms.newGroup')}
              {...tip(t('rooms.newGroup'))}
              onClick={() => setCreating('group')}
            >
              <IconUsersPlus size={18} />
            </ActionIcon>
          </Group>
        </Group>
        <TextInput
          size="sm"
          aria-label={t('rooms.search')}
          placeholder={t('rooms.search')}
          leftSection={<IconSearch size={14} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
      </Stack>
      <ScrollArea style={{ flex: 1 }} type="auto">
        <Box p={6}>
          <QueryState
            query={{ ...rooms, data: rooms.data ? shown : undefined }}
            loading={<SkeletonRows rows={6} label={t('rooms.loading')} />}
            isEmpty={(list) => list.length === 0}
            empty={
              query ? (
                <Text size="sm" c="dimmed" p="sm">
                  {t('rooms.noMatch', { query: search.trim() })}
                </Text>
              ) : (
                <EmptyState title={t('rooms.emptyTitle')} description={t('rooms.emptyText')} />
              )
            }
          >
            {(list) => (
              <Stack gap={2} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {list.map((room) => (
                  <li key={room._id}>
                    <RoomItem room={room} current={room._id === current} />
                  </li>
                ))}
              </Stack>
            )}
          </QueryState>
          {!query && <LoadMore query={rooms} label={t('rooms.more')} />}
        </Box>
      </ScrollArea>
      <RoomForm opened={creating === 'group'} onClose={() => setCreating(null)} />
      <NewDirectModal opened={creating === 'direct'} onClose={() => setCreating(null)} />
    </>
  );
}

function RoomItem({ room, current }: { room: ChatRoomDto; current: boolean }) {
  const { t } = useChatTexts();
  const { user } = useSession();
  const last = room.last_message;
  const mine = !!last && last.senderId === user?._id;
  // Who wrote it, in a group or when it was me ("You: …").
  const author = mine ? t('rooms.you') : room.type === 'group' ? last?.username : '';
  const preview = !last
    ? t('rooms.nothing')
    : last.deleted
      ? t('rooms.deleted')
      : `${author ? `${author}: ` : ''}${last.content || t('rooms.files')}`;
  return (
    <Link
      to={`/chat/${room._id}`}
      className="hw-chat-room"
      aria-current={current ? 'page' : undefined}
      data-testid="chat-room"
      aria-label={room.unread ? `${room.name}, ${t('rooms.unread', { count: room.unread })}` : room.name}
    >
      <RoomAvatar room={room} />
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Group justify="space-between" wrap="nowrap" gap={6}>
          <Text fw={room.unread ? 700 : 600} size="sm" truncate="end">
            {room.name}
          </Text>
          {last && (
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
              {listTime(last.date)}
            </Text>
          )}
        </Group>
        <Group justify="space-between" wrap="nowrap" gap={6}>
          <Text size="xs" c="dimmed" truncate="end" fs={last?.deleted ? 'italic' : undefined}>
            {preview}
          </Text>
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            {room.muted && <IconBellOff size={14} aria-label={t('rooms.muted')} />}
            {room.unread > 0 && (
              <Badge size="sm" circle={room.unread < 10} color={room.muted ? 'gray' : 'red'} aria-hidden>
                {room.unread > 99 ? '99+' : room.unread}
              </Badge>
            )}
          </Group>
        </Group>
      </Box>
    </Link>
  );
}
