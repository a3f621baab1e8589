import type { ErrorBody } from '@hallway/shared';
import { loadCatalogues } from '../i18n/catalogues';
import { authStore } from './storage';

/** A failed call: the HTTP status (0 without an answer) and the server's `{ message, code, ... }` body. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;
  readonly params: Record<string, string | number>;
  readonly reason: string | undefined;
  readonly noShow: boolean;
  readonly body: ErrorBody | null;

  constructor(status: number, body: ErrorBody | null) {
    super(body?.message || (status === 0 ? 'No connection to server!' : `HTTP ${status}`));
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.code = body?.code ?? (status === 0 ? 'network' : 'unknown');
    this.fields = body?.fields ?? {};
    this.params = body?.params ?? {};
    this.reason = body?.reason;
    this.noShow = body?.no_show === true;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/**
 * The error once the texts that name its code are there: the catalogues of error texts download at the first failed
 * call (never with the start-up code), so whatever shows the error finds it in the person's language.
 */
export const withErrorTexts = (error: ApiError): Promise<ApiError> =>
  loadCatalogues().then(
    () => error,
    () => error,
  );

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  /**
   * The caller shows failures itself (forms, lookups): only a 401 and a blocked login are handled globally.
   * Without it every failure goes through the global handling of spec portal §8.
   */
  local?: boolean;
  /** No global handling at all, not even a 401 (logout, where the token may already be revoked). */
  quiet?: boolean;
  /** Send X-COMPANY-ID for the superadmin's chosen workspace (default true). */
  company?: boolean;
  /** Survives the page being closed (analytics reports on leaving). */
  keepalive?: boolean;
}

export type ApiErrorHandler = (error: ApiError, context: { local: boolean; hadToken: boolean }) => void;

let errorHandler: ApiErrorHandler = () => {};

/** The app installs the global handling (401 → login, 403 → 'Login blocked', 404 → not-found page, toasts). */
export function setApiErrorHandler(handler: ApiErrorHandler): void {
  errorHandler = handler;
}

/** For calls made without `api()` (uploads): the same global handling of a failure. */
export function reportApiError(error: ApiError, context: { local: boolean; hadToken: boolean }): void {
  errorHandler(error, context);
}

/** Headers every call carries: the bearer token and, for a superadmin inside a workspace, X-COMPANY-ID. */
export function authHeaders(company = true): Record<string, string> {
  const { token, currentClient } = authStore.get();
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (company && currentClient) headers['X-COMPANY-ID'] = currentClient._id;
  return headers;
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  const url = path.startsWith('/') ? path : `/${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function readError(response: Response): Promise<ErrorBody | null> {
  try {
    const body = (await response.json()) as Partial<ErrorBody> | null;
    if (body && typeof body === 'object' && typeof body.message === 'string') return body as ErrorBody;
    return null;
  } catch {
    return null;
  }
}

/** Calls the API (paths as in spec portal §7, relative to the page origin) and answers the parsed JSON. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...authHeaders(options.company !== false) };
  const hadToken = !!headers.Authorization;
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      signal: options.signal,
      keepalive: options.keepalive,
      credentials: 'same-origin',
    });
  } catch (cause) {
    if ((cause as Error)?.name === 'AbortError') throw cause;
    const error = await withErrorTexts(new ApiError(0, null));
    if (!options.quiet) errorHandler(error, { local: !!options.local, hadToken });
    throw error;
  }
  if (!response.ok) {
    const error = await withErrorTexts(new ApiError(response.status, await readError(response)));
    if (!options.quiet) errorHandler(error, { local: !!options.local, hadToken });
    throw error;
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
