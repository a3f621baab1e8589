import type { DeskDto, TaskDto, TaskUpdateBody } from '@hallway/shared/tasks';
import { keepPreviousData, mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import type { DeskInput, DeskList, MoveAnswer, TableFilters } from './api';
import * as tasksApi from './api';
import { moveCard, orderLanes, type Place, putCard, removeCard } from './board';

/** The task tracker's query keys: every desks list under `lists`, each desk and each task under its id. */
export const taskKeys = {
  all: ['tasks'] as const,
  lists: ['tasks', 'desks'] as const,
  list: (list: DeskList, offset: number, project?: string) => ['tasks', 'desks', list, offset, project ?? ''] as const,
  desk: (id: string) => ['tasks', 'desk', id] as const,
  tables: (deskId: string) => ['tasks', 'table', deskId] as const,
  table: (deskId: string, filters: TableFilters, offset: number) =>
    ['tasks', 'table', deskId, filters, offset] as const,
  task: (id: string) => ['tasks', 'task', id] as const,
};

export const taskQueries = {
  desks: (list: DeskList, offset: number, project?: string) =>
    queryOptions({
      queryKey: taskKeys.list(list, offset, project),
      queryFn: ({ signal }) => tasksApi.fetchDesks(list, offset, signal, project),
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    }),

  desk: (id: string) =>
    queryOptions({
      queryKey: taskKeys.desk(id),
      queryFn: ({ signal }) => tasksApi.fetchDesk(id, signal),
      retry: false,
      staleTime: 15_000,
    }),

  table: (deskId: string, filters: TableFilters, offset: number) =>
    queryOptions({
      queryKey: taskKeys.table(deskId, filters, offset),
      queryFn: ({ signal }) => tasksApi.fetchTable(deskId, filters, offset, signal),
      placeholderData: keepPreviousData,
      staleTime: 15_000,
    }),

  task: (id: string) =>
    queryOptions({
      queryKey: taskKeys.task(id),
      queryFn: ({ signal }) => tasksApi.fetchTask(id, signal),
      retry: false,
      staleTime: 0,
    }),
};

/** A desk's answer (settings, lanes) replaces its cache; the lists and the table, which show it, are read again. */
function settleDesk(client: QueryClient, desk: DeskDto) {
  client.setQueryData(taskKeys.desk(desk._id), desk);
  void client.invalidateQueries({ queryKey: taskKeys.lists });
  void client.invalidateQueries({ queryKey: taskKeys.tables(desk._id) });
}

/** A task's answer goes to its own cache and to its face on the desk. */
export function settleTask(client: QueryClient, task: TaskDto) {
  client.setQueryData(taskKeys.task(task._id), task);
  client.setQueryData<DeskDto>(taskKeys.desk(task.desk), (desk) => (desk ? putCard(desk, task) : desk));
  void client.invalidateQueries({ queryKey: taskKeys.tables(task.desk) });
}

export interface MoveInput extends Place {
  task: string;
  confirm?: boolean;
}

/**
 * The task tracker's writes. The forms' throw their failures back to their fields; the kanban's show a toast (or,
 * for a move that needs confirming, a dialog) in the component's `onError`.
 */
export const taskMutations = {
  createDesk: (client: QueryClient) =>
    mutationOptions({
      mutationFn: (input: DeskInput) => tasksApi.createDesk(input),
      onSuccess: (desk) => settleDesk(client, desk),
    }),

  updateDesk: (client: QueryClient, id: string) =>
    mutationOptions({
      mutationFn: (input: Parameters<typeof tasksApi.updateDesk>[1]) => tasksApi.updateDesk(id, input),
      onSuccess: (desk) => settleDesk(client, desk),
    }),

  finishDesk: (client: QueryClient) =>
    mutationOptions({ mutationFn: tasksApi.finishDesk, onSuccess: (desk) => settleDesk(client, desk) }),

  restoreDesk: (client: QueryClient) =>
    mutationOptions({ mutationFn: tasksApi.restoreDesk, onSuccess: (desk) => settleDesk(client, desk) }),

  deleteDesk: (client: QueryClient) =>
    mutationOptions({
      mutationFn: (id: string) => tasksApi.deleteDesk(id),
      onSuccess: (_answer, id) => {
        client.removeQueries({ queryKey: taskKeys.desk(id) });
        void client.invalidateQueries({ queryKey: taskKeys.lists });
      },
    }),

  addLane: (client: QueryClient, deskId: string) =>
    mutationOptions({
      mutationFn: (name: string) => tasksApi.addLane(deskId, name),
      onSuccess: (desk) => settleDesk(client, desk),
    }),

  renameLane: (client: QueryClient, deskId: string) =>
    mutationOptions({
      mutationFn: ({ lane, name }: { lane: string; name: string }) => tasksApi.updateLane(deskId, lane, { name }),
      onSuccess: (desk) => settleDesk(client, desk),
    }),

  deleteLane: (client: QueryClient, deskId: string) =>
    mutationOptions({
      mutationFn: ({ lane, moveTo }: { lane: string; moveTo: string }) => tasksApi.deleteLane(deskId, lane, moveTo),
      onSuccess: (desk) => settleDesk(client, desk),
    }),

  /** The lanes' new order shows at once and goes back as it was if the server refuses it. */
  orderLanes: (client: QueryClient, deskId: string) =>
    mutationOptions({
      mutationFn: (ids: string[]) => tasksApi.orderLanes(deskId, ids),
      onMutate: async (ids: string[]) => {
        await client.cancelQueries({ queryKey: taskKeys.desk(deskId) });
        const before = client.getQueryData<DeskDto>(taskKeys.desk(deskId));
        if (before) client.setQueryData(taskKeys.desk(deskId), orderLanes(before, ids));
        return { before };
      },
      onError: (_error, _ids, context) => {
        if (context?.before) client.setQueryData(taskKeys.desk(deskId), context.before);
      },
      onSuccess: (desk) => settleDesk(client, desk),
    }),

  addTask: (client: QueryClient, deskId: string) =>
    mutationOptions({
      mutationFn: ({ lane, name }: { lane: string; name: string }) => tasksApi.addTask(deskId, lane, { name }),
      onSuccess: (task) => settleTask(client, task),
    }),

  /**
   * A card's move shows at once (optimistic); a refusal puts the desk back as it was before this move, and the
   * component shows why (or asks to confirm, then sends the move again with `confirm`).
   */
  move: (client: QueryClient, deskId: string) =>
    mutationOptions({
      mutationFn: ({ task, lane, before, after, confirm }: MoveInput) =>
        tasksApi.moveTask(deskId, { task, lane, before, after, confirm: confirm ?? false }),
      onMutate: async (input: MoveInput) => {
        await client.cancelQueries({ queryKey: taskKeys.desk(deskId) });
        const before = client.getQueryData<DeskDto>(taskKeys.desk(deskId));
        if (before) client.setQueryData(taskKeys.desk(deskId), moveCard(before, input.task, input));
        return { before };
      },
      onError: (_error, _input, context) => {
        if (context?.before) client.setQueryData(taskKeys.desk(deskId), context.before);
      },
      onSuccess: (answer: MoveAnswer) => {
        client.setQueryData<DeskDto>(taskKeys.desk(deskId), (desk) => {
          if (!desk) return desk;
          return {
            ...desk,
            lanes: desk.lanes.map((lane) => ({
              ...lane,
              tasks: lane.tasks.map((card) =>
                card._id === answer._id ? { ...card, status: answer.status, version: answer.version } : card,
              ),
            })),
          };
        });
        void client.invalidateQueries({ queryKey: taskKeys.task(answer._id) });
        void client.invalidateQueries({ queryKey: taskKeys.tables(deskId) });
      },
    }),

  updateTask: (client: QueryClient, id: string) =>
    mutationOptions({
      mutationFn: (body: TaskUpdateBody) => tasksApi.updateTask(id, body),
      onSuccess: (task) => settleTask(client, task),
    }),

  setDone: (client: QueryClient, id: string) =>
    mutationOptions({
      mutationFn: (done: boolean) => tasksApi.setTaskDone(id, done),
      onSuccess: (task) => settleTask(client, task),
    }),

  deleteTask: (client: QueryClient, deskId: string) =>
    mutationOptions({
      mutationFn: (id: string) => tasksApi.deleteTask(id),
      onSuccess: (_answer, id) => {
        client.removeQueries({ queryKey: taskKeys.task(id) });
        client.setQueryData<DeskDto>(taskKeys.desk(deskId), (desk) => (desk ? removeCard(desk, id) : desk));
        void client.invalidateQueries({ queryKey: taskKeys.tables(deskId) });
      },
    }),
};
