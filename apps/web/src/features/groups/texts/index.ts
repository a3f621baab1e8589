import { defineTexts } from '../../../i18n/feature';
import { en } from './en';
import { ru } from './ru';
import { uk } from './uk';

export const groupsTexts = { en, ru, uk };

/** The groups' texts, in namespace `groups`: they load with the groups' chunk. */
export const useGroupsTexts = defineTexts('groups', groupsTexts);
