import { defineTexts } from '../../../i18n/feature';
import { en } from './en';
import { ru } from './ru';
import { uk } from './uk';

export const vacanciesTexts = { en, ru, uk };

/** The vacancies' texts, in namespace `vacancies`: they travel with the pages and the wall's widget. */
export const useVacanciesTexts = defineTexts('vacancies', vacanciesTexts);
