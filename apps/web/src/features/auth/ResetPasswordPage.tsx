import { PASSWORD_MIN } from '@hallway/shared';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../api/client';
import { translateCode } from '../../i18n/errors';
import { useValidatedForm } from '../../ui/form';
import { PasswordField } from '../../ui/PasswordField';
import { AuthLayout } from './AuthLayout';
import { authMutations, authQueries } from './queries';
import { useAuthTexts } from './texts';
import { useCompleteSignIn } from './useCompleteSignIn';

/**
 * /reset-password/:token: both fields must be equal (spec portal §5 "Login"). The link is checked on opening, so a
 * used or expired one is reported before anyone types a new password twice. An administrator's invitation links
 * here with `?invite=1`: the same link machinery, worded as a welcome. The server answers a session when the person
 * may enter, so they land in the intranet signed in; otherwise the page says so and offers the sign-in form.
 */
export default function ResetPasswordPage() {
  const { t } = useAuthTexts();
  const { token = '' } = useParams();
  const invited = useSearchParams()[0].get('invite') === '1';
  const [done, setDone] = useState(false);
  const resetting = useMutation(authMutations.resetPassword());
  const completeSignIn = useCompleteSignIn();
  const check = useQuery({ ...authQueries.resetLink(token), enabled: !done });
  const deadLink = isApiError(check.error) && check.error.code === 'reset_link_invalid';
  const form = useValidatedForm(
    { password: '', confirmation: '' },
    {
      password: { required: true, minLength: PASSWORD_MIN },
      confirmation: (values) => ({ required: true, equals: () => values.password }),
    },
  );
  const submit = form.onSubmit(async ({ password, confirmation }) => {
    const answer = await resetting.mutateAsync({ token, password, confirmation });
    if (answer.token && answer.user) completeSignIn({ token: answer.token, result: answer.user });
    else setDone(true);
  });

  return (
    <AuthLayout
      title={invited ? t('inviteTitle') : t('resetTitle')}
      footer={
        <Anchor component={Link} to="/login/" size="sm">
          {t('backToLogin')}
        </Anchor>
      }
    >
      {done ? (
        <Stack gap="md">
          <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} role="status">
            {invited ? t('inviteDone') : t('passwordChanged')}
          </Alert>
          <Button component={Link} to="/login/" fullWidth>
            {t('signIn')}
          </Button>
        </Stack>
      ) : deadLink ? (
        <Stack gap="md">
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {invited ? t('inviteInvalid') : translateCode('reset_link_invalid')}
          </Alert>
          <Button component={Link} to="/forgot-password/" fullWidth>
            {t('requestNewLink')}
          </Button>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {invited && (
              <Text size="sm" c="dimmed">
                {t('inviteHint')}
              </Text>
            )}
            {form.formError && (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                {form.formError}
              </Alert>
            )}
            <PasswordField {...form.field('password')} label={t('newPassword')} autoComplete="new-password" />
            <PasswordField {...form.field('confirmation')} label={t('confirmation')} autoComplete="new-password" />
            <Button type="submit" fullWidth loading={form.submitting}>
              {t('setPassword')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
