import { defineTexts } from '../../../i18n/feature';
import { en } from './en';
import { ru } from './ru';
import { uk } from './uk';

export const clientsTexts = { en, ru, uk };

/** The clients module's texts, in namespace `clients`: they load with its pages. */
export const useClientsTexts = defineTexts('clients', clientsTexts);
