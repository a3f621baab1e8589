import { defineTexts } from '../../../i18n/feature';
import { en } from './en';
import { ru } from './ru';
import { uk } from './uk';

export const employeesTexts = { en, ru, uk };

/** Texts of the employees list's selection and bulk actions, in namespace `employees`. */
export const useEmployeesTexts = defineTexts('employees', employeesTexts);
