import type { PostDto } from '@hallway/shared';
import { Badge, Box, Button, Group, Paper, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle, IconHeartHandshake, IconMessageCircle, IconPinFilled } from '@tabler/icons-react';
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../ui/Avatar';
import { Attachments } from './Attachments';
import { Comments } from './Comments';
import { useWall } from './context';
import { MustReadBar } from './MustRead';
import { PostEditor } from './PostEditor';
import { PostMenu } from './PostMenu';
import { PostText } from './PostText';
import { Reactions } from './Reactions';
import { useWallTexts } from './texts';
import { TimeAgo } from './time';
import { useNewMarker } from './unseen';
import { ViewsPopover } from './ViewsPopover';

export interface PostCardProps {
  post: PostDto;
  /** Where the post is read, reported with its view: `company`, `user_feed` or `post`. */
  where: string;
  /** The single-post page opens the comments at once. */
  single?: boolean;
}

/**
 * One post of the wall. Memoized on the post object: a like or a comment elsewhere in the feed leaves it alone, as
 * the caches replace only the post that changed.
 */
export const PostCard = memo(function PostCard({ post, where, single = false }: PostCardProps) {
  const { t } = useWallTexts();
  const { actions, views, reader } = useWall();
  const fresh = useNewMarker(post, reader.userId, views) && !single;
  const [editing, setEditing] = useState(false);
  const [commentsOpen, setCommentsOpen] = useState(single);
  const root = useRef<HTMLDivElement>(null);
  const thanks = post.kind === 'thanks';
  const thanked = thanks ? post.mentions[0] : undefined;

  useEffect(() => {
    if (post.viewed || !root.current) return;
    return views.observe(root.current, post._id, where);
  }, [post.viewed, post._id, where, views]);

  const onReact = useCallback(
    (reaction: Parameters<typeof actions.reactToPost>[1]) => {
      void actions.reactToPost(post, reaction);
    },
    [actions, post],
  );
  const startEditing = useCallback(() => setEditing(true), []);

  return (
    <Paper
      ref={root}
      component="article"
      aria-label={thanked ? t('post.thanksTo', { name: thanked.name }) : post.author.name}
      data-post-id={post._id}
      data-kind={post.kind}
      withBorder
      radius="lg"
      p={{ base: 'sm', xs: 'md' }}
      className="hw-post"
    >
      <Stack gap="sm">
        {thanks && thanked && (
          <Group gap="xs" className="hw-thanks-banner" wrap="nowrap">
            <IconHeartHandshake size={20} aria-hidden />
            <Text size="sm" fw={600} truncate="end">
              {t('post.thanksTo', { name: thanked.name })}
            </Text>
            <Box ml="auto">
              <Avatar person={thanked} size={28} />
            </Box>
          </Group>
        )}
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Avatar person={post.author} size={42} />
            <Box style={{ minWidth: 0 }}>
              <Text
                component={Link}
                to={`/profile/${post.author._id}`}
                fw={600}
                size="sm"
                // 24 px high: a target of the size WCAG 2.2 asks (2.5.8), however close the line under it is.
                lh="24px"
                c="inherit"
                truncate="end"
                display="block"
              >
                {post.author.name}
              </Text>
              <Group gap={4} wrap="wrap" style={{ rowGap: 0 }}>
                {post.author.position && (
                  <Text size="xs" c="dimmed" truncate="end" maw="100%">
                    {post.author.position} ·
                  </Text>
                )}
                <Text
                  component={Link}
                  to={`/post/${post._id}`}
                  c="dimmed"
                  style={{ textDecoration: 'none', whiteSpace: 'nowrap' }}
                >
                  <TimeAgo iso={post.created} />
                  <VisuallyHidden> · {t('post.open')}</VisuallyHidden>
                </Text>
                {post.edited && (
                  <Text size="xs" c="dimmed">
                    · {t('post.edited')}
                  </Text>
                )}
              </Group>
            </Box>
          </Group>
          <Group gap={4} wrap="nowrap">
            {fresh && (
              <Badge variant="dot" radius="xl" className="hw-post-new">
                {t('post.new')}
              </Badge>
            )}
            {post.pinned && (
              <>
                <Badge color="blue" variant="light" leftSection={<IconPinFilled size={12} />} visibleFrom="xs">
                  {t('post.pinned')}
                </Badge>
                <ThemeIcon color="blue" variant="light" radius="xl" size="sm" hiddenFrom="xs" title={t('post.pinned')}>
                  <IconPinFilled size={14} aria-label={t('post.pinned')} />
                </ThemeIcon>
              </>
            )}
            {post.mustRead && (
              <>
                <Badge color="orange" variant="light" leftSection={<IconAlertCircle size={12} />} visibleFrom="xs">
                  {t('post.mustRead')}
                </Badge>
                <ThemeIcon
                  color="orange"
                  variant="light"
                  radius="xl"
                  size="sm"
                  hiddenFrom="xs"
                  title={t('post.mustRead')}
                >
                  <IconAlertCircle size={14} aria-label={t('post.mustRead')} />
                </ThemeIcon>
              </>
            )}
            <PostMenu post={post} onEdit={startEditing} single={single} />
          </Group>
        </Group>

        {editing ? (
          <PostEditor
            text={post.text}
            doc={post.doc}
            kind={post.kind}
            label={t('post.editLabel')}
            attachments={post.attachments}
            onSave={async (edited) => {
              await actions.updatePost(post._id, edited);
              setEditing(false);
            }}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <>
            <PostText text={post.text} doc={post.doc} mentions={post.mentions} previews size={single ? 'md' : 'sm'} />
            <Attachments files={post.attachments} />
          </>
        )}

        {post.mustRead && <MustReadBar post={post} />}

        <Group justify="space-between" gap="xs" wrap="wrap">
          <Reactions state={post} onReact={onReact} />
          <Group gap={4}>
            <Button
              size="compact-sm"
              variant={commentsOpen ? 'light' : 'subtle'}
              color="gray"
              radius="xl"
              leftSection={<IconMessageCircle size={16} />}
              aria-expanded={commentsOpen}
              aria-label={commentsOpen ? t('comments.hide') : t('comments.show', { count: post.commentsCount })}
              onClick={() => setCommentsOpen((open) => !open)}
            >
              {post.commentsCount}
            </Button>
            <ViewsPopover postId={post._id} count={post.viewsCount} />
          </Group>
        </Group>
        {commentsOpen && <Comments postId={post._id} />}
      </Stack>
    </Paper>
  );
});
