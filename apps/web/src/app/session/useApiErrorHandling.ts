import { notifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { type ApiError, setApiErrorHandler } from '../../api/client';
import { authStore, markSessionExpired, rememberReturnPath } from '../../api/storage';
import { i18n } from '../../i18n';
import { errorText, translateCode } from '../../i18n/errors';

/** Codes of a 403 that mean the person may not be signed in at all. */
const BLOCKED = new Set(['user_deleted', 'company_blocked']);

const PUBLIC_PREFIXES = ['/login', '/login_new', '/authorize', '/register', '/forgot-password', '/reset-password'];
export const isPublicPath = (pathname: string) =>
  PUBLIC_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));

/**
 * Global handling of failed calls (spec portal §8): 401 clears the token and goes to login remembering the wanted
 * path; 403 for a deleted user or a blocked company shows 'Login blocked' and signs out (a signed-in person only); 404 shows the not-found
 * page; anything else is a toast unless the answer says `no_show`. Calls marked `local` show their own errors.
 */
export function useApiErrorHandling(signOut: () => Promise<void>): void {
  const navigate = useNavigate();
  const location = useLocation();
  const latest = useRef({ navigate, location, signOut });
  latest.current = { navigate, location, signOut };

  useEffect(() => {
    setApiErrorHandler((error: ApiError, { local, hadToken }) => {
      const { navigate, location, signOut } = latest.current;
      if (error.status === 401 && hadToken) {
        if (!authStore.get().token) return;
        const wanted = `${location.pathname}${location.search}${location.hash}`;
        markSessionExpired();
        authStore.clearAuth();
        // Inside the shell the auth guard now sends the person to login and remembers the page.
        if (!isPublicPath(location.pathname)) {
          rememberReturnPath(wanted);
          navigate('/login/', { replace: true });
        }
        return;
      }
      if (error.status === 403 && BLOCKED.has(error.code)) {
        // A refused sign-in: the form says so itself, and there is no session to end.
        if (local && !hadToken) return;
        notifications.show({
          id: 'login-blocked',
          color: 'red',
          title: i18n.t('boot.loginBlocked'),
          message: translateCode(error.code, error.params, error.body?.message),
        });
        navigate('/login/', { replace: true });
        void signOut();
        return;
      }
      if (local) return;
      if (error.status === 404) {
        navigate('/404', { replace: true });
        return;
      }
      if (error.noShow) return;
      notifications.show({ color: 'red', message: errorText(error) });
    });
    return () => setApiErrorHandler(() => {});
  }, []);
}
