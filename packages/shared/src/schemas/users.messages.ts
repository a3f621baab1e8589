import { defineMessages } from '../catalogue.js';

/** The users module's error codes (docs/modules.md "A module's shared files"). */
export const messages = defineMessages({
  fields_empty: {
    en: 'Some data fields are empty',
    ru: 'Некоторые поля не заполнены',
    uk: 'Деякі поля не заповнено',
  },
  registration_closed: {
    en: 'This workspace does not accept open registration',
    ru: 'Это пространство не принимает открытую регистрацию',
    uk: 'Цей простір не приймає відкриту реєстрацію',
  },
  inn_invalid: {
    en: 'INN must be 10 digits',
    ru: 'ИНН должен состоять из 10 цифр',
    uk: 'ІПН має складатися з 10 цифр',
  },
  login_taken: {
    en: 'This login is already taken',
    ru: 'Этот логин уже занят',
    uk: 'Цей логін уже зайнятий',
  },
  email_taken: {
    en: 'This e-mail is already registered',
    ru: 'Этот e-mail уже зарегистрирован',
    uk: 'Цей e-mail уже зареєстровано',
  },
  not_invited: {
    en: 'This person is not waiting for an invitation: they already have a password',
    ru: 'Этот сотрудник не ждёт приглашения: у него уже есть пароль',
    uk: 'Цей співробітник не чекає запрошення: у нього вже є пароль',
  },
  not_pending: {
    en: 'This person is not waiting for approval',
    ru: 'Этот сотрудник не ждёт одобрения',
    uk: 'Цей співробітник не чекає схвалення',
  },
  user_pending: {
    en: 'This person is waiting for approval: approve or decline the registration',
    ru: 'Этот сотрудник ждёт одобрения: одобрите или отклоните регистрацию',
    uk: 'Цей співробітник чекає схвалення: схваліть або відхиліть реєстрацію',
  },
  cannot_delete_self: {
    en: 'You cannot delete yourself',
    ru: 'Нельзя удалить самого себя',
    uk: 'Не можна видалити себе',
  },
  cannot_delete_admin: {
    en: 'You cannot delete another administrator',
    ru: 'Нельзя удалить другого администратора',
    uk: 'Не можна видалити іншого адміністратора',
  },
  cannot_change_admin: {
    en: 'You cannot change another administrator',
    ru: 'Нельзя изменить другого администратора',
    uk: 'Не можна змінити іншого адміністратора',
  },
  cannot_change_own_role: {
    en: 'You cannot change your own role',
    ru: 'Нельзя изменить собственную роль',
    uk: 'Не можна змінити власну роль',
  },
  role_unknown: {
    en: 'Unknown role',
    ru: 'Неизвестная роль',
    uk: 'Невідома роль',
  },
  cannot_follow_self: {
    en: 'You cannot follow yourself',
    ru: 'Нельзя подписаться на самого себя',
    uk: 'Не можна підписатися на самого себе',
  },
  not_pinned: {
    en: 'Only pinned employees can be moved',
    ru: 'Перемещать можно только закреплённых сотрудников',
    uk: 'Переміщувати можна лише закріплених співробітників',
  },
  import_file_invalid: {
    en: 'The file is not a readable spreadsheet (XLSX or CSV)',
    ru: 'Файл не является читаемой таблицей (XLSX или CSV)',
    uk: 'Файл не є читабельною таблицею (XLSX або CSV)',
  },
  spreadsheet_too_large: {
    en: 'The spreadsheet is too large: at most {rows} rows and {columns} columns',
    ru: 'Таблица слишком большая: не больше {rows} строк и {columns} столбцов',
    uk: 'Таблиця завелика: не більше {rows} рядків і {columns} стовпців',
  },
  spreadsheet_too_slow: {
    en: 'The spreadsheet could not be read in {seconds} seconds',
    ru: 'Таблицу не удалось прочитать за {seconds} секунд',
    uk: 'Таблицю не вдалося прочитати за {seconds} секунд',
  },
  inn_duplicate: {
    en: 'This INN appears more than once',
    ru: 'Этот ИНН встречается несколько раз',
    uk: 'Цей ІПН трапляється кілька разів',
  },
  loading_hrm_error: {
    en: 'Error loading data from the HR system',
    ru: 'Ошибка загрузки данных из HR-системы',
    uk: 'Помилка завантаження даних з HR-системи',
  },
  reseting_hrm_error: {
    en: 'Error restoring data from the HR system',
    ru: 'Ошибка восстановления данных из HR-системы',
    uk: 'Помилка відновлення даних з HR-системи',
  },
});

type DeclaredCodes = keyof typeof messages;
declare module '../messages.js' {
  interface ModuleMessageCodes extends Record<DeclaredCodes, true> {}
}
