import { PASSWORD_MIN, type UserDto } from '@hallway/shared';
import { Alert, Button, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useValidatedForm } from '../../ui/form';
import { PasswordField } from '../../ui/PasswordField';
import { usePeopleTexts } from './texts';
import { usePersonSaver } from './usePersonSaver';

/** The own password: the current one is required (spec portal §5 "Employees"); other sessions end. */
export function PasswordCard({ person }: { person: UserDto }) {
  const { t } = usePeopleTexts();
  const save = usePersonSaver(person);
  const form = useValidatedForm(
    { oldPassword: '', password: '', confirmation: '' },
    {
      oldPassword: { required: true },
      password: { required: true, minLength: PASSWORD_MIN },
      confirmation: (values) => ({ required: true, equals: () => values.password }),
    },
  );
  const submit = form.onSubmit(async (values) => {
    await save(values, t('profile.passwordChanged'));
    form.reset();
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Title order={2} size="h5">
          {t('profile.passwordTitle')}
        </Title>
        {form.formError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {form.formError}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <PasswordField
            {...form.field('oldPassword')}
            label={t('fields.oldPassword')}
            autoComplete="current-password"
          />
          <PasswordField {...form.field('password')} label={t('fields.newPassword')} autoComplete="new-password" />
          <PasswordField {...form.field('confirmation')} label={t('fields.confirmation')} autoComplete="new-password" />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={form.submitting}>
            {t('profile.changePassword')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
