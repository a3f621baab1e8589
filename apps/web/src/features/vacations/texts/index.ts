import { defineTexts } from '../../../i18n/feature';
import { en } from './en';
import { ru } from './ru';
import { uk } from './uk';

export const vacationsTexts = { en, ru, uk };

/** Texts of the vacations, in namespace `vacations`: they load with the vacations' chunk. */
export const useVacationsTexts = defineTexts('vacations', vacationsTexts);
