import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useValidatedForm } from '../../ui/form';
import { AuthLayout } from './AuthLayout';
import { forgotPasswordCall } from './api';
import { useAuthTexts } from './texts';

/** /forgot-password/: a reset link by e-mail. */
export default function ForgotPasswordPage() {
  const { t } = useAuthTexts();
  const [sent, setSent] = useState(false);
  const form = useValidatedForm({ email: '' }, { email: { required: true, email: true } });
  const submit = form.onSubmit(async ({ email }) => {
    await forgotPasswordCall(email.trim());
    setSent(true);
  });

  return (
    <AuthLayout
      title={t('forgotTitle')}
      footer={
        <Anchor component={Link} to="/login/" size="sm">
          {t('backToLogin')}
        </Anchor>
      }
    >
      {sent ? (
        <Alert color="teal" variant="light" icon={<IconMailCheck size={18} />} role="status">
          {t('linkSent')}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {t('forgotHint')}
            </Text>
            {form.formError && (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                {form.formError}
              </Alert>
            )}
            <TextInput {...form.field('email')} type="email" label={t('email')} autoComplete="email" />
            <Button type="submit" fullWidth loading={form.submitting}>
              {t('sendLink')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
