import { defineTexts } from '../../../i18n/feature';
import { en } from './en';
import { ru } from './ru';
import { uk } from './uk';

export const chatTexts = { en, ru, uk };

/** The chat's texts, in namespace `chat`: they travel with its pages and its header button. */
export const useChatTexts = defineTexts('chat', chatTexts);
