import type { MoodDto, MoodSettings, MoodStat } from '@hallway/shared/mood';
import { api } from '../../api/client';

/** The mood meter's calls (modules §7 "Mood", docs/api.md "Mood"); the check is the session's (useMoodCheck). */
const local = { local: true } as const;
type One<T> = { result: T };

export const rate = async (body: { mood: number; comment: string }) =>
  (await api<One<MoodDto>>('/api/mood', { method: 'POST', body, ...local })).result;

export const fetchStat = async (clientId: string, from: string, to: string, signal?: AbortSignal) =>
  (await api<One<MoodStat>>(`/api/mood/stat/${clientId}/${from}/${to}`, { signal, ...local })).result;

export const fetchSettings = async (signal?: AbortSignal) =>
  (await api<One<MoodSettings>>('/api/mood/settings', { signal, ...local })).result;

export const saveSettings = async (body: MoodSettings) =>
  (await api<One<MoodSettings>>('/api/mood/settings', { method: 'PUT', body, ...local })).result;
