import type { ChatRoomDto } from '@hallway/shared/chat';
import { ActionIcon, Box, Button, Group, Loader, Menu, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useDocumentVisibility } from '@mantine/hooks';
import {
  IconArrowDown,
  IconArrowLeft,
  IconBell,
  IconBellOff,
  IconDoorExit,
  IconDots,
  IconPencil,
  IconSearch,
  IconTrash,
  IconUsers,
  IconX,
} from '@tabler/icons-react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../api/client';
import { useSession } from '../../app/session/context';
import { formatDayTime } from '../../i18n/dates';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmptyState, ErrorState, QueryState, SkeletonRows } from '../../ui/States';
import { showError, showSuccess } from '../../ui/toast';
import { Composer } from './Composer';
import { chronological, firstUnread, type ShownMsg } from './cache';
import { dayLabel, rowsOf } from './format';
import { MembersDrawer } from './MembersDrawer';
import { MessageItem, type MsgActions } from './MessageItem';
import { chatMutations, chatQueries, discardPending } from './queries';
import { RoomAvatar } from './RoomAvatar';
import { RoomForm } from './RoomForm';
import { useChatRoom, useRoomChanges } from './realtime';
import { useChatTexts } from './texts';

/** Someone's "typing…" lasts this long after their last sign. */
const TYPING_SHOWN_MS = 5000;
/** Within this distance of the newest message, the history counts as read to the end. */
const NEAR_BOTTOM_PX = 48;

/** An open conversation: its header and tools, the history loading upward, who is typing, and the box to write. */
export function Conversation({ roomId }: { roomId: string }) {
  const { t } = useChatTexts();
  const navigate = useNavigate();
  const room = useQuery(chatQueries.room(roomId));
  useRoomChanges((event) => {
    if (event.room !== roomId || event.change !== 'deleted') return;
    showSuccess(t('room.deleted'));
    navigate('/chat');
  });
  if (room.isError) {
    const gone = isApiError(room.error) && (room.error.status === 404 || room.error.status === 400);
    return gone ? (
      <Box p="xl">
        <BackLink />
        <EmptyState title={t('room.gone')} />
      </Box>
    ) : (
      <ErrorState error={room.error} onRetry={() => void room.refetch()} />
    );
  }
  if (!room.data) {
    return (
      <Box p="md">
        <SkeletonRows rows={6} label={t('room.loading')} />
      </Box>
    );
  }
  return <Room room={room.data} />;
}

function BackLink() {
  const { t } = useChatTexts();
  return (
    <ActionIcon
      component={Link}
      to="/chat"
      variant="subtle"
      color="gray"
      className="hw-chat-back"
      aria-label={t('room.back')}
    >
      <IconArrowLeft size={18} />
    </ActionIcon>
  );
}

function Room({ room }: { room: ChatRoomDto }) {
  const { user } = useSession();
  const me = user?._id ?? '';
  const [searching, setSearching] = useState(false);
  const [typing, setTyping] = useState<Record<string, number>>({});
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const onTyping = useCallback(
    (roomId: string, person: string, on: boolean) => {
      if (roomId !== room._id) return;
      clearTimeout(timers.current.get(person));
      timers.current.delete(person);
      if (!on) return setTyping(({ [person]: _gone, ...rest }) => rest);
      setTyping((now) => ({ ...now, [person]: Date.now() }));
      timers.current.set(
        person,
        setTimeout(() => {
          timers.current.delete(person);
          setTyping(({ [person]: _gone, ...rest }) => rest);
        }, TYPING_SHOWN_MS),
      );
    },
    [room._id],
  );
  useEffect(() => {
    const running = timers.current;
    return () => {
      for (const timer of running.values()) clearTimeout(timer);
    };
  }, []);
  const live = useChatRoom(room._id, onTyping);
  const typingNames = Object.keys(typing)
    .map((id) => room.members.find((member) => member._id === id)?.name)
    .filter((name): name is string => !!name);
  return (
    <>
      <RoomHeader room={room} searching={searching} onSearch={setSearching} />
      {searching ? (
        <SearchResults room={room} />
      ) : (
        <History room={room} me={me} typingNames={typingNames} live={live} />
      )}
    </>
  );
}

