import { defineMessages } from '../catalogue.js';

/** The structure module's error codes (docs/modules.md "A module's shared files"). */
export const messages = defineMessages({
  department_not_found: {
    en: 'The department was not found',
    ru: 'Подразделение не найдено',
    uk: 'Підрозділ не знайдено',
  },
  structure_move_cycle: {
    en: 'A department cannot be moved into itself or a child',
    ru: 'Подразделение нельзя переместить в само себя или в дочернее',
    uk: 'Підрозділ не можна перемістити в самого себе або в дочірній',
  },
  structure_root_locked: {
    en: 'The root department cannot be moved',
    ru: 'Корневое подразделение нельзя переместить',
    uk: 'Кореневий підрозділ не можна перемістити',
  },
  structure_root_delete: {
    en: 'The root department cannot be deleted',
    ru: 'Корневое подразделение нельзя удалить',
    uk: 'Кореневий підрозділ не можна видалити',
  },
  structure_has_employees: {
    en: 'A department with employees cannot be deleted',
    ru: 'Подразделение с сотрудниками нельзя удалить',
    uk: 'Підрозділ зі співробітниками не можна видалити',
  },
  structure_parent_other_tree: {
    en: 'A department can only be moved within its own structure',
    ru: 'Подразделение можно переместить только внутри своей структуры',
    uk: 'Підрозділ можна перемістити лише в межах своєї структури',
  },
  head_not_member: {
    en: 'The head must be a member of the department',
    ru: 'Руководитель должен быть сотрудником подразделения',
    uk: 'Керівник має бути співробітником підрозділу',
  },
  loading_struct_hrm_error: {
    en: 'Error loading the structure from the HR system',
    ru: 'Ошибка загрузки структуры из HR-системы',
    uk: 'Помилка завантаження структури з HR-системи',
  },
  inn_unknown: {
    en: 'No employee has this INN',
    ru: 'Нет сотрудника с таким ИНН',
    uk: 'Немає співробітника з таким ІПН',
  },
  chief_unknown: {
    en: 'No employee has the chief code',
    ru: 'Нет сотрудника с кодом руководителя',
    uk: 'Немає співробітника з кодом керівника',
  },
});

type DeclaredCodes = keyof typeof messages;
declare module '../messages.js' {
  interface ModuleMessageCodes extends Record<DeclaredCodes, true> {}
}
