import { defineTexts } from '../../../i18n/feature';
import { en } from './en';
import { ru } from './ru';
import { uk } from './uk';

export const authTexts = { en, ru, uk };

/** The auth module's texts, in namespace `auth`: they load with its pages. */
export const useAuthTexts = defineTexts('auth', authTexts);
