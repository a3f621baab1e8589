import { FEEDBACK_TEXT_MAX, FEEDBACK_TITLE_MAX } from '@hallway/shared/feedback';
import type { StoredFile } from '@hallway/shared/files';
import {
  Alert,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconCopy, IconLock } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../app/session/context';
import { useValidatedForm } from '../../ui/form';
import { showSuccess } from '../../ui/toast';
import { ANONYMOUS_UPLOAD } from './api';
import { Attach, asAttachments, FormEnd } from './FormParts';
import { feedbackMutations } from './queries';
import { useFeedbackTexts } from './texts';

/**
 * Portal §5: a report is signed with a name (the person's own, which they may change) or sent anonymously, and needs
 * a detailed description. An anonymous one's files go to the upload route that keeps no uploader, and its code is
 * shown once.
 */
export function ReportForm({ onSigned }: { onSigned: () => void }) {
  const { t } = useFeedbackTexts();
  const { user } = useSession();
  const client = useQueryClient();
  const send = useMutation(feedbackMutations.sendReport(client));
  const [anonymous, setAnonymous] = useState(true);
  const [files, setFiles] = useState<StoredFile[]>([]);
  const [code, setCode] = useState<string | null>(null);
  const ownName = user ? `${user.firstName} ${user.lastName}`.trim() : '';
  const form = useValidatedForm(
    { author_name: ownName, description: '' },
    {
      author_name: () =>
        anonymous
          ? {}
          : { required: true, maxLength: FEEDBACK_TITLE_MAX, messages: { required: t('report.form.nameRequired') } },
      description: {
        required: true,
        maxLength: FEEDBACK_TEXT_MAX,
        messages: { required: t('report.form.descriptionRequired') },
      },
    },
  );
  const switchMode = (value: string) => {
    setAnonymous(value === 'anonymous');
    // Files uploaded for one mode are not carried to the other: an anonymous report's have no uploader.
    setFiles([]);
  };
  return (
    <>
      <Card
        withBorder
        radius="md"
        component="form"
        noValidate
        onSubmit={form.onSubmit(async (values) => {
          const sent = await send.mutateAsync({
            anonymous,
            author_name: anonymous ? '' : values.author_name,
            description: values.description,
            attachments: asAttachments(files),
          });
          form.reset();
          setFiles([]);
          if (sent.code) setCode(sent.code);
          else {
            showSuccess(t('report.form.sent'));
            onSigned();
          }
        })}
      >
        <Stack>
          <SegmentedControl
            aria-label={t('report.form.who')}
            data={[
              { value: 'anonymous', label: t('report.form.anonymous') },
              { value: 'named', label: t('report.form.named') },
            ]}
            value={anonymous ? 'anonymous' : 'named'}
            onChange={switchMode}
          />
          {anonymous ? (
            <Alert icon={<IconLock />} color="teal" variant="light">
              {t('report.form.anonymousNote')}
            </Alert>
          ) : (
            <TextInput label={t('report.form.name')} maxLength={FEEDBACK_TITLE_MAX} {...form.field('author_name')} />
          )}
          <Textarea
            label={t('report.form.description')}
            placeholder={t('report.form.descriptionPlaceholder')}
            autosize
            minRows={6}
            maxRows={16}
            maxLength={FEEDBACK_TEXT_MAX}
            description={`${form.values.description.length} / ${FEEDBACK_TEXT_MAX}`}
            {...form.field('description')}
          />
          <Attach
            label={t('report.form.attachments')}
            files={files}
            onChange={setFiles}
            target={anonymous ? ANONYMOUS_UPLOAD : undefined}
          />
          <FormEnd error={form.formError} submitting={form.submitting} label={t('report.form.send')} />
        </Stack>
      </Card>
      <Modal
        opened={!!code}
        onClose={() => setCode(null)}
        title={t('report.code.title')}
        centered
        closeOnClickOutside={false}
      >
        <Stack>
          <Text size="sm">{t('report.code.text')}</Text>
          <Code block fz="lg" ta="center" data-testid="report-code">
            {code}
          </Code>
          <Group justify="space-between">
            <CopyButton value={code ?? ''}>
              {({ copied, copy }) => (
                <Button variant="light" leftSection={<IconCopy size={16} />} onClick={copy}>
                  {copied ? t('report.code.copied') : t('report.code.copy')}
                </Button>
              )}
            </CopyButton>
            <Button onClick={() => setCode(null)}>{t('report.code.done')}</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
