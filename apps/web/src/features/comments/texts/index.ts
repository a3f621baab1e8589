import { defineTexts } from '../../../i18n/feature';
import { en } from './en';
import { ru } from './ru';
import { uk } from './uk';

export const commentsTexts = { en, ru, uk };

/** The comment thread's texts, in namespace `comments`: all three languages travel with the thread. */
export const useCommentsTexts = defineTexts('comments', commentsTexts);
