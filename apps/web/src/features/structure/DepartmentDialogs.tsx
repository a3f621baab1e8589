import { DEPARTMENT_DESCRIPTION_MAX, DEPARTMENT_NAME_MAX, type StructureNodeDto } from '@hallway/shared';
import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n';
import { errorText, fieldErrors } from '../../i18n/errors';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { CountedTextInput } from '../../ui/CountedTextInput';
import { showSuccess } from '../../ui/toast';
import { useStructureView } from './context';
import { structureMutations } from './queries';
import { useStructureTexts } from './texts';
import { moveTargets } from './tree';

export interface DialogState {
  action: 'add' | 'edit' | 'move' | 'delete';
  node: StructureNodeDto;
}

/** The dialogs of a department's menu: add below, rename/describe, move to, delete (or why it cannot be). */
export function DepartmentDialogs({
  state,
  isRoot,
  onClose,
  onCreated,
  onDeleted,
}: {
  state: DialogState | null;
  isRoot: boolean;
  onClose: () => void;
  onCreated: (id: string) => void;
  onDeleted: () => void;
}) {
  const { t } = useStructureTexts();
  const { t: common } = useTranslation();
  const queryClient = useQueryClient();
  const remove = useMutation(structureMutations.remove(queryClient));
  const node = state?.node;

  return (
    <>
      <DepartmentForm
        opened={state?.action === 'add' || state?.action === 'edit'}
        mode={state?.action === 'edit' ? 'edit' : 'add'}
        node={node}
        onClose={onClose}
        onCreated={onCreated}
      />
      <MoveDialog opened={state?.action === 'move'} node={node} onClose={onClose} />
      {state?.action === 'delete' && node && !node.can.delete && (
        <Modal
          opened
          onClose={onClose}
          title={t('department.delete')}
          centered
          closeButtonProps={{ 'aria-label': common('common.close') }}
        >
          <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />} role="alert">
            {isRoot ? t('department.rootNoDelete') : t('department.withPeopleNoDelete', { count: node.total })}
          </Alert>
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={onClose}>
              {common('common.close')}
            </Button>
          </Group>
        </Modal>
      )}
      <ConfirmDialog
        opened={state?.action === 'delete' && !!node?.can.delete}
        title={t('department.deleteTitle')}
        message={t('department.deleteText', { name: node?.name ?? '' })}
        confirmLabel={t('department.delete')}
        danger
        onConfirm={async () => {
          await remove.mutateAsync(node!._id);
          showSuccess(t('department.deleted'));
          onDeleted();
        }}
        onClose={onClose}
      />
    </>
  );
}

function DepartmentForm({
  opened,
  mode,
  node,
  onClose,
  onCreated,
}: {
  opened: boolean;
  mode: 'add' | 'edit';
  node: StructureNodeDto | undefined;
  onClose: () => void;
  onCreated: (id: string) => void;
}) {
  const { t } = useStructureTexts();
  const { t: common } = useTranslation();
  const queryClient = useQueryClient();
  const create = useMutation(structureMutations.create(queryClient));
  const update = useMutation(structureMutations.update(queryClient));
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!opened) return;
    setName(mode === 'edit' ? (node?.name ?? '') : '');
    setDescription(mode === 'edit' ? (node?.description ?? '') : '');
    setErrors({});
    setProblem(null);
  }, [opened, mode, node]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!node) return;
    if (!name.trim()) {
      setErrors({ name: common('validation.required') });
      return;
    }
    setErrors({});
    setProblem(null);
    try {
      if (mode === 'add') {
        const created = await create.mutateAsync({ parent: node._id, name: name.trim(), description });
        showSuccess(t('department.created'));
        onCreated(created._id);
      } else {
        await update.mutateAsync({ id: node._id, name: name.trim(), description });
      }
      onClose();
    } catch (error) {
      const fields = fieldErrors(error);
      setErrors(fields);
      if (!Object.keys(fields).length) setProblem(errorText(error));
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      centered
      title={mode === 'add' ? t('department.addUnder', { name: node?.name ?? '' }) : t('department.edit')}
      closeButtonProps={{ 'aria-label': common('common.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <CountedTextInput
            label={t('department.name')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            maxLength={DEPARTMENT_NAME_MAX}
            max={DEPARTMENT_NAME_MAX}
            error={errors.name}
            required
            data-autofocus
          />
          <Textarea
            label={t('department.description')}
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
            maxLength={DEPARTMENT_DESCRIPTION_MAX}
            error={errors.description}
            autosize
            minRows={2}
            maxRows={6}
            description={common('validation.counter', {
              used: description.length,
              total: DEPARTMENT_DESCRIPTION_MAX,
            })}
          />
          {problem && (
            <Text size="sm" c="red" role="alert">
              {problem}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {common('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {mode === 'add' ? t('department.add') : common('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** "Move to…": the keyboard's way to do what drag and drop does; only allowed parents are offered. */
function MoveDialog({
  opened,
  node,
  onClose,
}: {
  opened: boolean;
  node: StructureNodeDto | undefined;
  onClose: () => void;
}) {
  const { t } = useStructureTexts();
  const { t: common } = useTranslation();
  const view = useStructureView();
  const queryClient = useQueryClient();
  const move = useMutation(structureMutations.move(queryClient, view.clientId));
  const [target, setTarget] = useState<string | null>(null);

  const { reset } = move;
  useEffect(() => {
    if (opened) {
      setTarget(null);
      reset();
    }
  }, [opened, reset]);

  const options = node
    ? moveTargets(view.index, node._id).map(({ node: parent, depth }) => ({
        value: parent._id,
        label: `${'· '.repeat(depth)}${parent.name}`,
      }))
    : [];

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      centered
      title={t('department.moveTitle', { name: node?.name ?? '' })}
      closeButtonProps={{ 'aria-label': common('common.close') }}
    >
      <Stack gap="sm">
        <Select
          label={t('department.moveTarget')}
          description={t('department.moveHint')}
          data={options}
          value={target}
          onChange={setTarget}
          searchable
          comboboxProps={{ withinPortal: true }}
        />
        {move.isError && (
          <Text size="sm" c="red" role="alert">
            {errorText(move.error)}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {common('common.cancel')}
          </Button>
          <Button
            disabled={!target}
            loading={move.isPending}
            onClick={() =>
              node &&
              target &&
              move.mutate(
                { id: node._id, parent: target },
                {
                  onSuccess: () => {
                    showSuccess(t('department.moved'));
                    onClose();
                  },
                },
              )
            }
          >
            {t('department.move')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
