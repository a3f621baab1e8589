import { z } from 'zod';
import { password } from './user.js';

export const loginPageBody = z.object({
  login: z.string().trim().min(1, 'no_login').max(200),
  password: z.string().min(1, 'no_credentials').max(200),
  workspace: z.string().trim().max(64).optional(),
});
export const loginBody = loginPageBody.omit({ workspace: true });
/** `email` keeps the spec's name and takes any sign-in name: a login or an e-mail (docs/api.md "Authentication"). */
export const forgotPasswordBody = z.object({ email: z.string().trim().toLowerCase().min(1, 'no_login').max(200) });
export const resetPasswordBody = z
  .object({ password, confirmation: z.string() })
  .refine((b) => b.password === b.confirmation, { message: 'passwords_mismatch', path: ['confirmation'] });
export const resetPasswordHardBody = z
  .object({ user_id: z.uuid('not_found'), password, confirmation: z.string().optional() })
  .refine((b) => b.confirmation === undefined || b.password === b.confirmation, {
    message: 'passwords_mismatch',
    path: ['confirmation'],
  });
export const oidcLoginBody = z.object({ code: z.string().min(1).max(4000), workspace: z.string().max(64).optional() });
export const envDto = z.object({
  vendor: z.string(),
  defaultLang: z.string(),
  oidc: z.boolean(),
  version: z.string(),
});
