import type { PersonCard } from '@hallway/shared';
import { DESK_DESCRIPTION_MAX, DESK_NAME_MAX, DESK_TYPES, type DeskDto, type DeskType } from '@hallway/shared/tasks';
import { Button, ColorInput, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText, fieldErrors } from '../../i18n/errors';
import { CountedTextInput } from '../../ui/CountedTextInput';
import { FileUpload } from '../../ui/FileUpload';
import { PeoplePicker, type PickedPerson } from '../../ui/PeoplePicker';
import { backgroundStyle, SWATCHES } from './format';
import { ProjectSelect } from './ProjectSelect';
import { taskMutations } from './queries';
import { useTasksTexts } from './texts';

interface DeskFormProps {
  opened: boolean;
  onClose: () => void;
  /** The desk to edit; a new one without it. */
  desk?: DeskDto;
  onCreated?: (desk: DeskDto) => void;
  /** A new desk's project, chosen already (a project page's "new desk"). */
  project?: string;
}

const ids = (people: PersonCard[] | undefined) => (people ?? []).map((person) => person._id);

/** The desk's form in a modal: a new desk (empty or from the template) or an existing one's settings and people. */
export function DeskForm({ opened, onClose, desk, onCreated, project: preset }: DeskFormProps) {
  const { t } = useTasksTexts();
  const client = useQueryClient();
  const create = useMutation(taskMutations.createDesk(client));
  const update = useMutation(taskMutations.updateDesk(client, desk?._id ?? ''));
  const saving = desk ? update : create;
  const [name, setName] = useState(desk?.name ?? '');
  const [description, setDescription] = useState(desk?.description ?? '');
  const [type, setType] = useState<DeskType>(desk?.type ?? 'active');
  const [template, setTemplate] = useState<'basic' | 'empty'>('basic');
  const [background, setBackground] = useState(desk?.background ?? '');
  const [admins, setAdmins] = useState(ids(desk?.admins));
  const [members, setMembers] = useState(ids(desk?.members));
  const [project, setProject] = useState<string | null>(desk ? desk.project : (preset ?? null));
  const known: PickedPerson[] = [...(desk?.admins ?? []), ...(desk?.members ?? [])];
  const errors = fieldErrors(saving.error);
  const general = saving.error && Object.keys(errors).length === 0 ? errorText(saving.error) : null;

  const submit = () => {
    const body = { name, description, type, background, admins, members, project };
    if (desk) update.mutate(body, { onSuccess: onClose });
    else
      create.mutate(
        { ...body, template },
        {
          onSuccess: (created) => {
            onClose();
            onCreated?.(created);
          },
        },
      );
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={desk ? t('form.editTitle') : t('form.createTitle')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('form.cancel') }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <CountedTextInput
            label={t('form.name')}
            value={name}
            max={DESK_NAME_MAX}
            maxLength={DESK_NAME_MAX}
            required
            data-autofocus
            error={errors.name}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <Textarea
            label={t('form.description')}
            value={description}
            maxLength={DESK_DESCRIPTION_MAX}
            autosize
            minRows={2}
            error={errors.description}
            onChange={(event) => setDescription(event.currentTarget.value)}
          />
          <Radio.Group label={t('form.type')} value={type} onChange={(value) => setType(value as DeskType)}>
            <Stack gap={6} mt={4}>
              {DESK_TYPES.map((value) => (
                <Radio key={value} value={value} label={t(`types.${value}`)} description={t(`types.${value}Hint`)} />
              ))}
            </Stack>
          </Radio.Group>
          {!desk && (
            <Radio.Group
              label={t('form.template')}
              value={template}
              onChange={(value) => setTemplate(value as 'basic' | 'empty')}
            >
              <Group gap="md" mt={4}>
                <Radio value="basic" label={t('form.templateBasic')} />
                <Radio value="empty" label={t('form.templateEmpty')} />
              </Group>
            </Radio.Group>
          )}
          <Stack gap={6}>
            <ColorInput
              label={t('form.background')}
              description={t('form.backgroundHint')}
              value={background.startsWith('#') ? background : ''}
              onChange={setBackground}
              swatches={SWATCHES}
              format="hex"
              error={errors.background}
            />
            <FileUpload
              purpose="general"
              accept="image/*"
              label={t('form.backgroundImage')}
              onUploaded={([first]) => first && setBackground(first.url)}
            />
            {background && (
              <Group gap="sm">
                <div className="tasks-background-preview" style={backgroundStyle(background)} aria-hidden />
                <Button variant="subtle" size="compact-sm" onClick={() => setBackground('')}>
                  {t('form.backgroundRemove')}
                </Button>
              </Group>
            )}
          </Stack>
          <ProjectSelect label={t('form.project')} value={project} onChange={setProject} error={errors.project} />
          <PeoplePicker
            label={t('form.admins')}
            value={admins}
            known={known}
            onChange={(next) => setAdmins(next)}
            error={errors.admins}
          />
          <PeoplePicker
            label={t('form.members')}
            value={members}
            known={known}
            exclude={admins}
            onChange={(next) => setMembers(next)}
            error={errors.members}
          />
          {general && (
            <Text c="red" size="sm" role="alert">
              {general}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" loading={saving.isPending} disabled={!name.trim()}>
              {desk ? t('form.save') : t('form.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
