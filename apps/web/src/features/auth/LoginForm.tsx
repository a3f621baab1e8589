import { WORKSPACE_CODE_MIN } from '@hallway/shared';
import { Alert, Anchor, Button, Divider, Group, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle, IconInfoCircle, IconKey } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { isApiError } from '../../api/client';
import { authStore, clearSessionExpiredNotice, sessionExpiredNotice, storeLoginError } from '../../api/storage';
import { useSession } from '../../app/session/context';
import { useTranslation } from '../../i18n';
import { useCatalogues } from '../../i18n/catalogues';
import { translateCode } from '../../i18n/errors';
import { useValidatedForm } from '../../ui/form';
import { PasswordField } from '../../ui/PasswordField';
import { brokenRule } from '../../ui/validation';
import { AuthLayout } from './AuthLayout';
import { authMutations, authQueries } from './queries';
import { useAuthTexts } from './texts';
import { useCompleteSignIn } from './useCompleteSignIn';

const BLOCKED = new Set(['user_deleted', 'company_blocked']);

/** A workspace typed on /login_new/ or /register/, looked up once typing pauses. */
export function useWorkspaceLookup(code: string) {
  const [debounced] = useDebouncedValue(code.trim(), 350);
  const valid = !!debounced && !brokenRule(debounced, { alphanumeric: true, minLength: WORKSPACE_CODE_MIN });
  const query = useQuery({ ...authQueries.publicWorkspace(debounced), enabled: valid });
  const notFound = valid && isApiError(query.error) && query.error.status === 404;
  return { workspace: valid ? (query.data ?? null) : null, notFound, checking: valid && query.isFetching };
}

/** Sign-in by login and password, optionally within a workspace (spec portal §5 "Login", §7 POST api/loginPage). */
export function LoginForm({ withWorkspace }: { withWorkspace: boolean }) {
  const { t } = useAuthTexts();
  const { t: common } = useTranslation();
  const { env } = useSession();
  const location = useLocation();
  const completeSignIn = useCompleteSignIn();
  const signingIn = useMutation(authMutations.signIn());
  const [blocked, setBlocked] = useState<string | null>(null);
  const [expired] = useState(sessionExpiredNotice);
  useEffect(() => clearSessionExpiredNotice(), []);
  const initialWorkspace = new URLSearchParams(location.search).get('workspace') ?? '';

  const form = useValidatedForm(
    { workspace: initialWorkspace, login: '', password: '' },
    {
      workspace: withWorkspace ? { required: true, alphanumeric: true } : undefined,
      login: { required: true },
      password: { required: true },
    },
  );
  const lookup = useWorkspaceLookup(withWorkspace ? form.values.workspace : '');
  const oidc = useQuery({ ...authQueries.oidcUrl(), enabled: !!env?.oidc });

  const submit = form.onSubmit(async (values) => {
    setBlocked(null);
    try {
      const answer = await signingIn.mutateAsync({
        login: values.login.trim(),
        password: values.password,
        ...(withWorkspace ? { workspace: values.workspace.trim() } : {}),
      });
      completeSignIn(answer);
    } catch (error) {
      // Spec portal §8: a failed login clears the stored session and keeps the server's answer.
      authStore.clearAuth();
      storeLoginError(isApiError(error) ? (error.body ?? { message: error.message }) : { message: String(error) });
      if (isApiError(error) && error.status === 403 && BLOCKED.has(error.code)) {
        setBlocked(translateCode(error.code, error.params, error.body?.message));
        return;
      }
      throw error;
    }
  });

  // A lookup that found nothing is no failed call, which would have brought the code's text: asked for when shown.
  useCatalogues(lookup.notFound);
  const workspaceError =
    form.errorOf('workspace') ?? (lookup.notFound ? translateCode('workspace_not_found') : undefined);

  return (
    <AuthLayout
      title={withWorkspace ? t('workspaceSignInTitle') : t('signInTitle')}
      subtitle={t('signInSubtitle')}
      workspace={lookup.workspace}
      footer={
        <>
          <Anchor component={Link} to={withWorkspace ? '/login/' : '/login_new/'} size="sm">
            {withWorkspace ? t('plainLogin') : t('haveWorkspace')}
          </Anchor>
          <Anchor component={Link} to="/register/" size="sm">
            {t('register')}
          </Anchor>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {expired && !form.formError && !blocked && (
            <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
              {t('sessionEnded')}
            </Alert>
          )}
          {blocked && (
            <Alert
              color="red"
              variant="light"
              title={common('boot.loginBlocked')}
              icon={<IconAlertCircle size={18} />}
              role="alert"
            >
              {blocked}
            </Alert>
          )}
          {form.formError && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {form.formError}
            </Alert>
          )}
          {withWorkspace && (
            <TextInput
              {...form.field('workspace')}
              error={workspaceError ?? undefined}
              label={t('workspace')}
              description={lookup.checking ? t('workspaceChecking') : t('workspaceHint')}
              autoComplete="organization"
              autoCapitalize="none"
              spellCheck={false}
            />
          )}
          <TextInput {...form.field('login')} label={t('login')} autoComplete="username" autoCapitalize="none" />
          <PasswordField {...form.field('password')} label={t('password')} autoComplete="current-password" />
          <Group justify="flex-end" mt={-6}>
            <Anchor component={Link} to="/forgot-password/" size="sm">
              {t('forgot')}
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={form.submitting}>
            {t('signIn')}
          </Button>
          {env?.oidc && oidc.data && (
            <>
              <Divider label={t('or')} labelPosition="center" />
              <Button component="a" href={oidc.data} variant="default" fullWidth leftSection={<IconKey size={18} />}>
                {t('signInSso')}
              </Button>
            </>
          )}
        </Stack>
      </form>
    </AuthLayout>
  );
}
