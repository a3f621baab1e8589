import { LOGIN_MAX, PASSWORD_MIN, SHORT_NAME_MAX } from '@hallway/shared';
import { Alert, Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconClockHour4 } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../i18n';
import { useCatalogues } from '../../i18n/catalogues';
import { translateCode } from '../../i18n/errors';
import { useValidatedForm } from '../../ui/form';
import { PasswordField } from '../../ui/PasswordField';
import { AuthLayout } from './AuthLayout';
import { useWorkspaceLookup } from './LoginForm';
import { authMutations } from './queries';
import { useAuthTexts } from './texts';
import { useCompleteSignIn } from './useCompleteSignIn';

/** /register/: a newcomer joins a workspace by its code when it allows open registration. */
export default function RegisterPage() {
  const { t } = useAuthTexts();
  const { t: common } = useTranslation();
  const location = useLocation();
  const completeSignIn = useCompleteSignIn();
  const registering = useMutation(authMutations.register());
  const [registered, setRegistered] = useState<'done' | 'pending' | null>(null);
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
      login: { maxLength: LOGIN_MAX },
      password: { required: true, minLength: PASSWORD_MIN },
      confirmation: (values) => ({ required: true, equals: () => values.password }),
    },
  );
  const lookup = useWorkspaceLookup(form.values.workspace);
  const closed = !!lookup.workspace && !lookup.workspace.openRegistration;
  // The codes below come with no failed call, which would have brought their texts: asked for when shown.
  useCatalogues(lookup.notFound || closed || registered === 'pending');
  const workspaceError =
    form.errorOf('workspace') ??
    (lookup.notFound ? translateCode('workspace_not_found') : closed ? translateCode('registration_closed') : null);

  const submit = form.onSubmit(async (values) => {
    if (closed || lookup.notFound) return;
    const answer = await registering.mutateAsync({
      workspace: values.workspace.trim(),
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
      login: values.login.trim() || undefined,
      password: values.password,
      confirmation: values.confirmation,
    });
    if (answer.token) completeSignIn({ token: answer.token, result: answer.result });
    else setRegistered(answer.result.status === 'pending' ? 'pending' : 'done');
  });

  return (
    <AuthLayout
      title={t('registerTitle')}
      subtitle={t('registerHint')}
      workspace={lookup.workspace}
      footer={
        <Anchor component={Link} to="/login/" size="sm">
          {t('backToLogin')}
        </Anchor>
      }
    >
      {registered ? (
        <Stack gap="md">
          {registered === 'pending' ? (
            <Alert color="blue" variant="light" icon={<IconClockHour4 size={18} />} role="status">
              {translateCode('registration_pending')}
            </Alert>
          ) : (
            <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} role="status">
              {common('empls.success')}
            </Alert>
          )}
          <Button component={Link} to="/login/" fullWidth>
            {t('signIn')}
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
              label={t('workspace')}
              description={lookup.checking ? t('workspaceChecking') : t('workspaceHint')}
              autoCapitalize="none"
              spellCheck={false}
            />
            <Group grow align="flex-start" gap="sm">
              <TextInput {...form.field('firstName')} label={t('firstName')} autoComplete="given-name" />
              <TextInput {...form.field('lastName')} label={t('lastName')} autoComplete="family-name" />
            </Group>
            <TextInput {...form.field('email')} type="email" label={t('email')} autoComplete="email" />
            <TextInput
              {...form.field('login')}
              label={`${t('loginOptional')} (${common('common.optional')})`}
              autoComplete="username"
              autoCapitalize="none"
            />
            <PasswordField {...form.field('password')} label={t('password')} autoComplete="new-password" />
            <PasswordField {...form.field('confirmation')} label={t('confirmation')} autoComplete="new-password" />
            <Button type="submit" fullWidth loading={form.submitting} disabled={closed}>
              {t('join')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
