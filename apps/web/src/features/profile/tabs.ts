import type { UserDto } from '@hallway/shared';
import type { ProfileTabSlot } from '../../app/webModule';

type Conditions = Pick<ProfileTabSlot, 'mode' | 'ownOnly' | 'shows'>;

/**
 * The profile tabs of spec portal §2 the caller sees in a mode of the page (issue 12), of those the workspace and
 * the person's rights allow (`slotsFor`): the read page has the person's posts, HR data and HR files (only when the
 * server sent them: the person, their chief, HR and administrators), notifications on one's own profile and
 * subscribers; the edit mode has the profile's forms.
 */
export const visibleTabs = <S extends Conditions>(
  slots: S[],
  person: UserDto,
  { mode, own }: { mode: 'view' | 'edit'; own: boolean },
): S[] => slots.filter((slot) => slot.mode === mode && (own || !slot.ownOnly) && (slot.shows?.(person) ?? true));
