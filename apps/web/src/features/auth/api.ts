import type { UserDto } from '@hallway/shared';
import { api } from '../../api/client';
import type { SignInAnswer } from '../../api/session';

/** Public workspace branding by code (`GET /api/clients/by_ws/{code}`). */
export interface PublicWorkspace {
  _id: string;
  workspace: string;
  name: string;
  logo: string;
  colors: { primary?: string };
  font: string;
  lang: string;
  status: 'active' | 'blocked';
  openRegistration: boolean;
}

export const signInCall = (body: { login: string; password: string; workspace?: string }) =>
  api<SignInAnswer>('/api/loginPage', { method: 'POST', body, local: true, company: false });

export const oidcSignIn = (code: string) =>
  api<SignInAnswer>('/api/outlook/login', { method: 'POST', body: { code }, local: true, company: false });

export const fetchOidcUrl = async () => (await api<{ url: string }>('/api/outlook/url', { local: true })).url;

export const fetchPublicWorkspace = async (workspace: string, signal?: AbortSignal) =>
  (
    await api<{ result: PublicWorkspace }>(`/api/clients/by_ws/${encodeURIComponent(workspace)}`, {
      signal,
      local: true,
      company: false,
    })
  ).result;

export const registerCall = (body: Record<string, string | undefined>) =>
  api<{ result: UserDto; token?: string; message: string }>('/api/register', {
    method: 'POST',
    body,
    local: true,
    company: false,
  });

export const forgotPasswordCall = (email: string) =>
  api<{ result: boolean }>('/api/forgot_password', { method: 'POST', body: { email }, local: true, company: false });

/** Sets the password; the answer carries a session when the person may enter (docs/api.md "Sign-in"). */
export const resetPasswordCall = (token: string, password: string, confirmation: string) =>
  api<{ result: true; token?: string; user?: UserDto }>(`/api/reset_password/${encodeURIComponent(token)}`, {
    method: 'POST',
    body: { password, confirmation },
    local: true,
    company: false,
  });

/** Whether a reset link still works, without spending it (`GET /api/reset_password/{token}`). */
export const checkResetLinkCall = (token: string, signal?: AbortSignal) =>
  api<{ result: boolean }>(`/api/reset_password/${encodeURIComponent(token)}`, { signal, local: true, company: false });
