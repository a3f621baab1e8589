import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { queryKeys } from '../../api/queryKeys';
import {
  checkResetLinkCall,
  fetchOidcUrl,
  fetchPublicWorkspace,
  forgotPasswordCall,
  oidcSignIn,
  registerCall,
  resetPasswordCall,
  signInCall,
} from './api';

/** Reads of the public pages. */
export const authQueries = {
  /** A workspace's public branding by its code; a 404 means no such workspace, so it is not retried. */
  publicWorkspace: (code: string) =>
    queryOptions({
      queryKey: queryKeys.publicClient(code),
      queryFn: ({ signal }) => fetchPublicWorkspace(code, signal),
      retry: false,
      staleTime: 60_000,
    }),

  /** A reset link checked when its page opens; a used or expired link is a definite answer, not retried. */
  resetLink: (token: string) =>
    queryOptions({
      queryKey: ['auth', 'reset-link', token] as const,
      queryFn: ({ signal }) => checkResetLinkCall(token, signal),
      retry: false,
      staleTime: 0,
      gcTime: 0,
    }),

  oidcUrl: () => queryOptions({ queryKey: queryKeys.oidcUrl, queryFn: fetchOidcUrl, retry: false }),
};

/**
 * Writes of the public pages. Sign-in, registration and resets are one-off form submissions: no cache holds what they
 * change (a sign-in starts the session, which loads everything afresh), so they have no cache code.
 */
export const authMutations = {
  signIn: () => mutationOptions({ mutationFn: signInCall }),
  oidcSignIn: () => mutationOptions({ mutationFn: oidcSignIn }),
  register: () => mutationOptions({ mutationFn: registerCall }),
  forgotPassword: () => mutationOptions({ mutationFn: forgotPasswordCall }),
  resetPassword: () =>
    mutationOptions({
      mutationFn: ({ token, password, confirmation }: { token: string; password: string; confirmation: string }) =>
        resetPasswordCall(token, password, confirmation),
    }),
};
