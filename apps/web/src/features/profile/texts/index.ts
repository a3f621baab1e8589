import { defineTexts } from '../../../i18n/feature';
import { en } from './en';
import { ru } from './ru';
import { uk } from './uk';

/** The people side's texts (profile, address book, employees, birthdays), loaded with whichever page opens first. */
export const peopleTexts = { en, ru, uk };
export const usePeopleTexts = defineTexts('people', peopleTexts);
