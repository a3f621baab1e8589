import { docText, type PostDto, type RichDoc } from '@hallway/shared';
import { Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconClock, IconEdit, IconSend, IconX } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { errorText } from '../../i18n/errors';
import { showError, showSuccess } from '../../ui/toast';
import { cancelScheduled, updateScheduled } from './api';
import { addScheduled, removeScheduled } from './cache';
import { docOfPlain, editableDoc, markDoc } from './editor/convert';
import { fromMarkup, type Mention } from './mentions';
import { PostText } from './PostText';
import { wallQueries } from './queries';
import { useWallTexts } from './texts';
import { fullDate } from './time';

const RichEditor = lazy(() => import('./editor/RichEditor'));

/** A moment as the value of a `datetime-local` field, in local time. */
function localValue(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * The person's own scheduled posts above the feed, soonest first: only they see them until the job publishes them
 * (then `post.created` takes each off this list and puts it on the feed). Each can be edited (text and time),
 * published now or cancelled.
 */
export function ScheduledPosts() {
  const { t } = useWallTexts();
  const query = useQuery(wallQueries.scheduled());
  if (!query.data?.length) return null;
  return (
    <Stack gap="xs" component="section" aria-label={t('scheduled.label')}>
      {query.data.map((post) => (
        <ScheduledPost key={post._id} post={post} />
      ))}
    </Stack>
  );
}

function ScheduledPost({ post }: { post: PostDto }) {
  const { t, lang } = useWallTexts();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState(false);
  const when = post.publishAt ? fullDate(post.publishAt, lang) : '';
  const cancel = async () => {
    setBusy(true);
    try {
      await cancelScheduled(post._id);
      removeScheduled(client, post._id);
      showSuccess(t('scheduled.cancelled'));
    } catch (error) {
      showError(error);
      setBusy(false);
    }
  };
  return (
    <Paper
      withBorder
      radius="lg"
      p="sm"
      component="article"
      aria-label={t('scheduled.badge', { time: when })}
      style={{ borderStyle: 'dashed' }}
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Badge color="grape" variant="light" leftSection={<IconClock size={12} />} style={{ textTransform: 'none' }}>
            {t('scheduled.badge', { time: when })}
          </Badge>
          <Group gap={4}>
            {!editing && post.can.edit && (
              <Button
                size="compact-sm"
                variant="subtle"
                leftSection={<IconEdit size={14} />}
                onClick={() => setEditing(true)}
              >
                {t('scheduled.edit')}
              </Button>
            )}
            <Button
              size="compact-sm"
              variant="subtle"
              color="gray"
              leftSection={<IconX size={14} />}
              loading={busy}
              onClick={() => void cancel()}
            >
              {t('scheduled.cancel')}
            </Button>
          </Group>
        </Group>
        {editing ? (
          <ScheduledEdit post={post} onDone={() => setEditing(false)} />
        ) : (
          <PostText text={post.text} doc={post.doc} mentions={post.mentions} size="sm" />
        )}
      </Stack>
    </Paper>
  );
}

/** Editing a scheduled post: its text in the formatting editor, its time; save, publish now, or close. */
function ScheduledEdit({ post, onDone }: { post: PostDto; onDone: () => void }) {
  const { t, lang } = useWallTexts();
  const client = useQueryClient();
  const [start] = useState(() => {
    if (post.doc) return editableDoc(post.doc);
    return { doc: docOfPlain(post.text), mentions: fromMarkup(post.text).mentions };
  });
  const [doc, setDoc] = useState<RichDoc>(start.doc);
  const [mentions, setMentions] = useState<Mention[]>(start.mentions);
  const [time, setTime] = useState(post.publishAt ? localValue(post.publishAt) : '');
  const [busy, setBusy] = useState<'save' | 'now' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const send = async (now: boolean) => {
    if (busy) return;
    if (!docText(doc)) return setError(t('composer.empty'));
    const at = new Date(time);
    if (!now && (Number.isNaN(at.getTime()) || at.getTime() <= Date.now())) return setError(t('composer.pickTime'));
    setError(null);
    setBusy(now ? 'now' : 'save');
    const marked = markDoc(doc, mentions);
    try {
      const saved = await updateScheduled(post._id, {
        text: marked.text,
        doc: marked.doc,
        mentions: mentions.map((m) => m.id).filter((id) => marked.text.includes(`(user:${id})`)),
        publishAt: now ? null : at.toISOString(),
      });
      if (saved.publishAt) {
        addScheduled(client, saved);
        showSuccess(t('scheduled.saved'));
      } else {
        // Published: `post.created` puts it on the feed.
        removeScheduled(client, post._id);
        showSuccess(t('scheduled.published'));
      }
      onDone();
    } catch (failure) {
      setError(errorText(failure));
      setBusy(null);
    }
  };

  return (
    <Stack gap="xs">
      <Suspense
        fallback={
          <Text size="sm" c="dimmed">
            {t('editor.loading')}
          </Text>
        }
      >
        <RichEditor
          initial={start.doc}
          onChange={setDoc}
          mentions={mentions}
          onMentionsChange={setMentions}
          onSubmit={() => void send(false)}
          label={t('scheduled.edit')}
          autoFocus
          invalid={!!error}
        />
      </Suspense>
      <TextInput
        type="datetime-local"
        size="xs"
        maw={260}
        label={t('scheduled.time')}
        value={time}
        onChange={(event) => setTime(event.currentTarget.value)}
        leftSection={<IconClock size={14} />}
        description={post.publishAt ? fullDate(post.publishAt, lang) : undefined}
      />
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      <Group gap="xs" justify="flex-end" wrap="wrap">
        <Button size="compact-sm" variant="subtle" color="gray" onClick={onDone} disabled={!!busy}>
          {t('scheduled.close')}
        </Button>
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconSend size={14} />}
          loading={busy === 'now'}
          onClick={() => void send(true)}
        >
          {t('scheduled.publishNow')}
        </Button>
        <Button size="compact-sm" loading={busy === 'save'} onClick={() => void send(false)}>
          {t('scheduled.save')}
        </Button>
      </Group>
    </Stack>
  );
}
