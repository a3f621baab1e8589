import { docText, type PostKind, type RichDoc, type StoredFile, THANKS_TEXT_MIN } from '@hallway/shared';
import { ActionIcon, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { errorText, translateCode } from '../../i18n/errors';
import { UploadProgress } from '../../ui/FileUpload';
import { useUpload } from '../../ui/useUpload';
import { DraftAttachments } from './Attachments';
import { useWall } from './context';
import { editableDoc, markDoc } from './editor/convert';
import { MentionTextarea } from './MentionTextarea';
import { fromMarkup } from './mentions';
import { checkDraft } from './rules';
import { useWallTexts } from './texts';

export interface EditedText {
  text: string;
  /** Sent back for a formatted post, so that editing keeps its formatting. */
  doc?: RichDoc;
  mentions: string[];
  attachments?: string[];
}

const RichEditor = lazy(() => import('./editor/RichEditor'));

export interface PostEditorProps {
  /** The stored text, with mention markup. */
  text: string;
  /** A formatted post's document: it is edited in the formatting editor. */
  doc?: RichDoc | null;
  label: string;
  kind?: PostKind;
  /** Given for posts: their files can be removed and added. */
  attachments?: StoredFile[];
  onSave: (edited: EditedText) => Promise<unknown>;
  onCancel: () => void;
}

/** Edits a post or a comment in place, with the same rules as writing it; Ctrl+Enter saves, Escape cancels. */
export function PostEditor({
  text: stored,
  doc: storedDoc,
  label,
  kind = 'post',
  attachments,
  onSave,
  onCancel,
}: PostEditorProps) {
  const { t } = useWallTexts();
  const { reader } = useWall();
  const [initial] = useState(() =>
    storedDoc ? { ...editableDoc(storedDoc), text: '' } : { ...fromMarkup(stored), doc: null as RichDoc | null },
  );
  const [text, setText] = useState(initial.text);
  const [doc, setDoc] = useState<RichDoc | null>(initial.doc);
  const [mentions, setMentions] = useState(initial.mentions);
  const [files, setFiles] = useState<StoredFile[]>(attachments ?? []);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const upload = useUpload({ purpose: 'attachment' });

  const save = async () => {
    const check = checkDraft(doc ? docText(doc) : text, mentions, kind, reader.userId);
    if (check.empty) return setError(t('composer.empty'));
    if (check.thanks.length) {
      return setError(check.thanks.map((code) => translateCode(code, { min: THANKS_TEXT_MIN })).join('. '));
    }
    setSaving(true);
    setError(null);
    try {
      const formatted = doc ? markDoc(doc, mentions) : null;
      await onSave({
        text: formatted?.text ?? check.text,
        ...(formatted ? { doc: formatted.doc } : {}),
        mentions: check.mentions,
        ...(attachments ? { attachments: files.map((file) => file._id) } : {}),
      });
    } catch (failure) {
      setError(errorText(failure));
      setSaving(false);
    }
  };

  return (
    <Stack
      gap="xs"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !event.defaultPrevented) onCancel();
      }}
    >
      {initial.doc ? (
        <Suspense fallback={null}>
          <RichEditor
            initial={initial.doc}
            onChange={setDoc}
            mentions={mentions}
            onMentionsChange={setMentions}
            onSubmit={() => void save()}
            label={label}
            autoFocus
            invalid={!!error}
          />
          {error && (
            <Text size="sm" c="red" role="alert">
              {error}
            </Text>
          )}
        </Suspense>
      ) : (
        <MentionTextarea
          aria-label={label}
          autosize
          minRows={2}
          maxRows={14}
          value={text}
          onChange={setText}
          mentions={mentions}
          onMentionsChange={setMentions}
          onSubmit={() => void save()}
          data-autofocus
          autoFocus
          error={error ?? undefined}
        />
      )}
      {attachments && (
        <>
          <DraftAttachments
            files={files}
            onRemove={(id) => setFiles((current) => current.filter((f) => f._id !== id))}
          />
          <UploadProgress value={upload.progress} />
          {upload.error && (
            <Text size="sm" c="red" role="alert">
              {upload.error}
            </Text>
          )}
        </>
      )}
      <Group justify="space-between">
        {attachments ? (
          <FileButton
            multiple
            onChange={async (picked: File[]) => {
              const results = await upload.upload(picked);
              if (results?.length) setFiles((current) => [...current, ...results.map((r) => r.file)]);
            }}
          >
            {(props) => (
              <ActionIcon
                {...props}
                variant="subtle"
                color="gray"
                aria-label={t('composer.attach')}
                loading={upload.uploading}
              >
                <IconPaperclip size={18} />
              </ActionIcon>
            )}
          </FileButton>
        ) : (
          <span />
        )}
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={onCancel} disabled={saving}>
            {t('post.cancel')}
          </Button>
          <Button size="xs" onClick={() => void save()} loading={saving} disabled={upload.uploading}>
            {t('post.save')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
