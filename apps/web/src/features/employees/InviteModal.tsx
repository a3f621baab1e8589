import { SHORT_NAME_MAX, TEXT_MAX } from '@hallway/shared';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n';
import { useValidatedForm } from '../../ui/form';
import { showSuccess } from '../../ui/toast';
import { usePeopleTexts } from '../profile';
import { employeesMutations } from './queries';

const EMPTY = { firstName: '', lastName: '', email: '', position: '', department: '' };

/**
 * Invites someone by e-mail (`POST api/user/invite`): a name and an address, never a password; the person sets
 * their own through the mailed link and shows as "invited" until then.
 */
export function InviteModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const inviting = useMutation(employeesMutations.invite(useQueryClient()));
  const { t } = usePeopleTexts();
  const { t: common } = useTranslation();
  const name = { required: true, maxLength: SHORT_NAME_MAX };
  const form = useValidatedForm(EMPTY, {
    firstName: name,
    lastName: name,
    email: { required: true, email: true, maxLength: TEXT_MAX },
    position: { maxLength: TEXT_MAX },
    department: { maxLength: TEXT_MAX },
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = form.onSubmit(async (values) => {
    const trimmed = Object.fromEntries(
      Object.entries(values)
        .map(([key, value]) => [key, value.trim()])
        .filter(([, value]) => value),
    );
    const person = await inviting.mutateAsync(trimmed as typeof EMPTY);
    showSuccess(t('employees.invited', { email: person.email }));
    close();
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('employees.inviteTitle')}
      size="lg"
      closeButtonProps={{ 'aria-label': common('common.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('employees.inviteHint')}
          </Text>
          {form.formError && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {form.formError}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput {...form.field('firstName')} label={t('fields.firstName')} data-autofocus />
            <TextInput {...form.field('lastName')} label={t('fields.lastName')} />
            <TextInput {...form.field('email')} label={t('fields.email')} type="email" autoComplete="off" />
            <TextInput {...form.field('position')} label={t('fields.position')} />
            <TextInput {...form.field('department')} label={t('fields.department')} />
          </SimpleGrid>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {common('common.cancel')}
            </Button>
            <Button type="submit" loading={form.submitting}>
              {t('employees.inviteSend')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
