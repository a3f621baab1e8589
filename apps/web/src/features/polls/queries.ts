import type { PollAnswerInput, PollDto } from '@hallway/shared/polls';
import { keepPreviousData, mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import type { PollInput, PollStatus } from './api';
import * as pollsApi from './api';

/** The polls' query keys: every list (the page's tabs and the wall widget's) under `lists`, each poll under its id. */
export const pollKeys = {
  all: ['polls'] as const,
  lists: ['polls', 'list'] as const,
  list: (clientId: string, userId: string, status: PollStatus, page: number) =>
    ['polls', 'list', clientId, userId, status, page] as const,
  one: (id: string) => ['polls', 'one', id] as const,
  copy: (id: string) => ['polls', 'copy', id] as const,
  /** Everything of one poll's results: the general tab, the table's and "not passed"'s pages. */
  results: (id: string) => ['polls', 'results', id] as const,
  table: (id: string, page: number) => ['polls', 'results', id, 'table', page] as const,
  notPassed: (id: string, page: number) => ['polls', 'results', id, 'not_passed', page] as const,
};

/** How many polls the wall's widget lists. */
export const WIDGET_SIZE = 5;

export const pollQueries = {
  /** One page (50) of the polls the person may read, of one status; the previous page stays while the next loads. */
  list: (clientId: string, userId: string, status: PollStatus, page: number) =>
    queryOptions({
      queryKey: pollKeys.list(clientId, userId, status, page),
      queryFn: ({ signal }) => pollsApi.fetchPolls(clientId, userId, status, page, signal),
      enabled: !!clientId && !!userId,
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    }),

  /** The wall's widget: the first page of the active polls. */
  active: (clientId: string, userId: string) => pollQueries.list(clientId, userId, 'active', 0),

  one: (id: string) =>
    queryOptions({
      queryKey: pollKeys.one(id),
      queryFn: ({ signal }) => pollsApi.fetchPoll(id, signal),
      retry: false,
      staleTime: 15_000,
    }),

  /** A new poll's body made of an existing one (`/poll/new?copy=`): read once, never kept fresh. */
  copy: (id: string) =>
    queryOptions({
      queryKey: pollKeys.copy(id),
      queryFn: ({ signal }) => pollsApi.fetchPollCopy(id, signal),
      retry: false,
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: 0,
    }),

  results: (id: string) =>
    queryOptions({
      queryKey: pollKeys.results(id),
      queryFn: ({ signal }) => pollsApi.fetchResults(id, signal),
      retry: false,
      staleTime: 15_000,
    }),

  table: (id: string, page: number, enabled = true) =>
    queryOptions({
      queryKey: pollKeys.table(id, page),
      queryFn: ({ signal }) => pollsApi.fetchTable(id, page, signal),
      placeholderData: keepPreviousData,
      enabled,
      staleTime: 15_000,
    }),

  notPassed: (id: string, page: number, enabled = true) =>
    queryOptions({
      queryKey: pollKeys.notPassed(id, page),
      queryFn: ({ signal }) => pollsApi.fetchNotPassed(id, page, signal),
      placeholderData: keepPreviousData,
      enabled,
      staleTime: 15_000,
    }),
};

/** A poll's answer replaces its cached page; the lists and its results, which count it, are fetched again. */
function settle(client: QueryClient, poll: PollDto) {
  client.setQueryData(pollKeys.one(poll._id), poll);
  void client.invalidateQueries({ queryKey: pollKeys.lists });
  void client.invalidateQueries({ queryKey: pollKeys.results(poll._id) });
}

/**
 * The polls' writes. The editor's and the answering form's throw their failures back to their fields; finish,
 * delete and remind to their confirm dialogs.
 */
export const pollMutations = {
  create: (client: QueryClient) =>
    mutationOptions({
      mutationFn: (input: PollInput) => pollsApi.createPoll(input),
      onSuccess: (poll) => settle(client, poll),
    }),

  update: (client: QueryClient, id: string) =>
    mutationOptions({
      mutationFn: (input: Partial<PollInput>) => pollsApi.updatePoll(id, input),
      onSuccess: (poll) => settle(client, poll),
    }),

  finish: (client: QueryClient) =>
    mutationOptions({
      mutationFn: (id: string) => pollsApi.finishPoll(id),
      onSuccess: (poll) => settle(client, poll),
    }),

  remove: (client: QueryClient) =>
    mutationOptions({
      mutationFn: (id: string) => pollsApi.deletePoll(id),
      onSuccess: (_answer, id) => {
        client.removeQueries({ queryKey: pollKeys.one(id) });
        client.removeQueries({ queryKey: pollKeys.results(id) });
        void client.invalidateQueries({ queryKey: pollKeys.lists });
      },
    }),

  answer: (client: QueryClient, id: string) =>
    mutationOptions({
      mutationFn: (answers: PollAnswerInput[]) => pollsApi.answerPoll(id, answers),
      onSuccess: (poll) => settle(client, poll),
    }),

  remind: (client: QueryClient, id: string) =>
    mutationOptions({
      mutationFn: () => pollsApi.remindPoll(id),
      onSuccess: () => void client.invalidateQueries({ queryKey: pollKeys.results(id) }),
    }),
};
