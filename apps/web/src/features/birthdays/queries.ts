import { queryOptions } from '@tanstack/react-query';
import { fetchBirthdays, peopleKeys } from '../profile/api';

export const birthdaysQueries = {
  /** This month's and next month's birthdays, as of the reader's own calendar day. */
  month: (clientId: string, date: string) =>
    queryOptions({
      queryKey: peopleKeys.birthdays(clientId, date),
      queryFn: ({ signal }) => fetchBirthdays(clientId, date, signal),
      enabled: !!clientId,
    }),
};
