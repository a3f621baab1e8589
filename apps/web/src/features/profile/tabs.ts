import type { UserDto } from '@hallway/shared';

export const PROFILE_TABS = [
  'main',
  'extra',
  'social',
  'hrData',
  'hrFiles',
  'contacts',
  'notifications',
  'subscribers',
] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

/**
 * The profile tabs of spec portal §2 the caller sees: HR data and HR files only when the server sent them (the
 * person, their chief, HR and administrators); notifications on one's own profile while the workspace has the feature.
 */
export function visibleTabs(
  person: Pick<UserDto, 'hrData' | 'files'>,
  options: { own?: boolean; notifications?: boolean } = {},
): ProfileTab[] {
  return PROFILE_TABS.filter((tab) => {
    if (tab === 'notifications') return !!options.own && !!options.notifications;
    if (tab === 'hrData') return person.hrData !== undefined;
    if (tab === 'hrFiles') return person.files !== undefined;
    return true;
  });
}
