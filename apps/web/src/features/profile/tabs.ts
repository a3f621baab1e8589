import type { UserDto } from '@hallway/shared';

export const PROFILE_TABS = ['main', 'extra', 'social', 'hrData', 'hrFiles', 'contacts', 'subscribers'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

/**
 * The profile tabs of spec portal §2 the caller sees: HR data and HR files only when the server sent them (the
 * person, their chief, HR and administrators). Notifications come with the notifications module.
 */
export function visibleTabs(person: Pick<UserDto, 'hrData' | 'files'>): ProfileTab[] {
  return PROFILE_TABS.filter((tab) => {
    if (tab === 'hrData') return person.hrData !== undefined;
    if (tab === 'hrFiles') return person.files !== undefined;
    return true;
  });
}
