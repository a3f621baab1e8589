import { defineTexts } from '../../i18n/feature';
import { en } from './en';
import { ru } from './ru';
import { uk } from './uk';

export const grantTexts = { en, ru, uk };

/** The grant editor's texts, in namespace `grants`: shared by every module that edits audiences. */
export const useGrantTexts = defineTexts('grants', grantTexts);
