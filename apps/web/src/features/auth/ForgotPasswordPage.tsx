import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useValidatedForm } from '../../ui/form';
import { AuthLayout } from './AuthLayout';
import { authMutations } from './queries';
import { useAuthTexts } from './texts';

/** /forgot-password/: a reset link by e-mail, asked for by any name sign-in takes (login or e-mail). */
export default function ForgotPasswordPage() {
  const { t } = useAuthTexts();
  const [sent, setSent] = useState(false);
  const sending = useMutation(authMutations.forgotPassword());
  // `email` is the call's field (the spec's name): it takes a login as well, as sign-in does.
  const form = useValidatedForm({ email: '' }, { email: { required: true } });
  const submit = form.onSubmit(async ({ email }) => {
    await sending.mutateAsync(email.trim());
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
            <TextInput {...form.field('email')} label={t('login')} autoComplete="username" autoCapitalize="none" />
            <Button type="submit" fullWidth loading={form.submitting}>
              {t('sendLink')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
