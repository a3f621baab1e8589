import { USERS_PAGE_SIZE, type UsersFilterBody } from '@hallway/shared';
import { infiniteQueryOptions, mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { showError } from '../../ui/toast';
import { fetchUserFilters, filterUsers, movePin, peopleKeys, togglePin } from '../profile';

/** The address book's reads: the filter choices and the list, in pages of 50 loaded as it scrolls. */
export const addressBookQueries = {
  filters: (clientId: string) =>
    queryOptions({
      queryKey: peopleKeys.filters(clientId),
      queryFn: ({ signal }) => fetchUserFilters(clientId, signal),
      enabled: !!clientId,
      staleTime: 5 * 60_000,
    }),

  list: (workspace: string, filter: UsersFilterBody) =>
    infiniteQueryOptions({
      queryKey: peopleKeys.list(workspace, filter),
      queryFn: ({ pageParam, signal }) =>
        filterUsers(workspace, { ...filter, page: pageParam, limit: USERS_PAGE_SIZE }, signal),
      initialPageParam: 0,
      getNextPageParam: (last, pages) => (pages.length * USERS_PAGE_SIZE < last.total ? pages.length : undefined),
      enabled: !!workspace,
    }),
};

/** Pinning reorders the whole list: every loaded people list is fetched again. */
const refreshLists = (client: QueryClient) => client.invalidateQueries({ queryKey: [...peopleKeys.all, 'list'] });

export const addressBookMutations = {
  togglePin: (client: QueryClient) =>
    mutationOptions({
      mutationFn: (id: string) => togglePin(id),
      onSuccess: () => refreshLists(client),
      onError: showError,
    }),

  movePin: (client: QueryClient) =>
    mutationOptions({
      mutationFn: ({ from, to }: { from: string; to: string }) => movePin(from, to),
      onSuccess: () => refreshLists(client),
      onError: showError,
    }),
};
