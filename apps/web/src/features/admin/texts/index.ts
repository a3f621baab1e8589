import { defineTexts } from '../../../i18n/feature';
import { en } from './en';
import { ru } from './ru';
import { uk } from './uk';

export const adminTexts = { en, ru, uk };

/** Texts of the admin panel, in namespace `admin`. */
export const useAdminTexts = defineTexts('admin', adminTexts);
