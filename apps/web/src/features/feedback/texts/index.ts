import { defineTexts } from '../../../i18n/feature';
import { en } from './en';
import { ru } from './ru';
import { uk } from './uk';

export const feedbackTexts = { en, ru, uk };

/** The texts of ideas and violation reports, in namespace `feedback`. */
export const useFeedbackTexts = defineTexts('feedback', feedbackTexts);
