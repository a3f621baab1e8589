import { PASSWORD_MIN } from '@hallway/shared';
import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useValidatedForm } from '../../ui/form';
import { PasswordField } from '../../ui/PasswordField';
import { AuthLayout } from './AuthLayout';
import { resetPasswordCall } from './api';

/** /reset-password/:token: both fields must be equal (spec portal §5 "Login"). */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const [done, setDone] = useState(false);
  const form = useValidatedForm(
    { password: '', confirmation: '' },
    {
      password: { required: true, minLength: PASSWORD_MIN },
      confirmation: (values) => ({ required: true, equals: () => values.password }),
    },
  );
  const submit = form.onSubmit(async ({ password, confirmation }) => {
    await resetPasswordCall(token, password, confirmation);
    setDone(true);
  });

  return (
    <AuthLayout
      title={t('auth.resetTitle')}
      footer={
        <Anchor component={Link} to="/login/" size="sm">
          {t('auth.backToLogin')}
        </Anchor>
      }
    >
      {done ? (
        <Stack gap="md">
          <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} role="status">
            {t('auth.passwordChanged')}
          </Alert>
          <Button component={Link} to="/login/" fullWidth>
            {t('auth.signIn')}
          </Button>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {form.formError && (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                {form.formError}
              </Alert>
            )}
            <PasswordField {...form.field('password')} label={t('auth.newPassword')} autoComplete="new-password" />
            <PasswordField {...form.field('confirmation')} label={t('auth.confirmation')} autoComplete="new-password" />
            <Button type="submit" fullWidth loading={form.submitting}>
              {t('auth.setPassword')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
