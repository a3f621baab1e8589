import { defineMessages } from '../catalogue.js';

/** The vacations module's error codes (docs/modules.md "A module's shared files"). */
export const messages = defineMessages({
  vacation_not_found: {
    en: 'The vacation was not found',
    ru: 'Отпуск не найден',
    uk: 'Відпустку не знайдено',
  },
  vacation_start_past: {
    en: 'The date must be later than now',
    ru: 'Дата должна быть позже текущей',
    uk: 'Дата має бути пізніше поточної',
  },
  vacation_end_before_start: {
    en: 'The vacation cannot end before it starts',
    ru: 'Отпуск не может закончиться раньше, чем начнётся',
    uk: 'Відпустка не може закінчитися раніше, ніж почнеться',
  },
  vacation_no_days: {
    en: 'The vacation has no working days',
    ru: 'В отпуске нет рабочих дней',
    uk: 'У відпустці немає робочих днів',
  },
  vacation_overlap: {
    en: 'The vacation overlaps another vacation',
    ru: 'Отпуск пересекается с другим отпуском',
    uk: 'Відпустка перетинається з іншою відпусткою',
  },
  vacation_over_balance: {
    en: 'The vacation does not fit within the balance: {left} days left',
    ru: 'Отпуск не укладывается в остаток: осталось дней — {left}',
    uk: 'Відпустка не вкладається в залишок: залишилося днів — {left}',
  },
  edit_vac_error: {
    en: 'The vacation cannot be changed',
    ru: 'Отпуск нельзя изменить',
    uk: 'Відпустку не можна змінити',
  },
  del_vac_error: {
    en: 'The vacation cannot be deleted',
    ru: 'Отпуск нельзя удалить',
    uk: 'Відпустку не можна видалити',
  },
  vacation_too_long: {
    en: 'A vacation lasts at most {days} days',
    ru: 'Отпуск длится не более {days} дней',
    uk: 'Відпустка триває не більше {days} днів',
  },
});

type DeclaredCodes = keyof typeof messages;
declare module '../messages.js' {
  interface ModuleMessageCodes extends Record<DeclaredCodes, true> {}
}
