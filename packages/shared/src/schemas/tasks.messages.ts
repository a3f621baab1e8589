import { defineMessages } from '../catalogue.js';

/** The task tracker's error codes (docs/modules.md "A module's shared files"; docs/api.md "Task tracker"). */
export const messages = defineMessages({
  desk_not_found: { en: 'The desk was not found', ru: 'Доска не найдена', uk: 'Дошку не знайдено' },
  lane_not_found: { en: 'The lane was not found', ru: 'Колонка не найдена', uk: 'Колонку не знайдено' },
  task_not_found: { en: 'The task was not found', ru: 'Задача не найдена', uk: 'Задачу не знайдено' },
  desk_finished: {
    en: 'The desk is finished: restore it to change it',
    ru: 'Доска завершена: восстановите её, чтобы вносить изменения',
    uk: 'Дошку завершено: відновіть її, щоб вносити зміни',
  },
  desk_closed: {
    en: 'The desk is closed: its cards are read-only',
    ru: 'Доска закрыта: карточки только для чтения',
    uk: 'Дошку закрито: картки лише для читання',
  },
  desk_lanes_max: {
    en: 'A desk may have at most {max} lanes',
    ru: 'На доске может быть не больше {max} колонок',
    uk: 'На дошці може бути не більше {max} колонок',
  },
  lane_last: {
    en: 'A desk keeps at least one lane',
    ru: 'На доске должна остаться хотя бы одна колонка',
    uk: 'На дошці має залишитися хоча б одна колонка',
  },
  lane_move_to_invalid: {
    en: 'Choose another lane of this desk for its cards',
    ru: 'Выберите другую колонку этой доски для её карточек',
    uk: 'Оберіть іншу колонку цієї дошки для її карток',
  },
  lane_order_invalid: {
    en: 'The order may name only lanes of this desk, each once',
    ru: 'В порядке могут быть только колонки этой доски, каждая один раз',
    uk: 'У порядку можуть бути лише колонки цієї дошки, кожна один раз',
  },
  lane_other_desk: {
    en: 'The lane belongs to another desk',
    ru: 'Колонка относится к другой доске',
    uk: 'Колонка належить іншій дошці',
  },
  task_neighbour_invalid: {
    en: 'The card to place it next to is not in that lane',
    ru: 'Карточка, рядом с которой нужно поставить задачу, не в этой колонке',
    uk: 'Картка, поруч із якою треба поставити задачу, не в цій колонці',
  },
  task_move_confirm_finish: {
    en: 'Moving the card to «{lane}» finishes it: confirm the move',
    ru: 'Перенос карточки в «{lane}» завершит её: подтвердите перенос',
    uk: 'Перенесення картки до «{lane}» завершить її: підтвердьте перенесення',
  },
  task_move_confirm_reopen: {
    en: 'Moving the card out of «{lane}» reopens it: confirm the move',
    ru: 'Перенос карточки из «{lane}» снова откроет её: подтвердите перенос',
    uk: 'Перенесення картки з «{lane}» знову відкриє її: підтвердьте перенесення',
  },
  task_version_conflict: {
    en: 'Somebody changed this card meanwhile: reload it and make your change again',
    ru: 'Карточку тем временем изменил кто-то другой: обновите её и повторите изменение',
    uk: 'Картку тим часом змінив хтось інший: оновіть її та повторіть зміну',
  },
  task_period_invalid: {
    en: 'The period ends before it starts',
    ru: 'Период заканчивается раньше, чем начинается',
    uk: 'Період закінчується раніше, ніж починається',
  },
  task_hours_invalid: {
    en: 'Hours are a number from 0 to 100000',
    ru: 'Часы — число от 0 до 100000',
    uk: 'Години — число від 0 до 100000',
  },
  task_color_invalid: {
    en: 'A colour is written as #rrggbb',
    ru: 'Цвет записывается как #rrggbb',
    uk: 'Колір записується як #rrggbb',
  },
  task_file_invalid: {
    en: 'An attachment was not found or is too big ({size} at most)',
    ru: 'Вложение не найдено или слишком большое (не больше {size})',
    uk: 'Вкладення не знайдено або воно завелике (не більше {size})',
  },
  task_people_invalid: {
    en: 'Only active colleagues can be named on a desk or a card',
    ru: 'На доске и в карточке можно указать только действующих коллег',
    uk: 'На дошці та в картці можна вказати лише діючих колег',
  },
});

type DeclaredCodes = keyof typeof messages;
declare module '../messages.js' {
  interface ModuleMessageCodes extends Record<DeclaredCodes, true> {}
}
