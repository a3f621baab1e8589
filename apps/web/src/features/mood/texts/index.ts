import { defineTexts } from '../../../i18n/feature';
import { en } from './en';
import { ru } from './ru';
import { uk } from './uk';

export const moodTexts = { en, ru, uk };

/** The mood meter's texts, in namespace `mood`: the meter in the header and the employees' statistics tab. */
export const useMoodTexts = defineTexts('mood', moodTexts);
