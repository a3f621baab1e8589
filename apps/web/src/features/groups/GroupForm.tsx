import {
  GROUP_DESCRIPTION_MAX,
  GROUP_NAME_MAX,
  GROUP_TYPES,
  type GroupDetailDto,
  type GroupType,
  type StoredFile,
} from '@hallway/shared';
import { Alert, Button, FileButton, Group, Image, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CountedTextInput } from '../../ui/CountedTextInput';
import { UploadProgress } from '../../ui/FileUpload';
import { useValidatedForm } from '../../ui/form';
import { showSuccess } from '../../ui/toast';
import { useUpload } from '../../ui/useUpload';
import { LengthCounter } from '../../ui/ValidatedInput';
import { groupMutations } from './queries';
import { useGroupsTexts } from './texts';

export interface GroupFormValues {
  name: string;
  description: string;
  type: GroupType | '';
  cover: StoredFile | null;
  avatar: StoredFile | null;
}

const RULES = {
  name: { required: true, maxLength: GROUP_NAME_MAX },
  description: { required: true, maxLength: GROUP_DESCRIPTION_MAX },
  type: { required: true },
};

/** A picture of the group (cover or avatar): upload, preview, remove. */
function PictureField({
  label,
  value,
  onChange,
  wide,
}: {
  label: string;
  value: StoredFile | null;
  onChange: (file: StoredFile | null) => void;
  wide?: boolean;
}) {
  const { t } = useGroupsTexts();
  const upload = useUpload();
  const pick = async (file: File | null) => {
    if (!file) return;
    const results = await upload.upload([file]);
    if (results?.[0]) onChange(results[0].file);
  };
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="sm" wrap="nowrap">
        {value ? (
          <Image src={value.mini ?? value.src} alt="" w={wide ? 120 : 56} h={56} radius="md" fit="cover" />
        ) : (
          <Group
            w={wide ? 120 : 56}
            h={56}
            justify="center"
            style={{ borderRadius: 8, background: 'var(--mantine-color-default-hover)' }}
            aria-hidden
          >
            <IconPhoto size={22} color="var(--mantine-color-dimmed)" />
          </Group>
        )}
        <FileButton accept="image/*" onChange={(file) => void pick(file)}>
          {(props) => (
            <Button
              {...props}
              variant="default"
              size="xs"
              loading={upload.uploading}
              aria-label={`${label}: ${t('form.upload')}`}
            >
              {t('form.upload')}
            </Button>
          )}
        </FileButton>
        {value && (
          <Button
            variant="subtle"
            color="gray"
            size="xs"
            onClick={() => onChange(null)}
            aria-label={`${label}: ${t('form.removePicture')}`}
          >
            {t('form.removePicture')}
          </Button>
        )}
      </Group>
      <UploadProgress value={upload.progress} />
      {upload.error && (
        <Text size="xs" c="red" role="alert">
          {upload.error}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The group's main fields (spec portal §5 "Groups"): name ≤ 50 and description ≤ 250, both required, with counters
 * near the limit; type required, each option with its meaning. Server refusals land on their fields in the person's language.
 */
export function GroupFields({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: GroupFormValues;
  submitLabel: string;
  onSubmit: (values: GroupFormValues) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const { t } = useGroupsTexts();
  const [pictures, setPictures] = useState({ cover: initial.cover, avatar: initial.avatar });
  const form = useValidatedForm(
    { name: initial.name, description: initial.description, type: initial.type as string },
    {
      ...RULES,
      type: { required: true, messages: { required: t('form.typeRequired') } },
    },
  );
  const typeData = GROUP_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }));
  const chosen = form.values.type as GroupType | '';
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        onSubmit({ ...values, type: values.type as GroupType, cover: pictures.cover, avatar: pictures.avatar }),
      )}
    >
      <Stack gap="sm">
        <CountedTextInput label={t('form.name')} {...form.field('name')} max={GROUP_NAME_MAX} data-autofocus />
        <Textarea
          label={t('form.description')}
          autosize
          minRows={3}
          maxRows={8}
          {...form.field('description')}
          description={<LengthCounter length={form.values.description.length} max={GROUP_DESCRIPTION_MAX} />}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
        <Select
          label={t('form.type')}
          data={typeData}
          value={chosen || null}
          onChange={(value) => form.setValue('type', value ?? '')}
          error={form.errorOf('type') ?? undefined}
          withAsterisk
          allowDeselect={false}
          // Each type says what it means in the list, the chosen one under the field.
          renderOption={({ option, checked }) => (
            <Stack gap={0}>
              <Text size="sm" fw={checked ? 600 : 500}>
                {option.label}
              </Text>
              <Text size="xs" c="dimmed">
                {t(`types.${option.value as GroupType}Hint`)}
              </Text>
            </Stack>
          )}
          comboboxProps={{ width: 'target' }}
          description={chosen ? t(`types.${chosen}Hint`) : undefined}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
        <Group gap="lg" align="flex-start" wrap="wrap">
          <PictureField
            label={t('form.cover')}
            value={pictures.cover}
            wide
            onChange={(cover) => setPictures((p) => ({ ...p, cover }))}
          />
          <PictureField
            label={t('form.avatar')}
            value={pictures.avatar}
            onChange={(avatar) => setPictures((p) => ({ ...p, avatar }))}
          />
        </Group>
        {form.formError && (
          <Alert color="red" variant="light" role="alert" py="xs">
            {form.formError}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('form.cancel')}
            </Button>
          )}
          <Button type="submit" loading={form.submitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export const bodyOf = (values: GroupFormValues) => ({
  name: values.name.trim(),
  description: values.description.trim(),
  type: values.type as GroupType,
  cover: values.cover?._id ?? null,
  avatar: values.avatar?._id ?? null,
});

/** A new group starts public (open to all), the most common kind; the form says what each type means. */
const EMPTY: GroupFormValues = { name: '', description: '', type: 'public', cover: null, avatar: null };

/** "New group": the created group opens at once. */
export function CreateGroupModal({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (group: GroupDetailDto) => void;
}) {
  const { t } = useGroupsTexts();
  const client = useQueryClient();
  const create = useMutation(groupMutations.create(client));
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('form.createTitle')}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('form.cancel') }}
    >
      {opened && (
        <GroupFields
          initial={EMPTY}
          submitLabel={t('form.create')}
          onCancel={onClose}
          onSubmit={async (values) => {
            const group = await create.mutateAsync(bodyOf(values));
            showSuccess(t('form.created'));
            onCreated(group);
          }}
        />
      )}
    </Modal>
  );
}
