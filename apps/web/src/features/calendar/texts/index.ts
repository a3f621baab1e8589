import { defineTexts } from '../../../i18n/feature';
import { en } from './en';
import { ru } from './ru';
import { uk } from './uk';

export const calendarTexts = { en, ru, uk };

/** The calendar's texts, in namespace `calendar`: they load with the calendar's chunk (and the wall's widget). */
export const useCalendarTexts = defineTexts('calendar', calendarTexts);
