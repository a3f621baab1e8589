import type { ChatRoomDto } from '@hallway/shared/chat';
import { ActionIcon, Box, Button, Group, Paper, Popover, Text, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconCheck, IconChecks, IconMoodSmile, IconPencil, IconTrash } from '@tabler/icons-react';
import { memo, useState } from 'react';
import { formatDayTime, formatTime } from '../../i18n/dates';
import { Avatar } from '../../ui/Avatar';
import { tip } from '../../ui/SharedTooltip';
import { Attachments } from '../wall';
import type { ShownMsg } from './cache';
import { mentionParts } from './format';
import { useChatTexts } from './texts';

/** The quick reactions offered on a message. */
export const QUICK_EMOJI = ['👍', '❤️', '😂', '🎉', '😮', '😢', '🙏', '✅'];

export interface MsgActions {
  reply: (msg: ShownMsg) => void;
  edit: (msg: ShownMsg) => void;
  remove: (msg: ShownMsg) => void;
  react: (msg: ShownMsg, emoji: string) => void;
  retry: (msg: ShownMsg) => void;
  discard: (msg: ShownMsg) => void;
}

/**
 * One message: the sender's picture, name and time when it starts a group; its reply quote, text with mentions,
 * pictures and files, reactions; my own show "sent" or "seen". Its tools (reply, react, edit, delete) show on
 * hover or focus, and always on a touch screen.
 */
export const MessageItem = memo(function MessageItem({
  msg,
  head,
  mine,
  members,
  actions,
}: {
  msg: ShownMsg;
  head: boolean;
  mine: boolean;
  members: Map<string, ChatRoomDto['members'][number]>;
  actions: MsgActions;
}) {
  const { t } = useChatTexts();
  const sender = msg.senderId ? members.get(msg.senderId) : undefined;
  const name = mine ? t('msg.you') : msg.username || sender?.name || '';
  const names = msg.mentions.map((id) => members.get(id)?.name ?? '');
  const time = formatTime(msg.date);
  return (
    <Box
      className="hw-chat-msg"
      mt={head ? 'sm' : 0}
      data-testid="chat-msg"
      data-mine={mine || undefined}
      data-status={msg.status}
      aria-label={head ? undefined : `${name}, ${time}`}
    >
      <Box pt={head ? 2 : 0}>
        {head && (
          <Avatar
            person={{ _id: msg.senderId ?? undefined, name: msg.username, avatar: sender?.avatar ?? null }}
            size={36}
          />
        )}
      </Box>
      <Box style={{ minWidth: 0 }}>
        {head && (
          <Group gap={8} align="baseline" wrap="nowrap">
            <Text fw={700} size="sm" truncate="end">
              {name}
            </Text>
            <Tooltip label={formatDayTime(msg.date)} openDelay={400}>
              <Text size="xs" c="dimmed" component="time" dateTime={msg.date}>
                {time}
              </Text>
            </Tooltip>
          </Group>
        )}
        {msg.reply_to && (
          <Box className="hw-chat-reply">
            <Text size="xs" fw={600} c="dimmed">
              {t('msg.replyTo', { name: msg.reply_to.username })}
            </Text>
            <Text size="xs" c="dimmed" lineClamp={2} fs={msg.reply_to.deleted ? 'italic' : undefined}>
              {msg.reply_to.deleted ? t('msg.deleted') : msg.reply_to.content}
            </Text>
          </Box>
        )}
        {msg.deleted ? (
          <Text size="sm" c="dimmed" fs="italic">
            {t('msg.deleted')}
          </Text>
        ) : (
          <>
            {msg.content && (
              <Text size="sm" className="hw-chat-text">
                {mentionParts(msg.content, names).map((part, i) =>
                  part.mention ? (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in their order
                    <span key={i} className="hw-chat-mention">
                      {part.text}
                    </span>
                  ) : (
                    part.text
                  ),
                )}
                {msg.edited && (
                  <Text span size="xs" c="dimmed" ml={6}>
                    ({t('msg.edited')})
                  </Text>
                )}
              </Text>
            )}
            {msg.files.length > 0 && (
              <Box maw={420} mt={4}>
                <Attachments files={msg.files} />
              </Box>
            )}
          </>
        )}
        <Group gap={6} mt={msg.reactions.length || mine ? 2 : 0} wrap="wrap">
          {msg.reactions.map((reaction) => (
            <Button
              key={reaction.emoji}
              size="compact-xs"
              radius="xl"
              variant={reaction.mine ? 'light' : 'default'}
              aria-pressed={reaction.mine}
              aria-label={t('msg.reactionCount', { emoji: reaction.emoji, count: reaction.count })}
              disabled={!msg.can.react}
              onClick={() => actions.react(msg, reaction.emoji)}
            >
              {reaction.emoji} {reaction.count}
            </Button>
          ))}
          {mine && <Delivery msg={msg} actions={actions} />}
        </Group>
      </Box>
      {!msg.status && !msg.deleted && <Tools msg={msg} actions={actions} />}
    </Box>
  );
});

