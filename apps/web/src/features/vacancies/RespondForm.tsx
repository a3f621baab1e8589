import { formatBytes, POST_ATTACHMENT_LIMIT_BYTES, type StoredFile } from '@hallway/shared';
import { VACANCY_RESPONSE_MAX } from '@hallway/shared/articles';
import { ActionIcon, Alert, Button, FileButton, Group, Modal, Stack, Text, Textarea, ThemeIcon } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCircleCheck, IconFileText, IconPaperclip, IconX } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { errorText, fieldErrors } from '../../i18n/errors';
import { UploadProgress } from '../../ui/FileUpload';
import { useUpload } from '../../ui/useUpload';
import { LengthCounter } from '../../ui/ValidatedInput';
import { vacancyMutations } from './queries';
import { useVacanciesTexts } from './texts';

/** A response carries at most this many files (`vacancyRespondBody.attachments`). */
export const RESPONSE_FILES_MAX = 5;

/**
 * "Respond" (modules §7 `POST api/article/vac_respond`): a message and the CV — at least one file, at most five,
 * each up to 20 MB, uploaded with progress as attachments — sent to the vacancy's receivers.
 */
export function RespondForm({ vacancyId, onClose }: { vacancyId: string; onClose: () => void }) {
  const { t } = useVacanciesTexts();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<StoredFile[]>([]);
  const [filesError, setFilesError] = useState<string | null>(null);
  const [textError, setTextError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const upload = useUpload({ purpose: 'attachment' });
  const respond = useMutation(vacancyMutations.respond());

  const attach = async (picked: File[]) => {
    if (!picked.length) return;
    if (files.length + picked.length > RESPONSE_FILES_MAX) {
      setFilesError(t('respond.tooMany', { max: RESPONSE_FILES_MAX }));
      return;
    }
    setFilesError(null);
    const results = await upload.upload(picked);
    if (results?.length) setFiles((current) => [...current, ...results.map((result) => result.file)]);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (respond.isPending || upload.uploading) return;
    const tooLong = text.trim().length > VACANCY_RESPONSE_MAX;
    setTextError(tooLong ? t('respond.messageTooLong', { max: VACANCY_RESPONSE_MAX }) : null);
    setFilesError(files.length ? null : t('respond.cvRequired'));
    if (tooLong || !files.length) return;
    setFormError(null);
    try {
      await respond.mutateAsync({ vacancy_id: vacancyId, text: text.trim(), attachments: files.map((f) => f._id) });
      setSent(true);
    } catch (error) {
      const byField = fieldErrors(error);
      if (byField.attachments) setFilesError(byField.attachments);
      else if (byField.text) setTextError(byField.text);
      else setFormError(errorText(error));
    }
  };

  if (sent) {
    return (
      <Stack align="center" ta="center" gap="xs" py="md" role="status">
        <ThemeIcon size={56} radius="xl" color="teal" variant="light" aria-hidden>
          <IconCircleCheck size={32} />
        </ThemeIcon>
        <Text fw={600} size="lg">
          {t('respond.sent')}
        </Text>
        <Text c="dimmed" size="sm" maw={420}>
          {t('respond.sentText')}
        </Text>
        <Button mt="sm" onClick={onClose} data-autofocus>
          {t('respond.close')}
        </Button>
      </Stack>
    );
  }

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('respond.intro')}
        </Text>
        <Textarea
          label={t('respond.message')}
          placeholder={t('respond.messagePlaceholder')}
          autosize
          minRows={4}
          maxRows={12}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setTextError(null);
          }}
          error={textError}
          description={<LengthCounter length={text.length} max={VACANCY_RESPONSE_MAX} />}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          data-autofocus
        />
        <Stack gap={6} role="group" aria-labelledby="respond-files-label">
          <Text size="sm" fw={500} id="respond-files-label">
            {t('respond.cv')}{' '}
            <Text span c="red" aria-hidden>
              *
            </Text>
          </Text>
          <Text size="xs" c="dimmed">
            {t('respond.cvHint', { max: RESPONSE_FILES_MAX, size: formatBytes(POST_ATTACHMENT_LIMIT_BYTES) })}
          </Text>
          {files.length > 0 && (
            <Stack
              gap={4}
              component="ul"
              aria-label={t('respond.files')}
              style={{ listStyle: 'none', margin: 0, padding: 0 }}
            >
              {files.map((file) => (
                <Group key={file._id} component="li" gap="xs" wrap="nowrap">
                  <IconFileText size={16} aria-hidden style={{ flexShrink: 0 }} />
                  <Text size="sm" truncate="end" style={{ flex: 1, minWidth: 0 }}>
                    {file.name}
                  </Text>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="sm"
                    aria-label={t('respond.remove', { name: file.name })}
                    onClick={() => setFiles((current) => current.filter((f) => f._id !== file._id))}
                  >
                    <IconX size={14} />
                  </ActionIcon>
                </Group>
              ))}
            </Stack>
          )}
          <FileButton
            multiple
            onChange={(picked: File[]) => void attach(picked)}
            disabled={upload.uploading || files.length >= RESPONSE_FILES_MAX}
            inputProps={{ 'data-testid': 'cv-input' } as Record<string, string>}
          >
            {(props) => (
              <Button
                {...props}
                variant="light"
                leftSection={<IconPaperclip size={16} />}
                loading={upload.uploading}
                w="fit-content"
              >
                {t('respond.choose')}
              </Button>
            )}
          </FileButton>
          <UploadProgress value={upload.progress} />
          {(filesError || upload.error) && (
            <Text size="sm" c="red" role="alert">
              {filesError ?? upload.error}
            </Text>
          )}
        </Stack>
        {formError && (
          <Alert color="red" variant="light" role="alert" py="xs">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('respond.cancel')}
          </Button>
          <Button type="submit" loading={respond.isPending} disabled={upload.uploading}>
            {t('respond.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The respond form's dialog: the whole screen on a phone. */
export function RespondModal({
  vacancyId,
  title,
  opened,
  onClose,
}: {
  vacancyId: string;
  title: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useVacanciesTexts();
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('respond.title', { title })}
      size="lg"
      centered
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('respond.close') }}
    >
      {opened && <RespondForm vacancyId={vacancyId} onClose={onClose} />}
    </Modal>
  );
}
