import { FEEDBACK_TEXT_MAX, FEEDBACK_TITLE_MAX } from '@hallway/shared/feedback';
import type { StoredFile } from '@hallway/shared/files';
import { Card, Stack, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CountedTextInput } from '../../ui/CountedTextInput';
import { useValidatedForm } from '../../ui/form';
import { showSuccess } from '../../ui/toast';
import { Attach, asAttachments, FormEnd } from './FormParts';
import { feedbackMutations } from './queries';
import { useFeedbackTexts } from './texts';

/** Portal §5: an idea's title and description are each required; attachments are optional. */
export function IdeaForm({ onSent }: { onSent: () => void }) {
  const { t } = useFeedbackTexts();
  const client = useQueryClient();
  const send = useMutation(feedbackMutations.sendIdea(client));
  const [files, setFiles] = useState<StoredFile[]>([]);
  const form = useValidatedForm(
    { title: '', description: '' },
    {
      title: { required: true, maxLength: FEEDBACK_TITLE_MAX, messages: { required: t('idea.form.titleRequired') } },
      description: {
        required: true,
        maxLength: FEEDBACK_TEXT_MAX,
        messages: { required: t('idea.form.descriptionRequired') },
      },
    },
  );
  return (
    <Card
      withBorder
      radius="md"
      component="form"
      onSubmit={form.onSubmit(async (values) => {
        await send.mutateAsync({ ...values, attachments: asAttachments(files) });
        showSuccess(t('idea.form.sent'));
        form.reset();
        setFiles([]);
        onSent();
      })}
      noValidate
    >
      <Stack>
        <CountedTextInput
          label={t('idea.form.title')}
          placeholder={t('idea.form.titlePlaceholder')}
          max={FEEDBACK_TITLE_MAX}
          {...form.field('title')}
        />
        <Textarea
          label={t('idea.form.description')}
          placeholder={t('idea.form.descriptionPlaceholder')}
          autosize
          minRows={5}
          maxRows={14}
          maxLength={FEEDBACK_TEXT_MAX}
          description={`${form.values.description.length} / ${FEEDBACK_TEXT_MAX}`}
          {...form.field('description')}
        />
        <Attach label={t('idea.form.attachments')} files={files} onChange={setFiles} />
        <FormEnd error={form.formError} submitting={form.submitting} label={t('idea.form.send')} />
      </Stack>
    </Card>
  );
}
