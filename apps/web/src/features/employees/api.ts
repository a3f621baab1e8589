import type { BulkUserOutcome, BulkUsersBody } from '@hallway/shared';
import { ApiError, api, authHeaders, reportApiError } from '../../api/client';
import { dispositionName, saveBlob } from '../../api/download';

/** `POST api/user/bulk`: one action over the selection; answers per person whether it was done. */
export const bulkUsers = (body: BulkUsersBody) =>
  api<{ result: BulkUserOutcome[] }>('/api/user/bulk', { method: 'POST', body, local: true }).then((r) => r.result);

/** `POST api/user/export/selected`: saves the selection as an xlsx workbook; answers the file name. */
export async function exportSelected(ids: string[], fallbackName: string): Promise<string> {
  const headers: Record<string, string> = { ...authHeaders(), 'Content-Type': 'application/json' };
  let response: Response;
  try {
    response = await fetch('/api/user/export/selected', {
      method: 'POST',
      headers,
      body: JSON.stringify({ ids }),
      credentials: 'same-origin',
    });
  } catch {
    const error = new ApiError(0, null);
    reportApiError(error, { local: true, hadToken: !!headers.Authorization });
    throw error;
  }
  if (!response.ok) {
    const body = await response.json().catch(() => null);
    const error = new ApiError(response.status, body && typeof body.message === 'string' ? body : null);
    reportApiError(error, { local: true, hadToken: !!headers.Authorization });
    throw error;
  }
  const name = dispositionName(response.headers.get('Content-Disposition'), fallbackName);
  saveBlob(await response.blob(), name);
  return name;
}