function RoomHeader({
  room,
  searching,
  onSearch,
}: {
  room: ChatRoomDto;
  searching: boolean;
  onSearch: (on: boolean) => void;
}) {
  const { t } = useChatTexts();
  const { user } = useSession();
  const client = useQueryClient();
  const navigate = useNavigate();
  const mute = useMutation({ ...chatMutations.mute(client), onError: showError });
  const leave = useMutation(chatMutations.removeMember(client));
  const remove = useMutation(chatMutations.deleteRoom(client));
  const [open, setOpen] = useState<'members' | 'edit' | 'leave' | 'delete' | null>(null);
  const subtitle = room.type === 'direct' ? t('rooms.direct') : t('rooms.members', { count: room.members.length });
  return (
    <Group
      px="md"
      py="xs"
      justify="space-between"
      wrap="nowrap"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <BackLink />
        <RoomAvatar room={room} size={36} />
        <Box style={{ minWidth: 0 }}>
          <Title order={2} size="h5" lineClamp={1} data-testid="chat-room-name">
            {room.name}
          </Title>
          <Text size="xs" c="dimmed">
            {subtitle}
          </Text>
        </Box>
      </Group>
      <Group gap={4} wrap="nowrap">
        <ActionIcon
          variant={searching ? 'light' : 'subtle'}
          color="gray"
          size="lg"
          aria-label={searching ? t('room.searchClose') : t('room.search')}
          aria-pressed={searching}
          onClick={() => onSearch(!searching)}
        >
          {searching ? <IconX size={18} /> : <IconSearch size={18} />}
        </ActionIcon>
        <Menu position="bottom-end" shadow="md" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('room.actions')}>
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {room.type === 'group' && (
              <Menu.Item leftSection={<IconUsers size={16} />} onClick={() => setOpen('members')}>
                {t('room.members')}
              </Menu.Item>
            )}
            {room.can.edit && (
              <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => setOpen('edit')}>
                {t('room.rename')}
              </Menu.Item>
            )}
            <Menu.Item
              leftSection={room.muted ? <IconBell size={16} /> : <IconBellOff size={16} />}
              onClick={() => mute.mutate({ roomId: room._id, muted: !room.muted })}
            >
              {room.muted ? t('room.unmute') : t('room.mute')}
            </Menu.Item>
            {room.can.leave && (
              <Menu.Item leftSection={<IconDoorExit size={16} />} onClick={() => setOpen('leave')}>
                {t('room.leave')}
              </Menu.Item>
            )}
            {room.can.delete && (
              <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => setOpen('delete')}>
                {t('room.delete')}
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      </Group>
      <MembersDrawer room={room} opened={open === 'members'} onClose={() => setOpen(null)} />
      <RoomForm room={room} opened={open === 'edit'} onClose={() => setOpen(null)} />
      <ConfirmDialog
        opened={open === 'leave'}
        title={t('room.leave')}
        message={t('room.leaveConfirm', { name: room.name })}
        danger
        onConfirm={async () => {
          await leave.mutateAsync({ roomId: room._id, userId: user?._id ?? '' });
          navigate('/chat');
        }}
        onClose={() => setOpen(null)}
      />
      <ConfirmDialog
        opened={open === 'delete'}
        title={t('room.delete')}
        message={t('room.deleteConfirm', { name: room.name })}
        danger
        onConfirm={async () => {
          await remove.mutateAsync(room._id);
          navigate('/chat');
        }}
        onClose={() => setOpen(null)}
      />
    </Group>
  );
}

