import {
  DATE_YEAR_MAX,
  DATE_YEAR_MIN,
  formatBytes,
  PASSWORD_MIN,
  POST_ATTACHMENT_LIMIT_BYTES,
  TEXT_MAX,
} from '@hallway/shared';
import { isApiError } from '../api/client';
import { CATALOGUE_NS } from './catalogues';
import { i18n } from './index';

/** Field errors from zod name a code without its numbers; these fill the placeholders then. */
const DEFAULT_PARAMS = {
  min: PASSWORD_MIN,
  max: TEXT_MAX,
  size: formatBytes(POST_ATTACHMENT_LIMIT_BYTES),
  yearMin: DATE_YEAR_MIN,
  yearMax: DATE_YEAR_MAX,
};

/**
 * A catalogue code in the current language (the catalogues, i18n/catalogues.ts, or the start-up texts' `network`
 * and `unknown`, which must show offline), else `fallback` (the server's English text).
 */
export function translateCode(code: string, params: Record<string, string | number> = {}, fallback?: string): string {
  const key = `errors.${code}`;
  const values = { ...DEFAULT_PARAMS, ...params };
  if (i18n.exists(key, { ns: CATALOGUE_NS })) return i18n.translate(key, { ...values, ns: CATALOGUE_NS });
  if (i18n.exists(key)) return i18n.translate(key, values);
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
