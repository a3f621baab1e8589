import type {
  FeedbackItem,
  FeedbackKind,
  FeedbackPage,
  FeedbackStatus,
  FeedbackThread,
  IdeaBody,
  RecipientsDto,
  ReportBody,
  ReportSent,
} from '@hallway/shared/feedback';
import { FEEDBACK_PATHS } from '@hallway/shared/feedback';
import { api } from '../../api/client';

/** The calls of ideas and violation reports (portal §7; docs/api.md "Ideas and violation reports"). */
const local = { local: true } as const;
type One<T> = { result: T };
const base = (kind: FeedbackKind) => `/api/${FEEDBACK_PATHS[kind]}`;
/** Where an anonymous report's files go: stored without their uploader. */
export const ANONYMOUS_UPLOAD = '/api/reports/attachments';

export const sendIdea = async (body: IdeaBody) =>
  (await api<One<FeedbackItem>>('/api/user/send_idea', { method: 'POST', body, ...local })).result;

export const sendReport = async (body: ReportBody) =>
  (await api<One<ReportSent>>('/api/user/send_viol_report', { method: 'POST', body, ...local })).result;

export const fetchList = (
  kind: FeedbackKind,
  box: 'mine' | 'inbox',
  query: { status?: FeedbackStatus; page: number },
  signal?: AbortSignal,
) => api<FeedbackPage>(`${base(kind)}/${box}`, { query: { ...query }, signal, ...local });

export const fetchItem = async (kind: FeedbackKind, id: string, signal?: AbortSignal) =>
  (await api<One<FeedbackThread>>(`${base(kind)}/${id}`, { signal, ...local })).result;

export const setStatus = async (kind: FeedbackKind, id: string, status: FeedbackStatus) =>
  (await api<One<FeedbackThread>>(`${base(kind)}/${id}/status`, { method: 'PUT', body: { status }, ...local })).result;

export const reply = async (kind: FeedbackKind, id: string, text: string) =>
  (await api<One<FeedbackThread>>(`${base(kind)}/${id}/messages`, { method: 'POST', body: { text }, ...local })).result;

/** By code, in the body (a code in a URL would end in logs and histories). */
export const follow = async (code: string) =>
  (await api<One<FeedbackThread>>('/api/reports/follow', { method: 'POST', body: { code }, ...local })).result;

export const followReply = async (code: string, text: string) =>
  (await api<One<FeedbackThread>>('/api/reports/follow/messages', { method: 'POST', body: { code, text }, ...local }))
    .result;

export const fetchRecipients = async (kind: FeedbackKind, signal?: AbortSignal) =>
  (await api<One<RecipientsDto>>(`${base(kind)}/recipients`, { signal, ...local })).result;

export const saveRecipients = async (kind: FeedbackKind, ids: string[]) =>
  (await api<One<RecipientsDto>>(`${base(kind)}/recipients`, { method: 'PUT', body: { ids }, ...local })).result;
