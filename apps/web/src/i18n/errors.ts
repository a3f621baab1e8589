import { formatBytes, PASSWORD_MIN, POST_ATTACHMENT_LIMIT_BYTES, TEXT_MAX } from '@hallway/shared';
import { isApiError } from '../api/client';
import { i18n } from './index';

type ErrorKey = `errors.${keyof typeof import('./en').default.errors}`;

/** Field errors from zod name a code without its numbers; these fill the placeholders then. */
const DEFAULT_PARAMS = { min: PASSWORD_MIN, max: TEXT_MAX, size: formatBytes(POST_ATTACHMENT_LIMIT_BYTES) };

/** A catalogue code in the current language, or `fallback` (the server's English text) for an unknown code. */
export function translateCode(code: string, params: Record<string, string | number> = {}, fallback?: string): string {
  const key = `errors.${code}` as ErrorKey;
  if (i18n.exists(key)) return i18n.t(key, { ...DEFAULT_PARAMS, ...params });
  return fallback || i18n.t('errors.unknown');
}

/** Upload failure reasons (spec portal §8 "Call-level failures"). */
const UPLOAD_REASONS: Record<string, string> = {
  NoSuchBucket: 'upload_no_bucket',
  accountDisabled: 'upload_account_blocked',
  ECONNREFUSED: 'upload_refused',
};

/** What a person reads about a failure: translated by `code`, falling back to the server's `message`. */
export function errorText(error: unknown): string {
  if (isApiError(error)) {
    const text = translateCode(error.code, error.params, error.body?.message);
    const reason = error.reason ? UPLOAD_REASONS[error.reason] : undefined;
    if (reason) return `${text}: ${translateCode(reason, error.params)}`;
    if (error.reason) return `${text}: ${error.reason}`;
    return text;
  }
  if (error instanceof Error && error.message) return error.message;
  return i18n.t('errors.unknown');
}

/** Server field errors (`fields: { login: 'user_not_found' }`) as texts per field. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  return Object.fromEntries(
    Object.entries(error.fields).map(([field, code]) => [field, translateCode(code, error.params)]),
  );
}
