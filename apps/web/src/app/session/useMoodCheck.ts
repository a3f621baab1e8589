import type { ClientDto, UserDto } from '@hallway/shared';
import type { MoodCheck } from '@hallway/shared/mood';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

export interface MoodCheckInput {
  user: UserDto | null;
  client: ClientDto | null;
  isSuperadmin: boolean;
  /** Startup step 6 runs after the workspace users are loaded (spec portal §4 "Startup order"). */
  enabled: boolean;
}

/**
 * `GET /api/mood/check/{id}`: whether the mood meter asks the person today. The session asks it at start-up; the
 * mood module's meter (features/mood) reads the same cache entry and drops `need` once the mood is given.
 */
export const moodCheckQuery = (userId: string) =>
  queryOptions({
    queryKey: ['mood', 'check', userId] as const,
    queryFn: ({ signal }) => api<MoodCheck>(`/api/mood/check/${userId}`, { signal, local: true }),
    // Once a day: a long session asks again after an hour (a new day may have begun).
    staleTime: 60 * 60_000,
  });

/**
 * Startup step 6: "for non-superadmins, check whether a mood rating is needed" — only where the workspace has the
 * mood feature on and does not hide the meter (`settings.hideMoodMeter`).
 */
export function useMoodCheck({ user, client, isSuperadmin, enabled }: MoodCheckInput): void {
  const on = !!client?.features.some((f) => f.code === 'mood' && f.active) && !client.settings.hideMoodMeter;
  useQuery({ ...moodCheckQuery(user?._id ?? ''), enabled: enabled && !!user && !isSuperadmin && on });
}
