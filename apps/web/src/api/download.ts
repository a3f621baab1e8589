import { ApiError, authHeaders, reportApiError, withErrorTexts } from './client';

/**
 * A file answer of the API (exports, `.ics`): fetched with the bearer token (so no plain link), `json` as the body
 * when given, a failure reported through the usual error handling and thrown for the caller to show.
 */
export async function fetchFile(path: string, method: 'GET' | 'POST' = 'GET', json?: unknown): Promise<Response> {
  const headers: Record<string, string> = {
    ...authHeaders(),
    ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
  };
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    });
  } catch {
    const error = await withErrorTexts(new ApiError(0, null));
    reportApiError(error, { local: true, hadToken: !!headers.Authorization });
    throw error;
  }
  if (!response.ok) {
    const body = await response.json().catch(() => null);
    const error = await withErrorTexts(
      new ApiError(response.status, body && typeof body.message === 'string' ? body : null),
    );
    reportApiError(error, { local: true, hadToken: !!headers.Authorization });
    throw error;
  }
  return response;
}

/** The file name of a `Content-Disposition` answer (RFC 8187 name first). */
export function dispositionName(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1]);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? fallback;
}

/** Has the browser save `blob` as `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
