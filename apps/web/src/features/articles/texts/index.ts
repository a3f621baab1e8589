import { defineTexts } from '../../../i18n/feature';
import { en } from './en';
import { ru } from './ru';
import { uk } from './uk';

export const articlesTexts = { en, ru, uk };

/** The knowledge base's texts, in namespace `articles`: they load with its chunk. */
export const useArticlesTexts = defineTexts('articles', articlesTexts);
