import type { ArticleDto } from '@hallway/shared/articles';
import { keepPreviousData, mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import type { VacancyFilter, VacancyInput } from './api';
import * as vacanciesApi from './api';

/** The vacancies' query keys: every list (the page's and the wall widget's) under `lists`, each vacancy under its id. */
export const vacancyKeys = {
  all: ['vacancies'] as const,
  lists: ['vacancies', 'list'] as const,
  list: (clientId: string, userId: string, page: number, filter: VacancyFilter) =>
    [
      'vacancies',
      'list',
      clientId,
      userId,
      page,
      filter.search ?? '',
      filter.tag ?? '',
      filter.salary ?? '',
      filter.sort ?? 'newest',
    ] as const,
  one: (id: string) => ['vacancies', 'one', id] as const,
  tags: (clientId: string) => ['vacancies', 'tags', clientId] as const,
};

/** How many vacancies the wall's widget lists. */
export const WIDGET_SIZE = 5;

export const vacancyQueries = {
  /** One page (50) of the vacancies the person may read, filtered; the previous page stays while the next loads. */
  list: (clientId: string, userId: string, page: number, filter: VacancyFilter) =>
    queryOptions({
      queryKey: vacancyKeys.list(clientId, userId, page, filter),
      queryFn: ({ signal }) => vacanciesApi.fetchVacancies(clientId, userId, page, filter, signal),
      enabled: !!clientId && !!userId,
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    }),

  /** The wall's widget: the newest vacancies (the list's first page, of which it shows `WIDGET_SIZE`). */
  newest: (clientId: string, userId: string) => vacancyQueries.list(clientId, userId, 0, { sort: 'newest' }),

  one: (id: string) =>
    queryOptions({
      queryKey: vacancyKeys.one(id),
      queryFn: ({ signal }) => vacanciesApi.fetchVacancy(id, signal),
      retry: false,
      staleTime: 30_000,
    }),

  /** The vacancies' tags (module `vacancies`), for the list's filter. */
  tags: (clientId: string) =>
    queryOptions({
      queryKey: vacancyKeys.tags(clientId),
      queryFn: ({ signal }) => vacanciesApi.fetchTags(clientId, signal),
      enabled: !!clientId,
      staleTime: 60_000,
    }),
};

/** A vacancy's answer replaces its cached page; the lists, which show its card, are fetched again. */
function settle(client: QueryClient, vacancy: ArticleDto) {
  client.setQueryData(vacancyKeys.one(vacancy._id), vacancy);
  void client.invalidateQueries({ queryKey: vacancyKeys.lists });
}

export interface VacancyUpdate extends Omit<VacancyInput, 'tags'> {
  base_version: number;
  /** The tags wanted, and those the vacancy had: the difference is attached and detached after the save. */
  tags: string[];
  previousTags: string[];
}

/**
 * The vacancies' writes. The form's (create, update) throw their failures back to the form for its fields and the
 * version conflict; the page's (delete, respond) to their dialogs.
 */
export const vacancyMutations = {
  create: (client: QueryClient) =>
    mutationOptions({
      mutationFn: (input: VacancyInput) => vacanciesApi.createVacancy(input),
      onSuccess: (vacancy) => settle(client, vacancy),
    }),

  update: (client: QueryClient, id: string) =>
    mutationOptions({
      mutationFn: async ({ tags, previousTags, ...input }: VacancyUpdate) => {
        let vacancy = await vacanciesApi.updateVacancy(id, input);
        for (const tag of previousTags.filter((tag) => !tags.includes(tag))) {
          vacancy = await vacanciesApi.detachTag(id, tag);
        }
        for (const tag of tags.filter((tag) => !previousTags.includes(tag))) {
          vacancy = await vacanciesApi.attachTag(id, tag);
        }
        return vacancy;
      },
      onSuccess: (vacancy) => settle(client, vacancy),
    }),

  remove: (client: QueryClient) =>
    mutationOptions({
      mutationFn: (id: string) => vacanciesApi.deleteVacancy(id),
      onSuccess: (_answer, id) => {
        client.removeQueries({ queryKey: vacancyKeys.one(id) });
        void client.invalidateQueries({ queryKey: vacancyKeys.lists });
      },
    }),

  /** The reader's view, once per page visit; its count goes into the cached vacancy. Failures are not worth a word. */
  view: (client: QueryClient, id: string, userId: string) =>
    mutationOptions({
      mutationFn: () => vacanciesApi.markViewed(id, userId),
      onSuccess: ({ views, viewed }) =>
        client.setQueryData<ArticleDto>(vacancyKeys.one(id), (current) =>
          current ? { ...current, views, viewed } : current,
        ),
    }),

  respond: () =>
    mutationOptions({
      mutationFn: (body: { vacancy_id: string; text: string; attachments: string[] }) =>
        vacanciesApi.respondToVacancy(body),
    }),
};
