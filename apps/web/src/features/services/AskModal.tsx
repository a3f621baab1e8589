import type { StoredFile } from '@hallway/shared';
import { SERVICE_ASK_TEXT_MAX, SERVICE_FILES_MAX } from '@hallway/shared/services';
import { Alert, Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../app/session/context';
import { errorText, fieldErrors } from '../../i18n/errors';
import { showSuccess } from '../../ui/toast';
import { LengthCounter } from '../../ui/ValidatedInput';
import { FilesInput } from './FilesInput';
import { serviceMutations, serviceQueries } from './queries';
import { useServicesTexts } from './texts';

/** "Ask the office" (portal `POST api/user/send_service_req`): a text and attachments. */
export function AskModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useServicesTexts();
  const { client } = useSession();
  const navigate = useNavigate();
  const ask = useMutation(serviceMutations.ask(useQueryClient()));
  const settings = useQuery({ ...serviceQueries.ask(client?._id ?? ''), enabled: opened && !!client?._id });
  const [text, setText] = useState('');
  const [files, setFiles] = useState<StoredFile[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setText('');
    setFiles([]);
    setErrors({});
    setFailure(null);
    onClose();
  };
  const send = async () => {
    if (!text.trim()) return setErrors({ text: t('ask.required') });
    setBusy(true);
    setFailure(null);
    try {
      const answer = await ask.mutateAsync({ text: text.trim(), attachments: files.map((file) => file._id) });
      showSuccess(answer.bp ? t('ask.sentRequest') : t('ask.sent'));
      close();
      if (answer.bp) navigate(`/service/${answer.bp}`);
    } catch (err) {
      const byField = fieldErrors(err);
      setErrors(byField);
      if (!Object.keys(byField).length) setFailure(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={close} title={t('ask.title')} closeButtonProps={{ 'aria-label': t('ask.close') }}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <Stack>
          {settings.data && !settings.data.enabled && <Alert color="yellow">{t('ask.unavailable')}</Alert>}
          <Textarea
            label={t('ask.text')}
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
              setErrors({});
            }}
            maxLength={SERVICE_ASK_TEXT_MAX}
            autosize
            minRows={4}
            required
            error={errors.text}
            description={<LengthCounter length={text.length} max={SERVICE_ASK_TEXT_MAX} />}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            data-autofocus
          />
          <FilesInput
            label={t('ask.attachments')}
            value={files}
            onChange={setFiles}
            max={SERVICE_FILES_MAX}
            error={errors.attachments}
          />
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('ask.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('ask.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
