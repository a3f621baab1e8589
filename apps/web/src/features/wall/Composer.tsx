import {
  type CreatePostBody,
  docText,
  formatBytes,
  POST_ATTACHMENT_LIMIT_BYTES,
  type PostDto,
  type PostKind,
  type RichDoc,
  type StoredFile,
  THANKS_TEXT_MIN,
} from '@hallway/shared';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  FileButton,
  Group,
  List,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
} from '@mantine/core';
import {
  IconCheck,
  IconClock,
  IconHeartHandshake,
  IconLetterCase,
  IconPaperclip,
  IconPoint,
  IconSend,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { type ClipboardEvent, type DragEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { errorText, translateCode } from '../../i18n/errors';
import { UploadProgress } from '../../ui/FileUpload';
import { showSuccess } from '../../ui/toast';
import { useUpload } from '../../ui/useUpload';
import { DraftAttachments } from './Attachments';
import type { FeedKind } from './api';
import { addScheduled } from './cache';
import type { ComposerDraft } from './congratulate';
import { useWall } from './context';
import { docOfPlain, markDoc } from './editor/convert';
import { MentionTextarea } from './MentionTextarea';
import type { Mention } from './mentions';
import { wallMutations, wallQueries } from './queries';
import { checkDraft, type ThanksProblem } from './rules';
import { useWallTexts } from './texts';
import { fullDate } from './time';

export interface ComposerProps {
  /** The feed being read: a post goes to the company wall, the person's own feed or the open group's wall. */
  feed: FeedKind;
  onPublished: (post: PostDto) => void;
  /** What the composer starts with (a congratulation); it takes the focus then, the person edits before publishing. */
  initial?: ComposerDraft;
  /** Who will see the post, when the place words it itself (a project's wall); else the feed's own wording. */
  audience?: string;
}

/** Where a new post goes: the company wall, the person's own feed, or the group whose wall is open. */
function parentOf(feed: FeedKind, group: string): CreatePostBody['parent'] {
  if (feed === 'group') return { type: 'group', id: group, where: 'group' };
  return feed === 'company' ? { type: 'company', where: 'company' } : { type: 'feed', where: 'user_feed' };
}

/** The formatting editor (TipTap) is its own chunk: the wall's first load does not carry it. */
const loadEditor = () => import('./editor/RichEditor');
const RichEditor = lazy(loadEditor);
/** The day-and-time field (and the date library under it) comes only when "publish later" is chosen. */
const DayTimeInput = lazy(() => import('../../ui/DayTimeInput').then((module) => ({ default: module.DayTimeInput })));
const EMPTY_DOC: RichDoc = { type: 'doc', content: [{ type: 'paragraph' }] };

const ruleText = (code: ThanksProblem) => translateCode(code, { min: THANKS_TEXT_MIN });

/** Writing a post or a thank-you post (spec portal §5 "Posts"): mentions, attachments up to 20 MB, Ctrl+Enter. */
export function Composer({ feed, onPublished, initial, audience }: ComposerProps) {
  const { t, lang } = useWallTexts();
  const { reader, owners } = useWall();
  /** What the feed's page allows beyond its posts (must-read posts). */
  const wallCan = useQuery({ ...wallQueries.feed(feed, owners[feed]), select: (state) => state.can }).data;
  const [kind, setKind] = useState<PostKind>(initial?.kind ?? 'post');
  const [text, setText] = useState(initial?.text ?? '');
  const [mentions, setMentions] = useState<Mention[]>(initial?.mentions ?? []);
  const field = useRef<HTMLTextAreaElement | null>(null);
  useEffect(() => {
    // A prefilled draft: the caret at its end, in view, ready to be edited.
    if (!initial || !field.current) return;
    const box = field.current;
    box.focus();
    box.setSelectionRange(box.value.length, box.value.length);
    box.scrollIntoView?.({ block: 'center' });
  }, [initial]);
  /** Formatting on: the document being written (`@Name` mentions), else null and the plain field is used. */
  const [doc, setDoc] = useState<RichDoc | null>(null);
  /** A new editor after each publication starts empty. */
  const [round, setRound] = useState(0);
  const [files, setFiles] = useState<StoredFile[]>([]);
  const [mustRead, setMustRead] = useState(false);
  /** "Publish later": the local date and time (`YYYY-MM-DDTHH:mm`, '' until chosen), or null to publish now. */
  const [later, setLater] = useState<string | null>(null);
  const client = useQueryClient();
  const [attempted, setAttempted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const publishing = useMutation(wallMutations.createPost());
  const sending = publishing.isPending;
  const [dragging, setDragging] = useState(false);
  const upload = useUpload({ purpose: 'attachment' });

  const check = checkDraft(doc ? docText(doc) : text, mentions, kind, reader.userId);

  const attach = async (picked: File[]) => {
    if (!picked.length) return;
    const results = await upload.upload(picked);
    if (results?.length) setFiles((current) => [...current, ...results.map((result) => result.file)]);
  };

  const reset = () => {
    setText('');
    if (doc) {
      setDoc(EMPTY_DOC);
      setRound((value) => value + 1);
    }
    setMentions([]);
    setFiles([]);
    setMustRead(false);
    setLater(null);
    setAttempted(false);
    setError(null);
    upload.reset();
  };

  const publish = async () => {
    if (sending || upload.uploading) return;
    setAttempted(true);
    if (check.empty) return setError(t('composer.empty'));
    if (check.tooLong) return setError(t('composer.tooLong'));
    if (check.thanks.length) return setError(check.thanks.map(ruleText).join('. '));
    const publishAt = later ? new Date(later) : null;
    if (later !== null && (!publishAt || Number.isNaN(publishAt.getTime()) || publishAt.getTime() <= Date.now())) {
      return setError(t('composer.pickTime'));
    }
    setError(null);
    try {
      const formatted = doc ? markDoc(doc, mentions) : null;
      const post = await publishing.mutateAsync({
        text: formatted?.text ?? check.text,
        ...(formatted ? { doc: formatted.doc } : {}),
        kind,
        parent: parentOf(feed, owners.group),
        mentions: check.mentions,
        attachments: files.map((file) => file._id),
        ...(mustRead ? { mustRead: true } : {}),
        ...(publishAt ? { publishAt: publishAt.toISOString() } : {}),
      });
      reset();
      if (post.publishAt) {
        // Only its author sees it until then: it joins the own scheduled list, not the feed.
        addScheduled(client, post);
        showSuccess(t('composer.scheduledAt', { time: fullDate(post.publishAt, lang) }));
      } else onPublished(post);
    } catch (failure) {
      // The server's refusal (thank-you rules, 20 MB, rights) in the person's language.
      setError(errorText(failure));
    }
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void attach(Array.from(event.dataTransfer.files));
  };
  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    const pasted = Array.from(event.clipboardData.files);
    if (pasted.length) {
      event.preventDefault();
      void attach(pasted);
    }
  };

  const thanks = kind === 'thanks';
  return (
    <Paper
      component="section"
      aria-label={t('composer.label')}
      withBorder
      radius="lg"
      p="md"
      onDragOver={(event: DragEvent<HTMLDivElement>) => {
        if (!event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      onPaste={onPaste}
      style={{
        outline: dragging ? '2px dashed var(--mantine-primary-color-filled)' : undefined,
        borderColor: thanks ? 'var(--mantine-color-pink-4)' : undefined,
      }}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <SegmentedControl
            aria-label={t('composer.kind')}
            size="xs"
            radius="xl"
            value={kind}
            onChange={(value) => {
              setKind(value as PostKind);
              setError(null);
            }}
            data={[
              { value: 'post', label: t('composer.kindPost') },
              { value: 'thanks', label: t('composer.kindThanks') },
            ]}
          />
          <Text size="xs" c="dimmed">
            {audience ??
              t(feed === 'company' ? 'composer.toCompany' : feed === 'group' ? 'composer.toGroup' : 'composer.toFeed')}
          </Text>
        </Group>
        {doc ? (
          <Suspense
            fallback={
              <Text size="sm" c="dimmed" py="md">
                {t('composer.editorLoading')}
              </Text>
            }
          >
            <RichEditor
              key={round}
              initial={doc}
              onChange={(next) => {
                setDoc(next);
                if (error) setError(null);
              }}
              mentions={mentions}
              onMentionsChange={setMentions}
              onSubmit={() => void publish()}
              label={t('composer.label')}
              placeholder={thanks ? t('composer.thanksPlaceholder') : t('composer.placeholder')}
              autoFocus
              invalid={attempted && !!error}
            />
          </Suspense>
        ) : (
          <MentionTextarea
            aria-label={t('composer.label')}
            placeholder={thanks ? t('composer.thanksPlaceholder') : t('composer.placeholder')}
            autosize
            minRows={2}
            maxRows={14}
            value={text}
            onChange={(value) => {
              setText(value);
              if (error) setError(null);
            }}
            mentions={mentions}
            onMentionsChange={setMentions}
            onSubmit={() => void publish()}
            textareaRef={field}
            aria-invalid={attempted && error ? true : undefined}
            // The formatting editor is fetched while the person writes, so switching to it is instant.
            onFocus={() => void loadEditor().catch(() => undefined)}
          />
        )}
        {thanks && <ThanksRules length={check.length} mentioned={check.mentions.length} problems={check.thanks} />}
        <DraftAttachments files={files} onRemove={(id) => setFiles((current) => current.filter((f) => f._id !== id))} />
        <UploadProgress value={upload.progress} />
        {upload.error && (
          <Text size="sm" c="red" role="alert">
            {upload.error}
          </Text>
        )}
        {later !== null && (
          <Suspense fallback={null}>
            <DayTimeInput
              size="xs"
              maw={320}
              label={t('composer.publishAt')}
              value={later}
              onChange={setLater}
              minDate={dayjs().format('YYYY-MM-DD')}
            />
          </Suspense>
        )}
        {error && (
          <Alert color="red" variant="light" role="alert" py="xs">
            {error}
          </Alert>
        )}
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs">
            <FileButton multiple onChange={(picked: File[]) => void attach(picked)} disabled={upload.uploading}>
              {(props) => (
                <Tooltip label={t('composer.attachmentLimit', { size: formatBytes(POST_ATTACHMENT_LIMIT_BYTES) })}>
                  <ActionIcon
                    {...props}
                    variant="subtle"
                    color="gray"
                    size="lg"
                    aria-label={t('composer.attach')}
                    loading={upload.uploading}
                  >
                    <IconPaperclip size={20} />
                  </ActionIcon>
                </Tooltip>
              )}
            </FileButton>
            <Tooltip label={t('composer.formatHint')}>
              <ActionIcon
                variant={doc ? 'light' : 'subtle'}
                color={doc ? undefined : 'gray'}
                size="lg"
                aria-label={t('composer.format')}
                aria-pressed={!!doc}
                onClick={() => {
                  if (doc) {
                    // Back to plain: the text stays, its formatting goes.
                    setText(docText(doc));
                    setDoc(null);
                  } else setDoc(docOfPlain(text));
                }}
              >
                <IconLetterCase size={20} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('composer.later')}>
              <ActionIcon
                variant={later === null ? 'subtle' : 'light'}
                color={later === null ? 'gray' : undefined}
                size="lg"
                aria-label={t('composer.later')}
                aria-pressed={later !== null}
                onClick={() => setLater((current) => (current === null ? '' : null))}
              >
                <IconClock size={20} />
              </ActionIcon>
            </Tooltip>
            {wallCan?.mustRead && (
              <Tooltip label={t('composer.mustReadHint')}>
                <Checkbox
                  size="xs"
                  label={t('composer.mustRead')}
                  checked={mustRead}
                  onChange={(event) => setMustRead(event.currentTarget.checked)}
                />
              </Tooltip>
            )}
          </Group>
          <Group gap="sm">
            <Text size="xs" c="dimmed" visibleFrom="sm">
              {t('composer.shortcut')}
            </Text>
            <Button
              onClick={() => void publish()}
              loading={sending}
              disabled={upload.uploading}
              radius="xl"
              color={thanks ? 'pink' : undefined}
              leftSection={thanks ? <IconHeartHandshake size={16} /> : <IconSend size={16} />}
            >
              {later !== null ? t('composer.schedule') : t('composer.publish')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The thank-you rules, ticked off while the person types, so the refusal never comes as a surprise. */
function ThanksRules({
  length,
  mentioned,
  problems,
}: {
  length: number;
  mentioned: number;
  problems: ThanksProblem[];
}) {
  const { t } = useWallTexts();
  const rules = [
    {
      code: 'thanks_text_short',
      ok: !problems.includes('thanks_text_short'),
      text: t('composer.thanksLength', { min: THANKS_TEXT_MIN, count: length }),
    },
    {
      code: 'thanks_one_person',
      ok: !problems.includes('thanks_one_person'),
      text: t('composer.thanksOnePerson', { count: mentioned }),
    },
    { code: 'thanks_self', ok: !problems.includes('thanks_self'), text: t('composer.thanksNotSelf') },
  ];
  return (
    <Stack gap={4} data-testid="thanks-rules">
      <Text size="xs" fw={600} c="dimmed">
        {t('composer.thanksRules')}
      </Text>
      <List spacing={2} size="xs" center>
        {rules.map((rule) => (
          <List.Item
            key={rule.code}
            c={rule.ok ? 'teal' : 'dimmed'}
            icon={
              <ThemeIcon size={16} radius="xl" variant={rule.ok ? 'filled' : 'light'} color={rule.ok ? 'teal' : 'gray'}>
                {rule.ok ? <IconCheck size={11} /> : <IconPoint size={11} />}
              </ThemeIcon>
            }
          >
            {rule.text}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