function History({
  room,
  me,
  typingNames,
  live,
}: {
  room: ChatRoomDto;
  me: string;
  typingNames: string[];
  /** The room's channel is joined: new messages arrive live. */
  live: boolean;
}) {
  const { t } = useChatTexts();
  const client = useQueryClient();
  const history = useInfiniteQuery(chatQueries.history(room._id));
  const send = useMutation(chatMutations.send(client));
  const react = useMutation({ ...chatMutations.react(client), onError: showError });
  const remove = useMutation(chatMutations.remove(client));
  const read = useMutation(chatMutations.read(client));
  const [replyTo, setReplyTo] = useState<ShownMsg | null>(null);
  const [editing, setEditing] = useState<ShownMsg | null>(null);
  const [deleting, setDeleting] = useState<ShownMsg | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const top = useRef<HTMLDivElement>(null);
  const [atBottom, setAtBottom] = useState(true);
  const visible = useDocumentVisibility() === 'visible';
  const msgs = useMemo(() => chronological(history.data), [history.data]);
  const rows = useMemo(() => rowsOf(msgs), [msgs]);
  const members = useMemo(() => new Map(room.members.map((member) => [member._id, member])), [room.members]);
  // The "new messages" line stays where it was when the conversation opened.
  const [unreadFrom, setUnreadFrom] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    if (unreadFrom === undefined && history.data) setUnreadFrom(firstUnread(msgs, me, room.unread));
  }, [unreadFrom, history.data, msgs, me, room.unread]);

  // Read to the end while the tab is in view: the read marker moves to the newest message.
  const newest = [...msgs].reverse().find((msg) => !msg.status);
  const marked = useRef(0);
  const readMutate = read.mutate;
  useEffect(() => {
    if (!newest || !visible || !atBottom || newest.cursor <= marked.current) return;
    if (newest.senderId === me && room.unread === 0) {
      marked.current = newest.cursor;
      return;
    }
    marked.current = newest.cursor;
    readMutate({ roomId: room._id, msg: newest._id });
  }, [newest, visible, atBottom, me, room._id, room.unread, readMutate]);

  // Older pages load as the top of the history comes into view (or with the button, from the keyboard).
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = history;
  useEffect(() => {
    const target = top.current;
    if (!target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting && hasNextPage && !isFetchingNextPage) void fetchNextPage();
      },
      { root: scroller.current, rootMargin: '200px 0px 0px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const toBottom = () => {
    if (scroller.current) scroller.current.scrollTop = 0;
  };
  const lastOwn = [...msgs].reverse().find((msg) => msg.senderId === me && msg.can.edit) ?? null;

  const actions: MsgActions = useMemo(
    () => ({
      reply: (msg) => {
        setEditing(null);
        setReplyTo(msg);
      },
      edit: (msg) => {
        setReplyTo(null);
        setEditing(msg);
      },
      remove: (msg) => setDeleting(msg),
      react: (msg, emoji) => react.mutate({ id: msg._id, emoji }),
      retry: (msg) =>
        send.mutate({
          body: {
            roomId: msg.roomId,
            msg: msg.content,
            files: msg.files.map((file) => file._id),
            reply_to: msg.reply_to?._id ?? null,
            mentions: msg.mentions,
            local_id: msg.local_id ?? '',
          },
          pending: msg,
        }),
      discard: (msg) => msg.local_id && discardPending(client, msg.roomId, msg.local_id),
    }),
    [react.mutate, send.mutate, client],
  );

  return (
    <>
      <Box
        ref={scroller}
        className="hw-chat-scroll"
        onScroll={(event) => setAtBottom(event.currentTarget.scrollTop > -NEAR_BOTTOM_PX)}
        data-testid="chat-history"
        data-live={live || undefined}
        tabIndex={0}
        role="log"
        aria-label={t('room.history')}
        aria-busy={history.isPending || isFetchingNextPage}
      >
        <Box>
          <div ref={top} />
          <QueryState
            query={{ ...history, data: history.data ? rows : undefined }}
            loading={<SkeletonRows rows={6} label={t('room.loading')} />}
            isEmpty={(list) => list.length === 0}
            empty={<EmptyState title={t('room.emptyTitle')} description={t('room.emptyText')} />}
          >
            {(list) => (
              <>
                {hasNextPage && (
                  <Group justify="center" py="xs">
                    <Button
                      variant="subtle"
                      size="xs"
                      loading={isFetchingNextPage}
                      onClick={() => void fetchNextPage()}
                    >
                      {t('room.earlier')}
                    </Button>
                  </Group>
                )}
                {list.map((row) => (
                  <Fragment key={row.msg.local_id && row.msg.senderId === me ? row.msg.local_id : row.msg._id}>
                    {row.day && (
                      <Text className="hw-chat-divider" size="xs" c="dimmed" fw={600} role="separator">
                        {dayLabel(row.msg.date, { today: t('room.today'), yesterday: t('room.yesterday') })}
                      </Text>
                    )}
                    {row.msg._id === unreadFrom && (
                      <Text className="hw-chat-divider" data-new="true" size="xs" c="red" fw={700} role="separator">
                        {t('room.newMessages')}
                      </Text>
                    )}
                    <MessageItem
                      msg={row.msg}
                      head={row.head || row.msg._id === unreadFrom}
                      mine={row.msg.senderId === me}
                      members={members}
                      actions={actions}
                    />
                  </Fragment>
                ))}
              </>
            )}
          </QueryState>
        </Box>
      </Box>
      <Box pos="relative">
        {!atBottom && (
          <Button
            size="compact-sm"
            radius="xl"
            variant="default"
            leftSection={<IconArrowDown size={14} />}
            onClick={toBottom}
            pos="absolute"
            style={{ bottom: 8, right: 16, zIndex: 2 }}
          >
            {t('room.toLatest')}
          </Button>
        )}
      </Box>
      <Text size="xs" c="dimmed" px="md" h={18} aria-live="polite" data-testid="chat-typing">
        {typingNames.length === 1
          ? t('room.typingOne', { name: typingNames[0] })
          : typingNames.length > 1
            ? t('room.typingMany', { count: typingNames.length })
            : ''}
      </Text>
      <Composer
        room={room}
        replyTo={replyTo}
        editing={editing}
        lastOwn={lastOwn}
        onReply={setReplyTo}
        onEdit={setEditing}
        onSent={toBottom}
      />
      <ConfirmDialog
        opened={!!deleting}
        title={t('msg.delete')}
        message={t('msg.deleteConfirm')}
        danger
        onConfirm={() => deleting && remove.mutateAsync({ id: deleting._id, roomId: deleting.roomId })}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}

function SearchResults({ room }: { room: ChatRoomDto }) {
  const { t } = useChatTexts();
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q.trim(), 300);
  const found = useInfiniteQuery(chatQueries.search(room._id, debounced));
  const results = found.data?.pages.flatMap((page) => page.result);
  return (
    <Stack gap="xs" p="md" style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
      <TextInput
        aria-label={t('room.search')}
        placeholder={t('room.searchPlaceholder')}
        leftSection={<IconSearch size={14} />}
        value={q}
        onChange={(event) => setQ(event.currentTarget.value)}
        rightSection={found.isFetching ? <Loader size="xs" /> : null}
        data-autofocus
        autoFocus
      />
      {debounced && (
        <QueryState
          query={{ ...found, data: results }}
          loading={<SkeletonRows rows={3} />}
          isEmpty={(list) => list.length === 0}
          empty={
            <Text size="sm" c="dimmed">
              {t('room.searchEmpty')}
            </Text>
          }
        >
          {(list) => (
            <Stack
              gap="xs"
              component="ul"
              aria-label={t('room.searchResults')}
              style={{ listStyle: 'none', margin: 0, padding: 0 }}
            >
              {list.map((msg) => (
                <Box
                  component="li"
                  key={msg._id}
                  p="xs"
                  style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
                >
                  <Group gap={8} wrap="nowrap">
                    <Text size="sm" fw={600}>
                      {msg.username}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatDayTime(msg.date)}
                    </Text>
                  </Group>
                  <Text size="sm" className="hw-chat-text">
                    {msg.content}
                  </Text>
                </Box>
              ))}
            </Stack>
          )}
        </QueryState>
      )}
      {found.hasNextPage && (
        <Button
          variant="subtle"
          size="xs"
          loading={found.isFetchingNextPage}
          onClick={() => void found.fetchNextPage()}
        >
          {t('room.earlier')}
        </Button>
      )}
    </Stack>
  );
}
