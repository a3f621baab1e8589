import { defineTexts } from '../../../i18n/feature';
import { en } from './en';
import { ru } from './ru';
import { uk } from './uk';

export const pollsTexts = { en, ru, uk };

/** The polls' texts, in namespace `polls`: they travel with the pages and the wall's widget. */
export const usePollsTexts = defineTexts('polls', pollsTexts);
