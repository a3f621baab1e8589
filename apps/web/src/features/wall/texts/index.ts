import { defineTexts } from '../../../i18n/feature';
import { en } from './en';
import { ru } from './ru';
import { uk } from './uk';

export const wallTexts = { en, ru, uk };

/** The wall's texts, in namespace `wall`: they load with the wall's chunk. */
export const useWallTexts = defineTexts('wall', wallTexts);
