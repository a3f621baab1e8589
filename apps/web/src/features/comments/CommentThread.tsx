import type { CommentDto, StoredFile } from '@hallway/shared';
import { COMMENT_TEXT_MAX, formatBytes } from '@hallway/shared';
import { ActionIcon, Anchor, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconArrowBackUp, IconPaperclip, IconTrash, IconX } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { Socket } from '../../api/socket';
import { useSession } from '../../app/session/context';
import { formatDayTime } from '../../i18n/dates';
import { errorText } from '../../i18n/errors';
import { Avatar, displayName } from '../../ui/Avatar';
import { FileUpload } from '../../ui/FileUpload';
import { PeoplePicker, type PickedPerson } from '../../ui/PeoplePicker';
import { LengthCounter } from '../../ui/ValidatedInput';
import { commentMutations } from './queries';
import { useCommentsTexts } from './texts';

/** What a thread hangs under: a request (`bp`), a task (`task`), … — the module of that type serves it. */
export interface CommentSubject {
  type: 'bp' | 'task' | 'post';
  id: string;
}
type Answer = Omit<CommentDto, 'answers'>;

const FILES_MAX = 10;

interface CreatedEvent {
  comment: Answer & { answers?: Answer[] };
  subject: { type: string; id: string };
}
interface DeletedEvent {
  _id: string;
  subject: { type: string; id: string };
}

/** A realtime copy carries no reader's abilities (all false): the copy already there keeps its own then. */
const canOf = (incoming: Answer, known: Answer) =>
  incoming.can.edit || incoming.can.delete ? incoming.can : known.can;

/** A comment added (or its newer copy), answers under their comment. */
export function withComment(thread: CommentDto[], comment: Answer & { answers?: Answer[] }): CommentDto[] {
  if (comment.parent.type === 'comment') {
    return thread.map((item) => {
      if (item._id !== comment.parent.id) return item;
      const known = item.answers.find((answer) => answer._id === comment._id);
      const next = known ? { ...comment, can: canOf(comment, known) } : comment;
      const answers = known
        ? item.answers.map((answer) => (answer._id === comment._id ? next : answer))
        : [...item.answers, next];
      return { ...item, answers, answersCount: answers.length };
    });
  }
  const known = thread.find((item) => item._id === comment._id);
  if (known) {
    return thread.map((item) =>
      item._id === comment._id ? { ...item, ...comment, can: canOf(comment, known), answers: known.answers } : item,
    );
  }
  return [...thread, { ...comment, answers: comment.answers ?? [] }];
}

/** A comment or an answer removed. */
export function withoutComment(thread: CommentDto[], id: string): CommentDto[] {
  return thread
    .filter((item) => item._id !== id)
    .map((item) =>
      item.answers.some((answer) => answer._id === id)
        ? { ...item, answers: item.answers.filter((answer) => answer._id !== id), answersCount: item.answersCount - 1 }
        : item,
    );
}

/**
 * The `comment.*` events of one subject applied to a thread (the page joins the subject's room itself: `bp.subscribe`
 * for a request, the task tracker's for a task).
 */
export function useThreadEvents(
  socket: Socket | null,
  subject: CommentSubject,
  apply: (change: (thread: CommentDto[]) => CommentDto[]) => void,
) {
  useEffect(() => {
    if (!socket) return;
    const mine = (event: { subject?: { type: string; id: string } }) =>
      event.subject?.type === subject.type && event.subject.id === subject.id;
    const created = (event: CreatedEvent) => mine(event) && apply((thread) => withComment(thread, event.comment));
    const deleted = (event: DeletedEvent) => mine(event) && apply((thread) => withoutComment(thread, event._id));
    socket.on('comment.created', created);
    socket.on('comment.updated', created);
    socket.on('comment.deleted', deleted);
    return () => {
      socket.off('comment.created', created);
      socket.off('comment.updated', created);
      socket.off('comment.deleted', deleted);
    };
  }, [socket, subject.type, subject.id, apply]);
}

