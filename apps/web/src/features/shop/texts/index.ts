import { defineTexts } from '../../../i18n/feature';
import { en } from './en';
import { ru } from './ru';
import { uk } from './uk';

export const shopTexts = { en, ru, uk };

/** The shop's texts, in namespace `shop`: they travel with its pages and the profile's achievements tab. */
export const useShopTexts = defineTexts('shop', shopTexts);
