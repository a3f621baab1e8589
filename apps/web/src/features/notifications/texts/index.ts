import { defineTexts } from '../../../i18n/feature';
import { en } from './en';
import { ru } from './ru';
import { uk } from './uk';

export const notificationsTexts = { en, ru, uk };

/** Texts of the notification centre, in namespace `notifications`; the bell in the header needs them at start. */
export const useNotificationsTexts = defineTexts('notifications', notificationsTexts);
