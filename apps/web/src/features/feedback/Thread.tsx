import { FEEDBACK_MESSAGE_MAX, type FeedbackStatus, type FeedbackThread, STATUSES_OF } from '@hallway/shared/feedback';
import { Badge, Button, Card, Group, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useSession } from '../../app/session/context';
import { formatDay, formatDayTime } from '../../i18n/dates';
import { errorText } from '../../i18n/errors';
import { Avatar } from '../../ui/Avatar';
import { Attachments } from '../wall';
import { useFeedbackTexts } from './texts';

export const STATUS_COLORS: Record<FeedbackStatus, string> = {
  new: 'blue',
  review: 'yellow',
  accepted: 'teal',
  declined: 'gray',
  resolved: 'teal',
  dismissed: 'gray',
};

/** A date the server sent: a day (an anonymous author's) or a moment. */
export const dateText = (date: string, lang: Parameters<typeof formatDay>[1]) =>
  date.length === 10 ? formatDay(date, lang) : formatDayTime(date, lang);

export function StatusBadge({ status }: { status: FeedbackStatus }) {
  const { t } = useFeedbackTexts();
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {t(`status.${status}`)}
    </Badge>
  );
}

interface ThreadProps {
  thread: FeedbackThread;
  /** Sends a message (the recipients', the author's, or the anonymous author's by code). */
  onReply: (text: string) => Promise<unknown>;
  replying: boolean;
  replyError: unknown;
  /** The recipients move the status. */
  onStatus?: (status: FeedbackStatus) => void;
  statusPending?: boolean;
}

/** An idea or a report with its conversation: the recipients on one side, its author on the other. */
export function Thread({ thread, onReply, replying, replyError, onStatus, statusPending }: ThreadProps) {
  const { t } = useFeedbackTexts();
  const { lang } = useSession();
  const [text, setText] = useState('');
  const send = async () => {
    if (!text.trim()) return;
    await onReply(text.trim());
    setText('');
  };
  return (
    <Stack gap="md" data-testid="feedback-thread">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          {thread.author ? <Avatar person={thread.author} size={28} /> : null}
          <Text size="sm" fw={500}>
            {thread.anonymous ? t('item.anonymous') : thread.author_name}
          </Text>
          <Text size="sm" c="dimmed">
            {dateText(thread.date, lang)}
          </Text>
        </Group>
        {thread.can.status && onStatus ? (
          <Select
            label={t('status.label')}
            w={200}
            data={STATUSES_OF[thread.kind].map((value) => ({ value, label: t(`status.${value}`) }))}
            value={thread.status}
            allowDeselect={false}
            disabled={statusPending}
            onChange={(value) => value && value !== thread.status && onStatus(value as FeedbackStatus)}
          />
        ) : (
          <StatusBadge status={thread.status} />
        )}
      </Group>
      {thread.title && (
        <Title order={2} size="h3">
          {thread.title}
        </Title>
      )}
      <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{thread.description}</Text>
      {thread.attachments.length > 0 && <Attachments files={thread.attachments} />}
      <Title order={3} size="h5" mt="sm">
        {t('item.thread')}
      </Title>
      {thread.thread.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('item.noMessages')}
        </Text>
      ) : (
        <Stack gap="xs" component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {thread.thread.map((message) => {
            const recipient = message.from === 'recipient';
            return (
              <Card
                key={message._id}
                component="li"
                withBorder
                radius="md"
                p="sm"
                ml={recipient ? 0 : 'xl'}
                mr={recipient ? 'xl' : 0}
                bg={recipient ? undefined : 'var(--mantine-primary-color-light)'}
              >
                <Group gap="xs" mb={4}>
                  {message.person && <Avatar person={message.person} size={22} />}
                  <Text size="xs" fw={600}>
                    {message.person?.name ?? (thread.anonymous ? t('item.anonymous') : t('item.authorSide'))}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {recipient ? t('item.recipientSide') : t('item.authorSide')} · {dateText(message.date, lang)}
                  </Text>
                </Group>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {message.text}
                </Text>
              </Card>
            );
          })}
        </Stack>
      )}
      {thread.can.reply && (
        <Stack gap="xs">
          <Textarea
            label={t('item.reply')}
            placeholder={t('item.replyPlaceholder')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            maxLength={FEEDBACK_MESSAGE_MAX}
            autosize
            minRows={2}
            maxRows={6}
            error={replyError ? errorText(replyError) : undefined}
          />
          <Group justify="flex-end">
            <Button onClick={() => void send()} loading={replying} disabled={!text.trim()}>
              {t('item.send')}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
