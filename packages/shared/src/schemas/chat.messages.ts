import { defineMessages } from '../catalogue.js';

/** The chat's error codes (docs/modules.md "A module's shared files"; docs/api.md "Chat"). */
export const messages = defineMessages({
  chat_room_not_found: {
    en: 'The conversation was not found',
    ru: 'Беседа не найдена',
    uk: 'Розмову не знайдено',
  },
  chat_msg_not_found: { en: 'The message was not found', ru: 'Сообщение не найдено', uk: 'Повідомлення не знайдено' },
  chat_message_empty: {
    en: 'Write a message or attach a file',
    ru: 'Напишите сообщение или прикрепите файл',
    uk: 'Напишіть повідомлення або прикріпіть файл',
  },
  chat_message_too_long: {
    en: 'The message is too long: shorten it or split it in two',
    ru: 'Сообщение слишком длинное: сократите его или разделите на два',
    uk: 'Повідомлення задовге: скоротіть його або розділіть на два',
  },
  chat_files_max: {
    en: 'Too many files for one message: send the rest in another',
    ru: 'Слишком много файлов для одного сообщения: отправьте остальные отдельно',
    uk: 'Забагато файлів для одного повідомлення: надішліть решту окремо',
  },
  chat_file_invalid: {
    en: 'Attach only files you uploaded yourself, each at most {size}',
    ru: 'Прикрепляйте только загруженные вами файлы размером не больше {size}',
    uk: 'Прикріплюйте лише завантажені вами файли розміром не більше {size}',
  },
  chat_not_own_message: {
    en: 'Only its author may change or delete a message',
    ru: 'Изменить или удалить сообщение может только его автор',
    uk: 'Змінити або видалити повідомлення може лише його автор',
  },
  chat_msg_deleted: {
    en: 'The message was deleted',
    ru: 'Сообщение удалено',
    uk: 'Повідомлення видалено',
  },
  chat_reply_invalid: {
    en: 'The message you reply to is not in this conversation',
    ru: 'Сообщение, на которое вы отвечаете, не из этой беседы',
    uk: 'Повідомлення, на яке ви відповідаєте, не з цієї розмови',
  },
  chat_room_name_required: {
    en: 'Give the conversation a name',
    ru: 'Дайте беседе название',
    uk: 'Дайте розмові назву',
  },
  chat_room_members_max: {
    en: 'Too many members for one conversation',
    ru: 'Слишком много участников для одной беседы',
    uk: 'Забагато учасників для однієї розмови',
  },
  chat_room_admins_only: {
    en: 'Only the conversation’s administrators may do this',
    ru: 'Это могут только администраторы беседы',
    uk: 'Це можуть лише адміністратори розмови',
  },
  chat_direct_fixed: {
    en: 'A direct conversation has no name, picture or other members',
    ru: 'У личной беседы нет названия, картинки и других участников',
    uk: 'Особиста розмова не має назви, картинки та інших учасників',
  },
  chat_direct_self: {
    en: 'Choose somebody else to write to',
    ru: 'Выберите другого человека для переписки',
    uk: 'Оберіть іншу людину для листування',
  },
  chat_last_admin: {
    en: 'A conversation keeps at least one administrator',
    ru: 'В беседе должен остаться хотя бы один администратор',
    uk: 'У розмові має залишитися хоча б один адміністратор',
  },
  chat_mention_not_member: {
    en: 'Mention only members of the conversation',
    ru: 'Упоминайте только участников беседы',
    uk: 'Згадуйте лише учасників розмови',
  },
});

type DeclaredCodes = keyof typeof messages;
declare module '../messages.js' {
  interface ModuleMessageCodes extends Record<DeclaredCodes, true> {}
}
