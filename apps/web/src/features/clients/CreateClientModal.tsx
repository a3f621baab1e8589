import {
  LOGIN_MAX,
  PASSWORD_MIN,
  SHORT_NAME_MAX,
  WORKSPACE_CODE_MAX,
  WORKSPACE_CODE_MIN,
  WORKSPACE_NAME_MAX,
} from '@hallway/shared';
import { Alert, Button, Divider, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n';
import { useValidatedForm } from '../../ui/form';
import { PasswordField } from '../../ui/PasswordField';
import { showSuccess } from '../../ui/toast';
import { useAuthTexts } from '../auth';
import { clientsMutations } from './queries';
import { useClientsTexts } from './texts';

const EMPTY = {
  workspace: '',
  name: '',
  'admin.firstName': '',
  'admin.lastName': '',
  'admin.email': '',
  'admin.login': '',
  'admin.password': '',
};

/** A new workspace and its first administrator (`POST /api/clients`); the code is Latin letters and digits. */
export function CreateClientModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useClientsTexts();
  const { t: common } = useTranslation();
  const { t: auth } = useAuthTexts();
  const creating = useMutation(clientsMutations.create(useQueryClient()));
  const form = useValidatedForm(EMPTY, {
    workspace: { required: true, alphanumeric: true, minLength: WORKSPACE_CODE_MIN, maxLength: WORKSPACE_CODE_MAX },
    name: { required: true, maxLength: WORKSPACE_NAME_MAX },
    'admin.firstName': { required: true, maxLength: SHORT_NAME_MAX },
    'admin.lastName': { required: true, maxLength: SHORT_NAME_MAX },
    'admin.email': { required: true, email: true },
    'admin.login': { maxLength: LOGIN_MAX },
    'admin.password': { required: true, minLength: PASSWORD_MIN },
  });

  const submit = form.onSubmit(async (values) => {
    const created = await creating.mutateAsync({
      workspace: values.workspace.trim(),
      name: values.name.trim(),
      admin: {
        firstName: values['admin.firstName'].trim(),
        lastName: values['admin.lastName'].trim(),
        email: values['admin.email'].trim(),
        login: values['admin.login'].trim() || undefined,
        password: values['admin.password'],
      },
    });
    showSuccess(t('createdToast', { name: created.name }));
    form.reset();
    onClose();
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('createTitle')}
      size="lg"
      closeButtonProps={{ 'aria-label': common('common.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {form.formError && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {form.formError}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              {...form.field('workspace')}
              label={t('code')}
              placeholder="northwind"
              autoCapitalize="none"
              spellCheck={false}
            />
            <TextInput {...form.field('name')} label={t('name')} />
          </SimpleGrid>
          <Divider label={t('firstAdmin')} labelPosition="left" />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput {...form.field('admin.firstName')} label={auth('firstName')} />
            <TextInput {...form.field('admin.lastName')} label={auth('lastName')} />
            <TextInput {...form.field('admin.email')} type="email" label={auth('email')} />
            <TextInput
              {...form.field('admin.login')}
              label={`${auth('loginOptional')} (${common('common.optional')})`}
              autoCapitalize="none"
            />
            <PasswordField {...form.field('admin.password')} label={auth('password')} autoComplete="new-password" />
          </SimpleGrid>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {common('common.cancel')}
            </Button>
            <Button type="submit" loading={form.submitting}>
              {t('createSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
