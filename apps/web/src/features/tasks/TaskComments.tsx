import { type CommentDto, LONG_TEXT_MAX } from '@hallway/shared';
import { Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDayTime } from '../../i18n/dates';
import { errorText } from '../../i18n/errors';
import { Avatar } from '../../ui/Avatar';
import { PeoplePicker, type PickedPerson } from '../../ui/PeoplePicker';
import { taskMutations } from './queries';
import { useTasksTexts } from './texts';

interface TaskCommentsProps {
  taskId: string;
  canComment: boolean;
  /** The thread as the card's answer carries it, newest first. */
  comments: CommentDto[];
}

/**
 * A card's comment thread (parent `{ type: 'task', id }`, docs/api.md "Comments"), newest first, with mentions.
 * One file on purpose: the shared comment thread replaces it once it lands.
 */
export function TaskComments({ taskId, canComment, comments }: TaskCommentsProps) {
  const { t, lang } = useTasksTexts();
  const client = useQueryClient();
  const send = useMutation(taskMutations.comment(client, taskId));
  const [text, setText] = useState('');
  const [mentions, setMentions] = useState<string[]>([]);
  const [mentioned, setMentioned] = useState<PickedPerson[]>([]);
  // The comments this page posted, until the thread (read again) lists them.
  const [posted, setPosted] = useState<CommentDto[]>([]);
  const known = new Set(comments.map((comment) => comment._id));
  const all = [...posted.filter((comment) => !known.has(comment._id)), ...comments].sort((a, b) =>
    b.created.localeCompare(a.created),
  );

  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        {t('comments.title')}
      </Title>
      {canComment && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!text.trim()) return;
            send.mutate(
              { text: text.trim(), mentions },
              {
                onSuccess: (comment) => {
                  setPosted((list) => [comment, ...list]);
                  setText('');
                  setMentions([]);
                },
              },
            );
          }}
        >
          <Stack gap={6}>
            <Textarea
              label={t('comments.text')}
              value={text}
              maxLength={LONG_TEXT_MAX}
              autosize
              minRows={2}
              onChange={(event) => setText(event.currentTarget.value)}
              error={send.error ? errorText(send.error) : undefined}
            />
            <PeoplePicker
              label={t('comments.mentions')}
              value={mentions}
              known={mentioned}
              onChange={(ids, people) => {
                setMentions(ids);
                setMentioned(people);
              }}
            />
            <Group justify="flex-end">
              <Button type="submit" size="xs" loading={send.isPending} disabled={!text.trim()}>
                {t('comments.send')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      {all.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('comments.empty')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" className="tasks-plain-list">
          {all.map((comment) => (
            <Paper key={comment._id} component="li" withBorder radius="md" p="sm">
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <Avatar person={comment.author} size={28} />
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Group gap="xs">
                    <Text size="sm" fw={600}>
                      {comment.author.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatDayTime(comment.created, lang)}
                    </Text>
                  </Group>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {comment.text}
                  </Text>
                  {comment.mentions.length > 0 && (
                    <Text size="xs" c="dimmed">
                      {comment.mentions.map((person) => `@${person.name}`).join(', ')}
                    </Text>
                  )}
                </Stack>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
