import { keepPreviousData, mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { moodCheckQuery } from '../../app/session/useMoodCheck';
import * as moodApi from './api';

export const moodKeys = {
  stats: ['mood', 'stat'] as const,
  stat: (clientId: string, from: string, to: string) => ['mood', 'stat', clientId, from, to] as const,
  settings: ['mood', 'settings'] as const,
};

export const moodQueries = {
  stat: (clientId: string, from: string, to: string) =>
    queryOptions({
      queryKey: moodKeys.stat(clientId, from, to),
      queryFn: ({ signal }) => moodApi.fetchStat(clientId, from, to, signal),
      enabled: !!clientId,
      placeholderData: keepPreviousData,
      staleTime: 60_000,
    }),
  settings: () =>
    queryOptions({
      queryKey: moodKeys.settings,
      queryFn: ({ signal }) => moodApi.fetchSettings(signal),
      staleTime: 60_000,
    }),
};

export const moodMutations = {
  /** Today's mood: the meter stops asking, and the statistics read it next time. */
  rate: (client: QueryClient, userId: string) =>
    mutationOptions({
      mutationFn: (body: { mood: number; comment: string }) => moodApi.rate(body),
      onSuccess: () => {
        client.setQueryData(moodCheckQuery(userId).queryKey, { need: false });
        void client.invalidateQueries({ queryKey: moodKeys.stats });
      },
    }),
  saveSettings: (client: QueryClient) =>
    mutationOptions({
      mutationFn: (body: { minAnswers: number }) => moodApi.saveSettings(body),
      onSuccess: (saved) => {
        client.setQueryData(moodKeys.settings, saved);
        void client.invalidateQueries({ queryKey: moodKeys.stats });
      },
    }),
};
