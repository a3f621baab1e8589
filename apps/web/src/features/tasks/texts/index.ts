import { defineTexts } from '../../../i18n/feature';
import { en } from './en';
import { ru } from './ru';
import { uk } from './uk';

export const tasksTexts = { en, ru, uk };

/** The task tracker's texts, in namespace `tasks`: they travel with its pages. */
export const useTasksTexts = defineTexts('tasks', tasksTexts);
