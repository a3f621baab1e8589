import { ActionIcon, Box, Button, Group, Loader, Menu, Stack, Text } from '@mantine/core';
import { IconDots, IconPencil, IconSend, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { memo, useCallback, useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../i18n/errors';
import { Avatar } from '../../ui/Avatar';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { QueryState } from '../../ui/States';
import type { AnswerDto } from './api';
import { useWall } from './context';
import type { ThreadComment } from './feedState';
import { MentionTextarea } from './MentionTextarea';
import type { Mention } from './mentions';
import { PostEditor } from './PostEditor';
import { PostText } from './PostText';
import { wallQueries } from './queries';
import { Reactions } from './Reactions';
import { checkDraft } from './rules';
import { useWallTexts } from './texts';
import { TimeAgo } from './time';

/** The post with its thread; one cache entry shared by the feed's open comments and the single-post page. */
export function usePostThread(postId: string, enabled = true) {
  return useQuery({ ...wallQueries.post(postId), enabled });
}

/** Comments and answers under a post, with the form for a new comment. */
export function Comments({ postId }: { postId: string }) {
  const query = usePostThread(postId);
  const thread = (query.data?.comments ?? []) as ThreadComment[];
  const { t } = useWallTexts();
  return (
    <Stack gap="sm" mt="sm">
      <QueryState
        query={query}
        loading={<Loader size="sm" mx="auto" aria-label={t('comments.label')} />}
        isEmpty={(post) => post.comments.length === 0}
        empty={
          <Text size="sm" c="dimmed">
            {t('comments.empty')}
          </Text>
        }
      >
        {() => null}
      </QueryState>
      {thread.map((comment) => (
        <CommentItem key={comment._id} postId={postId} comment={comment} />
      ))}
      {query.isSuccess && <CommentForm postId={postId} />}
    </Stack>
  );
}

const CommentItem = memo(function CommentItem({ postId, comment }: { postId: string; comment: ThreadComment }) {
  const [replying, setReplying] = useState(false);
  const onReply = useCallback(() => setReplying(true), []);
  return (
    <Box>
      <CommentBody postId={postId} comment={comment} likeType="comment" onReply={onReply} />
      {(comment.answers.length > 0 || replying) && (
        <Stack gap="xs" mt="xs" pl={{ base: 'md', xs: 44 }}>
          {comment.answers.map((answer) => (
            <CommentBody key={answer._id} postId={postId} comment={answer} likeType="answer" onReply={onReply} />
          ))}
          {replying && <CommentForm postId={postId} replyTo={comment} onDone={() => setReplying(false)} autoFocus />}
        </Stack>
      )}
    </Box>
  );
});

const CommentBody = memo(function CommentBody({
  postId,
  comment,
  likeType,
  onReply,
}: {
  postId: string;
  comment: AnswerDto;
  likeType: 'comment' | 'answer';
  onReply: () => void;
}) {
  const { t } = useWallTexts();
  const { actions } = useWall();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const ref = { id: comment._id, postId, likeType };
  const small = likeType === 'answer';
  return (
    <Group gap="sm" align="flex-start" wrap="nowrap" component="article" aria-label={comment.author.name}>
      <Avatar person={comment.author} size={small ? 28 : 34} />
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Box className="hw-comment-bubble">
          <Group gap={6} justify="space-between" wrap="nowrap">
            <Group gap={6} wrap="wrap" style={{ minWidth: 0 }}>
              <Text
                component={Link}
                to={`/profile/${comment.author._id}`}
                size="sm"
                fw={600}
                c="inherit"
                truncate="end"
              >
                {comment.author.name}
              </Text>
              <TimeAgo iso={comment.created} />
              {comment.status === 'edited' && (
                <Text size="xs" c="dimmed">
                  · {t('comments.edited')}
                </Text>
              )}
            </Group>
            {(comment.can.edit || comment.can.delete) && (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon size="sm" variant="subtle" color="gray" aria-label={t('comments.actions')}>
                    <IconDots size={16} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  {comment.can.edit && (
                    <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => setEditing(true)}>
                      {t('comments.edit')}
                    </Menu.Item>
                  )}
                  {comment.can.delete && (
                    <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => setConfirming(true)}>
                      {t('comments.delete')}
                    </Menu.Item>
                  )}
                </Menu.Dropdown>
              </Menu>
            )}
          </Group>
          {editing ? (
            <PostEditor
              text={comment.text}
              label={t('comments.editLabel')}
              onSave={async (edited) => {
                await actions.updateComment(ref, { text: edited.text, mentions: edited.mentions });
                setEditing(false);
              }}
              onCancel={() => setEditing(false)}
            />
          ) : (
            <PostText text={comment.text} mentions={comment.mentions} />
          )}
        </Box>
        <Group gap={4} mt={4}>
          <Reactions
            state={comment}
            compact
            onReact={(reaction) => void actions.reactToComment(ref, comment, reaction)}
          />
          <Button size="compact-xs" variant="subtle" color="gray" radius="xl" onClick={onReply}>
            {t('comments.reply')}
          </Button>
        </Group>
      </Box>
      <ConfirmDialog
        opened={confirming}
        title={t('comments.deleteTitle')}
        message={t('comments.deleteText')}
        confirmLabel={t('comments.delete')}
        danger
        onConfirm={() => actions.deleteComment(ref)}
        onClose={() => setConfirming(false)}
      />
    </Group>
  );
});

/** A new comment, or an answer to `replyTo`; Ctrl+Enter sends, as the hint says once something is typed. */
export function CommentForm({
  postId,
  replyTo,
  onDone,
  autoFocus,
}: {
  postId: string;
  replyTo?: AnswerDto;
  onDone?: () => void;
  autoFocus?: boolean;
}) {
  const { t } = useWallTexts();
  const { actions, reader } = useWall();
  const [text, setText] = useState('');
  const [mentions, setMentions] = useState<Mention[]>([]);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const send = async () => {
    const check = checkDraft(text, mentions, 'post', reader.userId);
    if (check.empty || sending) return;
    setSending(true);
    setError(null);
    try {
      await actions.comment(postId, check.text, check.mentions, replyTo?._id);
      setText('');
      setMentions([]);
      onDone?.();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setSending(false);
    }
  };

  const label = replyTo ? t('comments.replyLabel', { name: replyTo.author.name }) : t('comments.label');
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <Box style={{ flex: 1 }}>
        <MentionTextarea
          aria-label={label}
          placeholder={replyTo ? t('comments.replyPlaceholder') : t('comments.placeholder')}
          autosize
          minRows={1}
          maxRows={8}
          radius="lg"
          value={text}
          onChange={setText}
          mentions={mentions}
          onMentionsChange={setMentions}
          onSubmit={() => void send()}
          autoFocus={autoFocus}
          error={error ?? undefined}
          onKeyUp={(event) => {
            if (event.key === 'Escape' && replyTo && !text) onDone?.();
          }}
        />
        {text.trim() && (
          // The composer's hint, for keyboards (phones send with the button).
          <Text size="xs" c="dimmed" visibleFrom="sm" mt={4} ml="sm">
            {t('comments.shortcut')}
          </Text>
        )}
      </Box>
      <ActionIcon
        size="lg"
        radius="xl"
        variant="light"
        onClick={() => void send()}
        loading={sending}
        disabled={!text.trim()}
        aria-label={t('comments.send')}
      >
        <IconSend size={18} />
      </ActionIcon>
    </Group>
  );
}
