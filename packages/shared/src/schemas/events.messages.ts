import { defineMessages } from '../catalogue.js';

/** The events module's error codes (docs/modules.md "A module's shared files"). */
export const messages = defineMessages({
  event_not_found: {
    en: 'The event was not found',
    ru: 'Событие не найдено',
    uk: 'Подію не знайдено',
  },
  event_name_short: {
    en: 'The name must be longer than {min} characters',
    ru: 'Название должно быть длиннее {min} символов',
    uk: 'Назва має бути довшою за {min} символів',
  },
  event_date_past: {
    en: 'The date cannot be in the past',
    ru: 'Дата не может быть в прошлом',
    uk: 'Дата не може бути в минулому',
  },
  event_time_past: {
    en: 'This time has already passed today',
    ru: 'Это время сегодня уже прошло',
    uk: 'Цей час сьогодні вже минув',
  },
  event_end_invalid: {
    en: 'The end must be after the start',
    ru: 'Окончание должно быть позже начала',
    uk: 'Кінець має бути пізніше за початок',
  },
  event_too_long: {
    en: 'An event lasts at most {days} days',
    ru: 'Событие длится не более {days} дней',
    uk: 'Подія триває не більше {days} днів',
  },
  member_unknown: {
    en: 'Some participants are not people of this workspace',
    ru: 'Некоторые участники не из этой компании',
    uk: 'Деякі учасники не з цієї компанії',
  },
  repeat_end_required: {
    en: 'Choose an end date or a number of repetitions',
    ru: 'Укажите дату окончания или число повторов',
    uk: 'Вкажіть дату закінчення або кількість повторів',
  },
  repeat_count_min: {
    en: 'The number of repetitions must be greater than one',
    ru: 'Число повторов должно быть больше одного',
    uk: 'Кількість повторів має бути більшою за один',
  },
  repeat_until_invalid: {
    en: 'The end date of the repetition must not be before the start',
    ru: 'Дата окончания повторов не может быть раньше начала',
    uk: 'Дата закінчення повторів не може бути раніше за початок',
  },
  repeat_too_many: {
    en: 'A periodic event has at most {max} occurrences',
    ru: 'У повторяющегося события не более {max} повторов',
    uk: 'Подія, що повторюється, має не більше {max} повторів',
  },
  event_is_periodic: {
    en: 'This is a periodic event: change it as a periodic event',
    ru: 'Это повторяющееся событие: изменяйте его как повторяющееся',
    uk: 'Це подія, що повторюється: змінюйте її як таку',
  },
  event_not_periodic: {
    en: 'This event does not repeat',
    ru: 'Это событие не повторяется',
    uk: 'Ця подія не повторюється',
  },
  occurrence_not_found: {
    en: 'The event has no such occurrence',
    ru: 'У события нет такого повтора',
    uk: 'Подія не має такого повтору',
  },
  event_not_member: {
    en: 'Only participants can answer',
    ru: 'Отвечать могут только участники',
    uk: 'Відповідати можуть лише учасники',
  },
  event_range_invalid: {
    en: 'Choose a range of at most {days} days',
    ru: 'Выберите период не длиннее {days} дней',
    uk: 'Виберіть період не довший за {days} днів',
  },
  repeat_too_long: {
    en: 'A periodic event ends at most {years} years after its first date',
    ru: 'Повторяющееся событие заканчивается не позже чем через {years} лет после первой даты',
    uk: 'Подія, що повторюється, закінчується не пізніше ніж через {years} років після першої дати',
  },
});

type DeclaredCodes = keyof typeof messages;
declare module '../messages.js' {
  interface ModuleMessageCodes extends Record<DeclaredCodes, true> {}
}
