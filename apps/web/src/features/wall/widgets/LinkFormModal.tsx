import { TEXT_MAX } from '@hallway/shared';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useValidatedForm } from '../../../ui/form';
import type { LinkInput } from '../api';
import { useWallTexts } from '../texts';

/** A useful link's title and address (modules §5: a title and a valid link are required). */
export function LinkFormModal({
  initial,
  onSave,
  onClose,
}: {
  initial: LinkInput | null;
  onSave: (link: LinkInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useWallTexts();
  const rules = useMemo(
    () => ({ title: { required: true, maxLength: TEXT_MAX }, link: { required: true, url: true, maxLength: 2000 } }),
    [],
  );
  const form = useValidatedForm({ title: initial?.title ?? '', link: initial?.link ?? '' }, rules);
  const submit = form.onSubmit(async (values) => {
    await onSave({
      ...(initial?._id ? { _id: initial._id } : {}),
      title: values.title.trim(),
      link: values.link.trim(),
    });
    onClose();
  });
  return (
    <Modal
      opened
      onClose={onClose}
      centered
      title={initial?._id ? t('widgets.links.formTitleEdit') : t('widgets.links.formTitleNew')}
      closeButtonProps={{ 'aria-label': t('attachments.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label={t('widgets.links.titleField')} data-autofocus {...form.field('title')} />
          <TextInput
            label={t('widgets.links.linkField')}
            placeholder={t('widgets.links.linkPlaceholder')}
            type="url"
            {...form.field('link')}
          />
          {form.formError && (
            <Text size="sm" c="red" role="alert">
              {form.formError}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={form.submitting}>
              {t('post.cancel')}
            </Button>
            <Button type="submit" loading={form.submitting}>
              {t('widgets.links.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
