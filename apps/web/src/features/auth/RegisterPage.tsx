import { PASSWORD_MIN, SHORT_NAME_MAX } from '@hallway/shared';
import { Alert, Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { translateCode } from '../../i18n/errors';
import { useValidatedForm } from '../../ui/form';
import { PasswordField } from '../../ui/PasswordField';
import { AuthLayout } from './AuthLayout';
import { registerCall } from './api';
import { useWorkspaceLookup } from './LoginForm';
import { useCompleteSignIn } from './useCompleteSignIn';

/** /register/: a newcomer joins a workspace by its code when it allows open registration. */
export default function RegisterPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const completeSignIn = useCompleteSignIn();
  const [registered, setRegistered] = useState(false);
  const form = useValidatedForm(
    {
      workspace: new URLSearchParams(location.search).get('workspace') ?? '',
      firstName: '',
      lastName: '',
      email: '',
      login: '',
      password: '',
      confirmation: '',
    },
    {
      workspace: { required: true, alphanumeric: true },
      firstName: { required: true, maxLength: SHORT_NAME_MAX },
      lastName: { required: true, maxLength: SHORT_NAME_MAX },
      email: { required: true, email: true },
      login: { maxLength: 64 },
      password: { required: true, minLength: PASSWORD_MIN },
      confirmation: (values) => ({ required: true, equals: () => values.password }),
    },
  );
  const lookup = useWorkspaceLookup(form.values.workspace);
  const closed = !!lookup.workspace && !lookup.workspace.openRegistration;
  const workspaceError =
    form.errorOf('workspace') ??
    (lookup.notFound ? translateCode('workspace_not_found') : closed ? translateCode('registration_closed') : null);

  const submit = form.onSubmit(async (values) => {
    if (closed || lookup.notFound) return;
    const answer = await registerCall({
      workspace: values.workspace.trim(),
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
      login: values.login.trim() || undefined,
      password: values.password,
      confirmation: values.confirmation,
    });
    if (answer.token) completeSignIn({ token: answer.token, result: answer.result });
    else setRegistered(true);
  });

  return (
    <AuthLayout
      title={t('auth.registerTitle')}
      subtitle={t('auth.registerHint')}
      workspace={lookup.workspace}
      footer={
        <Anchor component={Link} to="/login/" size="sm">
          {t('auth.backToLogin')}
        </Anchor>
      }
    >
      {registered ? (
        <Stack gap="md">
          <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} role="status">
            {t('empls.success')}
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
            <TextInput
              {...form.field('workspace')}
              error={workspaceError ?? undefined}
              label={t('auth.workspace')}
              description={lookup.checking ? t('auth.workspaceChecking') : t('auth.workspaceHint')}
              autoCapitalize="none"
              spellCheck={false}
            />
            <Group grow align="flex-start" gap="sm">
              <TextInput {...form.field('firstName')} label={t('auth.firstName')} autoComplete="given-name" />
              <TextInput {...form.field('lastName')} label={t('auth.lastName')} autoComplete="family-name" />
            </Group>
            <TextInput {...form.field('email')} type="email" label={t('auth.email')} autoComplete="email" />
            <TextInput
              {...form.field('login')}
              label={`${t('auth.loginOptional')} (${t('common.optional')})`}
              autoComplete="username"
              autoCapitalize="none"
            />
            <PasswordField {...form.field('password')} label={t('auth.password')} autoComplete="new-password" />
            <PasswordField {...form.field('confirmation')} label={t('auth.confirmation')} autoComplete="new-password" />
            <Button type="submit" fullWidth loading={form.submitting} disabled={closed}>
              {t('auth.join')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
