import { defineTexts } from '../../../i18n/feature';
import type { en } from './en';

/** The auth module's texts, in namespace `auth`: one language at a time, loaded with its pages (module.ts). */
export const useAuthTexts = defineTexts<typeof en>('auth');
