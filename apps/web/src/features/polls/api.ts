import type { AudienceGrantDto, PersonCard } from '@hallway/shared';
import type {
  PollAnswerInput,
  PollDto,
  PollItem,
  PollQuestionDto,
  PollResults,
  PollType,
  StoredAnswer,
} from '@hallway/shared/polls';
import { api } from '../../api/client';
import { dispositionName, fetchFile, saveBlob } from '../../api/download';

/**
 * The polls' calls (docs/api.md "Polls"). Everything is `local`: the screens show their failures themselves, the
 * editor and the answering form on their fields.
 */

export type PollStatus = 'active' | 'finished' | 'all';
export interface PollPage {
  result: PollItem[];
  total: number;
  page: number;
  can: { create: boolean };
}
/** What the editor sends: a whole poll on create, the fields that may change on edit. */
export interface PollInput {
  name: string;
  description: string;
  type: PollType;
  questions: {
    id?: string;
    text: string;
    kind: PollQuestionDto['kind'];
    mandatory: boolean;
    answers: { id?: string; text: string }[];
    range: number | null;
  }[];
  grants: AudienceGrantDto[];
  allow_change: boolean;
  deadline: string | null;
}
/** `GET api/poll/{id}/copy`: a new poll's body made of an existing one. */
export interface PollCopy extends Omit<PollInput, 'questions' | 'deadline'> {
  questions: PollQuestionDto[];
  deadline: null;
}
export interface PollTablePage {
  columns: { id: string; text: string }[];
  names: boolean;
  result: { _id: string; person: PersonCard | null; answered: string | null; answers: Record<string, string> }[];
  total: number;
  page: number;
}
export interface PollPeoplePage {
  result: PersonCard[];
  total: number;
  page: number;
}
export type { StoredAnswer };

const local = { local: true } as const;
type One<T> = { result: T };
const one = async <T>(promise: Promise<One<T>>) => (await promise).result;

export const fetchPolls = (clientId: string, userId: string, status: PollStatus, page: number, signal?: AbortSignal) =>
  api<PollPage>(`/api/user/${clientId}/polls/access_for/${userId}`, { query: { status, page }, signal, ...local });

export const fetchPoll = (id: string, signal?: AbortSignal) =>
  one(api<One<PollDto>>(`/api/poll/${id}`, { signal, ...local }));

export const fetchPollCopy = (id: string, signal?: AbortSignal) =>
  one(api<One<PollCopy>>(`/api/poll/${id}/copy`, { signal, ...local }));

export const createPoll = (input: PollInput) =>
  one(api<One<PollDto>>('/api/poll', { method: 'POST', body: input, ...local }));

export const updatePoll = (id: string, input: Partial<PollInput>) =>
  one(api<One<PollDto>>(`/api/poll/${id}`, { method: 'PUT', body: input, ...local }));

export const finishPoll = (id: string) => one(api<One<PollDto>>(`/api/poll/${id}/finish`, { method: 'PUT', ...local }));

export const deletePoll = (id: string) => api<unknown>(`/api/poll/${id}`, { method: 'DELETE', ...local });

export const answerPoll = (id: string, answers: PollAnswerInput[]) =>
  one(api<One<PollDto>>(`/api/poll/${id}/answers`, { method: 'POST', body: { answers }, ...local }));

export const fetchResults = (id: string, signal?: AbortSignal) =>
  one(api<One<PollResults>>(`/api/poll/${id}/results`, { signal, ...local }));

export const fetchTable = (id: string, page: number, signal?: AbortSignal) =>
  api<PollTablePage>(`/api/poll/${id}/results/table`, { query: { page }, signal, ...local });

export const fetchNotPassed = (id: string, page: number, signal?: AbortSignal) =>
  api<PollPeoplePage>(`/api/poll/${id}/results/not_passed`, { query: { page }, signal, ...local });

export const remindPoll = (id: string) =>
  one(api<One<{ reminded: number }>>(`/api/poll/${id}/remind`, { method: 'POST', ...local }));

/** `GET api/poll/{id}/excel?uid=`: the responses as an xlsx workbook, saved under the server's name. */
export async function downloadExcel(id: string, userId: string): Promise<string> {
  const response = await fetchFile(`/api/poll/${id}/excel?uid=${encodeURIComponent(userId)}`);
  const name = dispositionName(response.headers.get('content-disposition'), `poll-${id}.xlsx`);
  saveBlob(await response.blob(), name);
  return name;
}
