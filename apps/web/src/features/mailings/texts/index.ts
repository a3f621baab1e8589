import { defineTexts } from '../../../i18n/feature';
import { en } from './en';
import { ru } from './ru';
import { uk } from './uk';

export const mailingsTexts = { en, ru, uk };

/** Texts of the mailings, in namespace `mailings`: they load with the admin panel's chunk. */
export const useMailingsTexts = defineTexts('mailings', mailingsTexts);
