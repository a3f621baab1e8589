import { defineTexts } from '../../../i18n/feature';
import { en } from './en';
import { ru } from './ru';
import { uk } from './uk';

export const servicesTexts = { en, ru, uk };

/** The services' texts, in namespace `services`: they travel with the pages. */
export const useServicesTexts = defineTexts('services', servicesTexts);
