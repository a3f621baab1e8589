import {
  INN_LENGTH,
  LOGIN_MAX,
  PASSWORD_MIN,
  PHONE_MAX,
  type RegisterBody,
  SHORT_NAME_MAX,
  TEXT_MAX,
} from '@hallway/shared';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n';
import { translateCode } from '../../i18n/errors';
import { useValidatedForm } from '../../ui/form';
import { PasswordField } from '../../ui/PasswordField';
import { showSuccess } from '../../ui/toast';
import { usePeopleTexts } from '../profile';
import { employeesMutations } from './queries';

const EMPTY = {
  firstName: '',
  lastName: '',
  middleName: '',
  email: '',
  login: '',
  password: '',
  confirmation: '',
  position: '',
  department: '',
  phone: '',
  inn: '',
};

/** Adds an employee through `POST api/register` with the rules of spec portal §5 "Employees". */
export function AddEmployeeModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const registering = useMutation(employeesMutations.register(useQueryClient()));
  const { t } = usePeopleTexts();
  const { t: common } = useTranslation();
  const name = { required: true, maxLength: SHORT_NAME_MAX };
  const form = useValidatedForm(EMPTY, {
    firstName: name,
    lastName: name,
    middleName: { maxLength: SHORT_NAME_MAX },
    email: { required: true, email: true, maxLength: TEXT_MAX },
    login: { maxLength: LOGIN_MAX },
    password: { required: true, minLength: PASSWORD_MIN },
    confirmation: (values) => ({ required: true, equals: () => values.password }),
    position: { maxLength: TEXT_MAX },
    department: { maxLength: TEXT_MAX },
    phone: { maxLength: PHONE_MAX },
    inn: { pattern: new RegExp(`^\\d{${INN_LENGTH}}$`), messages: { pattern: translateCode('inn_invalid') } },
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = form.onSubmit(async (values) => {
    const body: Record<string, string> = {};
    for (const [key, value] of Object.entries(values)) if (value.trim()) body[key] = value.trim();
    const answer = await registering.mutateAsync(body as unknown as RegisterBody);
    // 'empls.success' is the spec's key for a finished registration (portal §4 "Session").
    showSuccess(common(answer.message as 'empls.success'));
    close();
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('employees.addTitle')}
      size="lg"
      closeButtonProps={{ 'aria-label': common('common.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {form.formError && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {form.formError}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput {...form.field('firstName')} label={t('fields.firstName')} data-autofocus />
            <TextInput {...form.field('lastName')} label={t('fields.lastName')} />
            <TextInput {...form.field('middleName')} label={t('fields.middleName')} />
            <TextInput {...form.field('email')} label={t('fields.email')} type="email" autoComplete="off" />
            <TextInput {...form.field('login')} label={t('fields.login')} autoComplete="off" />
            <TextInput {...form.field('phone')} label={t('fields.phone')} type="tel" />
            <PasswordField {...form.field('password')} label={t('fields.password')} autoComplete="new-password" />
            <PasswordField
              {...form.field('confirmation')}
              label={t('fields.confirmation')}
              autoComplete="new-password"
            />
            <TextInput {...form.field('position')} label={t('fields.position')} />
            <TextInput {...form.field('department')} label={t('fields.department')} />
            <TextInput {...form.field('inn')} label={t('fields.inn')} inputMode="numeric" maxLength={INN_LENGTH} />
          </SimpleGrid>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {common('common.cancel')}
            </Button>
            <Button type="submit" loading={form.submitting}>
              {t('employees.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