function CommentForm({
  subject,
  answerTo,
  mentioning,
  onSent,
  onCancel,
}: {
  subject: CommentSubject;
  answerTo?: { id: string; name: string };
  /** Offers to mention people (they are notified, as the subject's module decides). */
  mentioning?: boolean;
  onSent: (comment: CommentDto) => void;
  onCancel?: () => void;
}) {
  const { t } = useCommentsTexts();
  const create = useMutation(commentMutations.create());
  const [text, setText] = useState('');
  const [files, setFiles] = useState<StoredFile[]>([]);
  const [mentions, setMentions] = useState<string[]>([]);
  const [mentioned, setMentioned] = useState<PickedPerson[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = async () => {
    if (!text.trim() && !files.length) return;
    setBusy(true);
    setError(null);
    try {
      const parent = answerTo ? { type: 'comment', id: answerTo.id } : subject;
      const result = await create.mutateAsync({
        parent,
        text: text.trim(),
        attachments: files.map((file) => file._id),
        ...(mentions.length ? { mentions } : {}),
      });
      setText('');
      setFiles([]);
      setMentions([]);
      onSent({ ...result, answers: result.answers ?? [] });
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  const label = answerTo ? t('answerTo', { name: answerTo.name }) : t('write');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <Stack gap={6}>
        <Textarea
          aria-label={label}
          placeholder={label}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          maxLength={COMMENT_TEXT_MAX}
          autosize
          minRows={2}
          error={error}
          description={<LengthCounter length={text.length} max={COMMENT_TEXT_MAX} />}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          autoFocus={!!answerTo}
        />
        {mentioning && (
          <PeoplePicker
            label={t('mention')}
            value={mentions}
            known={mentioned}
            onChange={(ids, people) => {
              setMentions(ids);
              setMentioned(people);
            }}
          />
        )}
        {files.length > 0 && (
          <Group gap="xs">
            {files.map((file) => (
              <Group key={file._id} gap={4} wrap="nowrap">
                <Text size="xs">{file.name}</Text>
                <ActionIcon
                  size="xs"
                  variant="subtle"
                  color="gray"
                  aria-label={t('removeFile', { name: file.name })}
                  onClick={() => setFiles(files.filter((other) => other._id !== file._id))}
                >
                  <IconX size={12} />
                </ActionIcon>
              </Group>
            ))}
          </Group>
        )}
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <FileUpload
            purpose="attachment"
            multiple
            label={t('attach')}
            disabled={files.length >= FILES_MAX}
            onUploaded={(results) => setFiles([...files, ...results.map((r) => r.file)].slice(0, FILES_MAX))}
          />
          <Group gap="xs">
            {onCancel && (
              <Button variant="default" size="xs" onClick={onCancel}>
                {t('cancel')}
              </Button>
            )}
            <Button type="submit" size="xs" loading={busy} disabled={!text.trim() && !files.length}>
              {t('send')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

function CommentItem({
  comment,
  subject,
  onAnswer,
  onDeleted,
}: {
  comment: Answer;
  subject: CommentSubject;
  onAnswer?: () => void;
  onDeleted: (id: string) => void;
}) {
  const { t, lang } = useCommentsTexts();
  const removal = useMutation(commentMutations.remove());
  const [error, setError] = useState<string | null>(null);
  const name = displayName(comment.author);
  const remove = async () => {
    try {
      await removal.mutateAsync({
        id: comment._id,
        parentType: comment.parent.type === 'comment' ? 'comment' : subject.type,
      });
      onDeleted(comment._id);
    } catch (err) {
      setError(errorText(err));
    }
  };
  return (
    <Group align="flex-start" gap="sm" wrap="nowrap" data-testid="comment">
      <Avatar person={comment.author} size={32} />
      <Stack gap={2} miw={0} style={{ flex: 1 }}>
        <Group gap="xs">
          <Text size="sm" fw={600}>
            {name}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDayTime(comment.created, lang)}
            {comment.status === 'edited' ? ` · ${t('edited')}` : ''}
          </Text>
        </Group>
        {comment.text && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {comment.text}
          </Text>
        )}
        {comment.mentions.length > 0 && (
          <Text size="xs" c="dimmed">
            {comment.mentions.map((person) => `@${displayName(person)}`).join(', ')}
          </Text>
        )}
        {comment.attachments.map((file) => (
          <Group key={file._id} gap={4}>
            <IconPaperclip size={12} aria-hidden />
            <Anchor href={file.src} target="_blank" rel="noreferrer" size="xs">
              {file.name}
            </Anchor>
            <Text size="xs" c="dimmed">
              {formatBytes(file.size)}
            </Text>
          </Group>
        ))}
        <Group gap={4}>
          {onAnswer && (
            <Button
              variant="subtle"
              size="compact-xs"
              leftSection={<IconArrowBackUp size={12} />}
              onClick={onAnswer}
              aria-label={t('answerComment', { name })}
            >
              {t('answer')}
            </Button>
          )}
          {comment.can.delete && (
            <Button
              variant="subtle"
              color="red"
              size="compact-xs"
              leftSection={<IconTrash size={12} />}
              onClick={() => void remove()}
              aria-label={t('deleteComment', { name })}
            >
              {t('delete')}
            </Button>
          )}
        </Group>
        {error && (
          <Text size="xs" c="red" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Group>
  );
}

/** Oldest first, as the thread keeps them (a new comment goes last). */
const chronological = (thread: CommentDto[]) => [...thread].sort((a, b) => a.created.localeCompare(b.created));

/**
 * A comment thread of any subject (`{ type, id }`: a request, a task): its comments with their answers (one level),
 * a form to write (with attachments, and mentions where the subject offers them), answers and deletions where the
 * server's `can` allows, and the `comment.*` realtime events of that subject applied live. `newestFirst` shows the
 * newest comment on top with the form above it (a task's thread, spec modules §3 "Task board").
 */
export function CommentThread({
  subject,
  initial,
  canComment,
  mentions = false,
  newestFirst = false,
}: {
  subject: CommentSubject;
  initial: CommentDto[];
  canComment: boolean;
  mentions?: boolean;
  newestFirst?: boolean;
}) {
  const { t } = useCommentsTexts();
  const { socket } = useSession();
  const [thread, setThread] = useState(() => chronological(initial));
  const [answering, setAnswering] = useState<string | null>(null);
  // A newer copy of the subject (read again after a change) brings its comments: it replaces the thread.
  useEffect(() => setThread(chronological(initial)), [initial]);
  const apply = useCallback((change: (thread: CommentDto[]) => CommentDto[]) => setThread(change), []);
  useThreadEvents(socket, subject, apply);
  const titleId = `comments-${subject.id}`;
  const form = (
    <CommentForm
      subject={subject}
      mentioning={mentions}
      onSent={(comment) => apply((current) => withComment(current, comment))}
    />
  );
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Title order={2} size="h4" id={titleId}>
          {t('title')} ({thread.reduce((sum, item) => sum + 1 + item.answers.length, 0)})
        </Title>
        {thread.length === 0 && (
          <Text c="dimmed" size="sm">
            {t('empty')}
          </Text>
        )}
        {canComment && newestFirst && form}
        {(newestFirst ? [...thread].reverse() : thread).map((comment) => (
          <Stack key={comment._id} gap="xs">
            <CommentItem
              comment={comment}
              subject={subject}
              onAnswer={canComment ? () => setAnswering(comment._id) : undefined}
              onDeleted={(id) => apply((current) => withoutComment(current, id))}
            />
            {(comment.answers.length > 0 || answering === comment._id) && (
              <Stack gap="xs" pl={40}>
                {comment.answers.map((answer) => (
                  <CommentItem
                    key={answer._id}
                    comment={answer}
                    subject={subject}
                    onDeleted={(id) => apply((current) => withoutComment(current, id))}
                  />
                ))}
                {answering === comment._id && (
                  <CommentForm
                    subject={subject}
                    answerTo={{ id: comment._id, name: displayName(comment.author) }}
                    onSent={(answer) => {
                      apply((current) => withComment(current, answer));
                      setAnswering(null);
                    }}
                    onCancel={() => setAnswering(null)}
                  />
                )}
              </Stack>
            )}
          </Stack>
        ))}
        {canComment && !newestFirst && form}
      </Stack>
    </Paper>
  );
}
