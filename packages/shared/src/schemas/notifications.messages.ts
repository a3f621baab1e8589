import { defineMessages } from '../catalogue.js';

/** The notifications module's error codes (docs/modules.md "A module's shared files"). */
export const messages = defineMessages({
  unknown_recipients: {
    en: 'Some recipients are unknown',
    ru: 'Некоторые получатели неизвестны',
    uk: 'Деякі одержувачі невідомі',
  },
  notification_code_unknown: {
    en: 'Unknown notification',
    ru: 'Неизвестное уведомление',
    uk: 'Невідоме сповіщення',
  },
  notification_section_unknown: {
    en: 'Unknown notification section',
    ru: 'Неизвестный раздел уведомлений',
    uk: 'Невідомий розділ сповіщень',
  },
  notification_channel_unknown: {
    en: 'Unknown notification channel',
    ru: 'Неизвестный канал уведомлений',
    uk: 'Невідомий канал сповіщень',
  },
  notification_not_found: {
    en: 'The notification was not found',
    ru: 'Уведомление не найдено',
    uk: 'Сповіщення не знайдено',
  },
  webhook_url_invalid: {
    en: 'The webhook address must be an https:// URL',
    ru: 'Адрес вебхука должен начинаться с https://',
    uk: 'Адреса вебхука має починатися з https://',
  },
  telegram_token_invalid: {
    en: 'This does not look like a Telegram bot token',
    ru: 'Это не похоже на токен бота Telegram',
    uk: 'Це не схоже на токен бота Telegram',
  },
  telegram_not_configured: {
    en: 'The workspace has no Telegram bot',
    ru: 'У рабочего пространства нет бота Telegram',
    uk: 'Робочий простір не має бота Telegram',
  },
  delivery_not_found: {
    en: 'The delivery was not found',
    ru: 'Доставка не найдена',
    uk: 'Доставку не знайдено',
  },
  template_variable_unknown: {
    en: 'The template uses a variable this notification does not have',
    ru: 'В шаблоне есть переменная, которой нет у этого уведомления',
    uk: 'У шаблоні є змінна, якої немає в цього сповіщення',
  },
  template_exists: {
    en: 'This notification already has its own template in this language',
    ru: 'У этого уведомления уже есть свой шаблон на этом языке',
    uk: 'Це сповіщення вже має власний шаблон цією мовою',
  },
  template_not_found: {
    en: 'The template was not found',
    ru: 'Шаблон не найден',
    uk: 'Шаблон не знайдено',
  },
});

type DeclaredCodes = keyof typeof messages;
declare module '../messages.js' {
  interface ModuleMessageCodes extends Record<DeclaredCodes, true> {}
}
