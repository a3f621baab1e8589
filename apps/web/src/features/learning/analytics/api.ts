import type { AnalyticsDto, AnalyticsQuery } from '@hallway/shared/learning';
import { api } from '../../../api/client';
import { dispositionName, fetchFile, saveBlob } from '../../../api/download';

/** The learning analytics' calls (modules §7 "Learning"): LMS administrators and workspace administrators. */

const search = (filter: AnalyticsQuery) => {
  const params = new URLSearchParams();
  if (filter.user_id) params.set('user_id', filter.user_id);
  if (filter.course_id) params.set('course_id', filter.course_id);
  const text = params.toString();
  return text ? `?${text}` : '';
};

export const fetchAnalytics = async (clientId: string, filter: AnalyticsQuery, signal?: AbortSignal) =>
  (
    await api<{ result: AnalyticsDto }>(`/api/courses/analytics/${clientId}`, {
      query: { user_id: filter.user_id, course_id: filter.course_id },
      signal,
      local: true,
    })
  ).result;

/** `GET api/courses/analytics/{client_id}/excel`: the same figures as an xlsx workbook, saved under the server's name. */
export async function downloadAnalytics(clientId: string, filter: AnalyticsQuery): Promise<string> {
  const response = await fetchFile(`/api/courses/analytics/${clientId}/excel${search(filter)}`);
  const name = dispositionName(response.headers.get('content-disposition'), 'learning-analytics.xlsx');
  saveBlob(await response.blob(), name);
  return name;
}
