import type { UserDto } from '@hallway/shared';

export const PROFILE_TABS = [
  'posts',
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

/** The forms of the edit mode; the page itself (view mode) shows these fields read-only. */
const EDIT_TABS: readonly ProfileTab[] = ['main', 'extra', 'social', 'contacts'];

/**
 * The profile tabs of spec portal §2 the caller sees in a mode of the page (issue 12): the read page has the person's
 * posts, HR data and HR files (only when the server sent them: the person, their chief, HR and administrators),
 * notifications on one's own profile while the workspace has the feature (settings with their own save) and
 * subscribers; the edit mode has the profile's forms.
 */
export function visibleTabs(
  person: Pick<UserDto, 'hrData' | 'files'>,
  options: { own?: boolean; notifications?: boolean; mode?: 'view' | 'edit'; posts?: boolean } = {},
): ProfileTab[] {
  const mode = options.mode ?? 'view';
  return PROFILE_TABS.filter((tab) => {
    if (EDIT_TABS.includes(tab) !== (mode === 'edit')) return false;
    if (tab === 'posts') return !!options.posts;
    if (tab === 'notifications') return !!options.own && !!options.notifications;
    if (tab === 'hrData') return person.hrData !== undefined;
    if (tab === 'hrFiles') return person.files !== undefined;
    return true;
  });
}
