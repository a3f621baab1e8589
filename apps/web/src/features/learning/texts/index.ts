import { defineTexts } from '../../../i18n/feature';
import { en } from './en';
import { ru } from './ru';
import { uk } from './uk';

export const learningTexts = { en, ru, uk };

/** Learning's texts, in namespace `learning`: the courses' pages (courses.*), tests (tests.*), analytics (analytics.*). */
export const useLearningTexts = defineTexts('learning', learningTexts);
