import { defineTexts } from '../../../i18n/feature';
import { en } from './en';
import { ru } from './ru';
import { uk } from './uk';

export const structureTexts = { en, ru, uk };

/** Texts of the company structure, in namespace `structure`: they load with the structure's chunk. */
export const useStructureTexts = defineTexts('structure', structureTexts);
