import type {
  DeskBody,
  DeskDto,
  DeskListQuery,
  DeskUpdateBody,
  deskItem,
  MoveTaskBody,
  TaskBody,
  TaskDto,
  TaskTableQuery,
  TaskUpdateBody,
  taskRow,
} from '@hallway/shared/tasks';
import type { z } from 'zod';
import { api } from '../../api/client';
import { dispositionName, fetchFile, saveBlob } from '../../api/download';

/**
 * The task tracker's calls (modules §7 "Task board", docs/api.md "Task tracker"). Everything is `local`: the pages
 * show their failures themselves (a toast, a form's fields, a dialog).
 */

export type DeskItem = z.infer<typeof deskItem>;
export type TaskRow = z.infer<typeof taskRow>;
export type DeskList = DeskListQuery['list'];
export interface DeskPage {
  result: DeskItem[];
  total: number;
  offset: number;
  limit: number;
  can: { create: boolean };
}
export interface TaskTablePage {
  result: TaskRow[];
  total: number;
  offset: number;
  limit: number;
}
export interface MoveAnswer {
  _id: string;
  lane: string;
  status: 'open' | 'done';
  version: number;
}
/** What the desk form sends (the server fills the rest with its defaults). */
export type DeskInput = Partial<DeskBody> & { name: string };
export type TableFilters = Partial<Omit<TaskTableQuery, 'offset' | 'limit'>>;

const local = { local: true } as const;
type One<T> = { result: T };
const one = async <T>(promise: Promise<One<T>>) => (await promise).result;

export const fetchDesks = (list: DeskList, offset: number, signal?: AbortSignal, project?: string) =>
  api<DeskPage>('/api/task_tracker/desks', { query: { list, offset, project }, signal, ...local });

export const fetchDesk = (id: string, signal?: AbortSignal) =>
  one(api<One<DeskDto>>(`/api/task_tracker/${id}`, { signal, ...local }));

export const createDesk = (body: DeskInput) =>
  one(api<One<DeskDto>>('/api/task_tracker/desk', { method: 'POST', body, ...local }));

export const updateDesk = (id: string, body: DeskUpdateBody) =>
  one(api<One<DeskDto>>(`/api/task_tracker/${id}`, { method: 'PUT', body, ...local }));

export const deleteDesk = (id: string) => api<unknown>(`/api/task_tracker/${id}`, { method: 'DELETE', ...local });

export const finishDesk = (id: string) =>
  one(api<One<DeskDto>>(`/api/task_tracker/${id}/finish`, { method: 'PUT', ...local }));

export const restoreDesk = (id: string) =>
  one(api<One<DeskDto>>(`/api/task_tracker/${id}/restore`, { method: 'PUT', ...local }));

export const addLane = (deskId: string, name: string) =>
  one(api<One<DeskDto>>(`/api/task_tracker/${deskId}/lane`, { method: 'POST', body: { name }, ...local }));

export const updateLane = (deskId: string, laneId: string, body: { name?: string; done?: boolean }) =>
  one(api<One<DeskDto>>(`/api/task_tracker/${deskId}/lane/${laneId}`, { method: 'PUT', body, ...local }));

export const orderLanes = (deskId: string, lanes: string[]) =>
  one(api<One<DeskDto>>(`/api/task_tracker/${deskId}/lanes`, { method: 'PUT', body: { lanes }, ...local }));

export const deleteLane = (deskId: string, laneId: string, moveTo: string) =>
  one(
    api<One<DeskDto>>(`/api/task_tracker/${deskId}/lane/${laneId}`, {
      method: 'DELETE',
      query: { move_to: moveTo },
      ...local,
    }),
  );

export const addTask = (deskId: string, laneId: string, body: Partial<TaskBody> & { name: string }) =>
  one(api<One<TaskDto>>(`/api/task_tracker/${deskId}/${laneId}/add_task`, { method: 'PUT', body, ...local }));

export const fetchTask = (id: string, signal?: AbortSignal) =>
  one(api<One<TaskDto>>(`/api/task/${id}`, { signal, ...local }));

export const updateTask = (id: string, body: TaskUpdateBody) =>
  one(api<One<TaskDto>>(`/api/task/${id}`, { method: 'PUT', body, ...local }));

export const deleteTask = (id: string) => api<unknown>(`/api/task/${id}`, { method: 'DELETE', ...local });

export const setTaskDone = (id: string, done: boolean) =>
  one(api<One<TaskDto>>(`/api/task/${id}/${done ? 'finish' : 'reopen'}`, { method: 'PUT', ...local }));

export const moveTask = (deskId: string, body: Partial<MoveTaskBody> & { task: string; lane: string }) =>
  one(api<One<MoveAnswer>>(`/api/task_tracker/${deskId}/move_task`, { method: 'PUT', body, ...local }));

/** The table's query string: the filters without their empty values. */
export function tableQuery(filters: TableFilters, offset: number) {
  const query: Record<string, string | number> = { offset };
  for (const [key, value] of Object.entries(filters)) if (value) query[key] = value as string;
  return query;
}

export const fetchTable = (deskId: string, filters: TableFilters, offset: number, signal?: AbortSignal) =>
  api<TaskTablePage>(`/api/task_tracker/${deskId}/table`, { query: tableQuery(filters, offset), signal, ...local });

/** `GET api/task_tracker/{desk_id}/excel`: the table with its filters as an xlsx workbook, saved under its name. */
export async function downloadExcel(deskId: string, filters: TableFilters): Promise<string> {
  const params = new URLSearchParams(
    Object.entries(tableQuery(filters, 0)).map(([key, value]) => [key, String(value)] as [string, string]),
  );
  const response = await fetchFile(`/api/task_tracker/${deskId}/excel?${params}`);
  const name = dispositionName(response.headers.get('content-disposition'), `desk-${deskId}.xlsx`);
  saveBlob(await response.blob(), name);
  return name;
}
