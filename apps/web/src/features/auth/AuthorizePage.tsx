import { Alert, Anchor, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../api/client';
import { authStore, storeLoginError } from '../../api/storage';
import { errorText } from '../../i18n/errors';
import { AuthLayout } from './AuthLayout';
import { authMutations } from './queries';
import { useAuthTexts } from './texts';
import { useCompleteSignIn } from './useCompleteSignIn';

/** /authorize: the OpenID Connect provider sends the person back here with ?code. */
export default function AuthorizePage() {
  const { t } = useAuthTexts();
  const [params] = useSearchParams();
  const completeSignIn = useCompleteSignIn();
  const { mutateAsync: signingIn } = useMutation(authMutations.oidcSignIn());
  const code = params.get('code');
  const providerError = params.get('error_description') ?? params.get('error');
  const [error, setError] = useState<string | null>(code ? null : (providerError ?? t('noCode')));
  // A code is single-use: strict-mode double effects must not spend it twice.
  const started = useRef(false);

  useEffect(() => {
    if (!code || started.current) return;
    started.current = true;
    signingIn(code)
      .then(completeSignIn)
      .catch((failure: unknown) => {
        authStore.clearAuth();
        storeLoginError(isApiError(failure) ? failure.body : { message: String(failure) });
        setError(errorText(failure));
      });
  }, [code, completeSignIn, signingIn]);

  return (
    <AuthLayout title={t('signInSso')}>
      {error ? (
        <Stack gap="md">
          <Alert color="red" variant="light" title={t('ssoFailed')} icon={<IconAlertCircle size={18} />} role="alert">
            {error}
          </Alert>
          <Anchor component={Link} to="/login/" size="sm" ta="center">
            {t('backToLogin')}
          </Anchor>
        </Stack>
      ) : (
        <Stack align="center" gap="sm" role="status">
          <Loader />
          <Text c="dimmed">{t('authorizing')}</Text>
        </Stack>
      )}
    </AuthLayout>
  );
}
