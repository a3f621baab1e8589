import { queryOptions, useQueries } from '@tanstack/react-query';
import { fetchAnniversaries, fetchBirthdays, peopleKeys } from '../profile';
import { type Celebration, celebrations } from '../wall';

export const birthdaysQueries = {
  /** This month's and next month's birthdays, as of the reader's own calendar day. */
  month: (clientId: string, date: string) =>
    queryOptions({
      queryKey: peopleKeys.birthdays(clientId, date),
      queryFn: ({ signal }) => fetchBirthdays(clientId, date, signal),
      enabled: !!clientId,
    }),
  /** This month's and next month's work anniversaries, as of the reader's own calendar day. */
  anniversaries: (clientId: string, date: string) =>
    queryOptions({
      queryKey: peopleKeys.anniversaries(clientId, date),
      queryFn: ({ signal }) => fetchAnniversaries(clientId, date, signal),
      enabled: !!clientId,
    }),
};

/** Birthdays and work anniversaries as one query: loaded once both are, failed if either fails, one retry for both. */
export function useCelebrations(clientId: string, date: string) {
  return useQueries({
    queries: [birthdaysQueries.month(clientId, date), birthdaysQueries.anniversaries(clientId, date)],
    combine: ([birthdays, anniversaries]) => ({
      data:
        birthdays.data && anniversaries.data
          ? celebrations(birthdays.data, anniversaries.data)
          : (undefined as Celebration[] | undefined),
      isPending: birthdays.isPending || anniversaries.isPending,
      isError: birthdays.isError || anniversaries.isError,
      error: birthdays.error ?? anniversaries.error,
      refetch: () => Promise.all([birthdays.refetch(), anniversaries.refetch()]),
    }),
  });
}
