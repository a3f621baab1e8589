import type { BulkUserOutcome, BulkUsersBody } from '@hallway/shared';
import { api } from '../../api/client';
import { dispositionName, fetchFile, saveBlob } from '../../api/download';

/** `POST api/user/bulk`: one action over the selection; answers per person whether it was done. */
export const bulkUsers = (body: BulkUsersBody) =>
  api<{ result: BulkUserOutcome[] }>('/api/user/bulk', { method: 'POST', body, local: true }).then((r) => r.result);

/** `POST api/user/export/selected`: saves the selection as an xlsx workbook; answers the file name. */
export async function exportSelected(ids: string[], fallbackName: string): Promise<string> {
  const response = await fetchFile('/api/user/export/selected', 'POST', { ids });
  const name = dispositionName(response.headers.get('Content-Disposition'), fallbackName);
  saveBlob(await response.blob(), name);
  return name;
}
