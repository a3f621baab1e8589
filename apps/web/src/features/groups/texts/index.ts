import type { GroupDto } from '@hallway/shared';
import { useCallback } from 'react';
import { defineTexts, type TextKey, textLeaves } from '../../../i18n/feature';
import { en } from './en';
import { ru } from './ru';
import { uk } from './uk';

export const groupsTexts = { en, ru, uk };

/** The groups' texts, in namespace `groups`: they load with the groups' chunk. */
export const useGroupsTexts = defineTexts('groups', groupsTexts);

export type GroupKind = GroupDto['kind'];
type Key = TextKey<typeof en>;

/** The keys that name the place and have a project's wording under `inProject`. */
const PROJECT_WORDING = new Set(textLeaves(en.inProject).keys());

/** The key to read for a place of `kind`: the one place that picks "project" or "group". */
export function placeKey(key: Key, kind: GroupKind): Key {
  return kind === 'project' && PROJECT_WORDING.has(key) ? (`inProject.${key}` as Key) : key;
}

/**
 * The groups' texts for a place of `kind`: a group's texts, or, where a text names the place, the project's wording
 * (`inProject`). Everything shown on a project's page, or on a wall shared by both, is read through this.
 */
export function usePlaceTexts(kind: GroupKind) {
  const { t, lang } = useGroupsTexts();
  const translate = useCallback(
    (key: Key, values?: Record<string, unknown>) => t(placeKey(key, kind), values),
    [t, kind],
  );
  return { t: translate, lang };
}
