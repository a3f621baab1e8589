import { docText, type PostDto, type RichDoc } from '@hallway/shared';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { errorText } from '../../../i18n/errors';
import { DayTimeInput } from '../../../ui/DayTimeInput';
import { showSuccess } from '../../../ui/toast';
import { fromMarkup, type Mention } from '../mentions';
import { wallMutations } from '../queries';
import { useWallTexts } from '../texts';
import { docOfPlain, editableDoc, markDoc } from './convert';
import RichEditor from './RichEditor';
import { useEditorTexts } from './texts';

/** A moment as the local `YYYY-MM-DDTHH:mm` of the time field. */
function localValue(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Editing a scheduled post: its text in the formatting editor, its time; save, publish now, or close. */
export default function ScheduledEdit({ post, onDone }: { post: PostDto; onDone: () => void }) {
  const { t: wall } = useWallTexts();
  const { t } = useEditorTexts();
  const [start] = useState(() => {
    if (post.doc) return editableDoc(post.doc);
    return { doc: docOfPlain(post.text), mentions: fromMarkup(post.text).mentions };
  });
  const [doc, setDoc] = useState<RichDoc>(start.doc);
  const [mentions, setMentions] = useState<Mention[]>(start.mentions);
  const [time, setTime] = useState(post.publishAt ? localValue(post.publishAt) : '');
  const saving = useMutation(wallMutations.updateScheduled(useQueryClient()));
  const [busy, setBusy] = useState<'save' | 'now' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const send = async (now: boolean) => {
    if (busy) return;
    if (!docText(doc)) return setError(wall('composer.empty'));
    const at = new Date(time);
    if (!now && (Number.isNaN(at.getTime()) || at.getTime() <= Date.now())) return setError(wall('composer.pickTime'));
    setError(null);
    setBusy(now ? 'now' : 'save');
    const marked = markDoc(doc, mentions);
    try {
      const saved = await saving.mutateAsync({
        id: post._id,
        body: {
          text: marked.text,
          doc: marked.doc,
          mentions: mentions.map((m) => m.id).filter((id) => marked.text.includes(`(user:${id})`)),
          publishAt: now ? null : at.toISOString(),
        },
      });
      // Published: `post.created` puts it on the feed.
      showSuccess(t(saved.publishAt ? 'scheduled.saved' : 'scheduled.published'));
      onDone();
    } catch (failure) {
      setError(errorText(failure));
      setBusy(null);
    }
  };

  return (
    <Stack gap="xs">
      <RichEditor
        initial={start.doc}
        onChange={setDoc}
        mentions={mentions}
        onMentionsChange={setMentions}
        onSubmit={() => void send(false)}
        label={wall('scheduled.edit')}
        autoFocus
        invalid={!!error}
      />
      <DayTimeInput
        size="xs"
        maw={320}
        label={t('scheduled.time')}
        value={time}
        onChange={setTime}
        minDate={dayjs().format('YYYY-MM-DD')}
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
