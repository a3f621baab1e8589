import { defineMessages } from '../catalogue.js';

/** The comments module's error codes (docs/modules.md "A module's shared files"). */
export const messages = defineMessages({
  comment_not_found: {
    en: 'The comment was not found or was deleted',
    ru: 'Комментарий не найден или был удалён',
    uk: 'Коментар не знайдено або його видалено',
  },
  comment_parent_unknown: {
    en: 'Comments cannot be added there',
    ru: 'Сюда нельзя добавить комментарий',
    uk: 'Сюди не можна додати коментар',
  },
  like_type_mismatch: {
    en: 'The liked object is not of type {like_type}',
    ru: 'Отмеченный объект не относится к типу {like_type}',
    uk: "Позначений об'єкт не належить до типу {like_type}",
  },
});

type DeclaredCodes = keyof typeof messages;
declare module '../messages.js' {
  interface ModuleMessageCodes extends Record<DeclaredCodes, true> {}
}
