import { defineMessages } from '../catalogue.js';

/** The error codes of ideas and violation reports (portal §5 Forms; docs/api.md "Ideas and violation reports"). */
export const messages = defineMessages({
  idea_title_required: { en: 'Give the idea a title', ru: 'Укажите название идеи', uk: 'Вкажіть назву ідеї' },
  idea_description_required: {
    en: 'Describe the idea',
    ru: 'Опишите идею',
    uk: 'Опишіть ідею',
  },
  report_author_required: {
    en: 'Sign the report with your name or send it anonymously',
    ru: 'Подпишите сообщение своим именем или отправьте его анонимно',
    uk: 'Підпишіть повідомлення своїм іменем або надішліть його анонімно',
  },
  report_description_required: {
    en: 'Describe in detail what happened',
    ru: 'Подробно опишите, что произошло',
    uk: 'Докладно опишіть, що сталося',
  },
  report_code_unknown: {
    en: 'No report has this code: check it and try again',
    ru: 'Сообщения с таким кодом нет: проверьте код и попробуйте снова',
    uk: 'Повідомлення з таким кодом немає: перевірте код і спробуйте знову',
  },
  feedback_not_found: { en: 'Nothing was found', ru: 'Ничего не найдено', uk: 'Нічого не знайдено' },
  feedback_message_required: { en: 'Write a message', ru: 'Напишите сообщение', uk: 'Напишіть повідомлення' },
  feedback_status_invalid: {
    en: 'This status does not exist here',
    ru: 'Такого статуса здесь нет',
    uk: 'Такого статусу тут немає',
  },
});

type DeclaredCodes = keyof typeof messages;
declare module '../messages.js' {
  interface ModuleMessageCodes extends Record<DeclaredCodes, true> {}
}