/** My message's state: sending, not sent (send again or discard), sent, seen. */
function Delivery({ msg, actions }: { msg: ShownMsg; actions: MsgActions }) {
  const { t } = useChatTexts();
  if (msg.status === 'sending') {
    return (
      <Text size="xs" c="dimmed">
        {t('msg.sending')}
      </Text>
    );
  }
  if (msg.status === 'failed') {
    return (
      <Group gap={6}>
        <Text size="xs" c="red" role="alert">
          {t('msg.failed')}
        </Text>
        <Button size="compact-xs" variant="light" onClick={() => actions.retry(msg)}>
          {t('msg.retry')}
        </Button>
        <Button size="compact-xs" variant="subtle" color="gray" onClick={() => actions.discard(msg)}>
          {t('msg.discard')}
        </Button>
      </Group>
    );
  }
  if (msg.deleted) return null;
  const label = msg.seen ? t('msg.seen') : t('msg.sent');
  return (
    <Box
      c={msg.seen ? 'blue' : 'dimmed'}
      style={{ display: 'inline-flex' }}
      role="img"
      aria-label={label}
      {...tip(label)}
    >
      {msg.seen ? <IconChecks size={14} /> : <IconCheck size={14} />}
    </Box>
  );
}

function Tools({ msg, actions }: { msg: ShownMsg; actions: MsgActions }) {
  const { t } = useChatTexts();
  const [picking, setPicking] = useState(false);
  return (
    <Paper className="hw-chat-msg-tools" shadow="xs" withBorder radius="md" p={2} data-open={picking || undefined}>
      <Group gap={2} wrap="nowrap" role="group" aria-label={t('msg.actions')}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={t('msg.reply')}
          {...tip(t('msg.reply'))}
          onClick={() => actions.reply(msg)}
        >
          <IconArrowBackUp size={16} />
        </ActionIcon>
        {msg.can.react && (
          <Popover opened={picking} onChange={setPicking} position="top" shadow="md" withinPortal>
            <Popover.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                aria-label={t('msg.react')}
                {...tip(t('msg.react'))}
                onClick={() => setPicking((open) => !open)}
              >
                <IconMoodSmile size={16} />
              </ActionIcon>
            </Popover.Target>
            <Popover.Dropdown p={4}>
              <Group gap={2} wrap="nowrap">
                {QUICK_EMOJI.map((emoji) => (
                  <ActionIcon
                    key={emoji}
                    variant="subtle"
                    size="lg"
                    aria-label={t('msg.reactWith', { emoji })}
                    onClick={() => {
                      setPicking(false);
                      actions.react(msg, emoji);
                    }}
                  >
                    <span style={{ fontSize: 18 }}>{emoji}</span>
                  </ActionIcon>
                ))}
              </Group>
            </Popover.Dropdown>
          </Popover>
        )}
        {msg.can.edit && (
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={t('msg.edit')}
            {...tip(t('msg.edit'))}
            onClick={() => actions.edit(msg)}
          >
            <IconPencil size={16} />
          </ActionIcon>
        )}
        {msg.can.delete && (
          <ActionIcon
            variant="subtle"
            color="red"
            size="sm"
            aria-label={t('msg.delete')}
            {...tip(t('msg.delete'))}
            onClick={() => actions.remove(msg)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        )}
      </Group>
    </Paper>
  );
}
