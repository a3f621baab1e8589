import { defineMessages } from '../catalogue.js';

/** The mailings module's error codes (docs/modules.md "A module's shared files"). */
export const messages = defineMessages({
  mailing_not_found: {
    en: 'The mailing was not found',
    ru: 'Рассылка не найдена',
    uk: 'Розсилку не знайдено',
  },
  mailing_exists: {
    en: 'This workspace already has a mailing with this action',
    ru: 'У этого пространства уже есть рассылка с таким действием',
    uk: 'Цей простір уже має розсилку з такою дією',
  },
  cron_invalid: {
    en: 'The schedule is not a valid cron expression (minute hour day month weekday)',
    ru: 'Расписание — не корректное выражение cron (минута час день месяц день недели)',
    uk: 'Розклад — не коректний вираз cron (хвилина година день місяць день тижня)',
  },
  export_url_invalid: {
    en: 'The mailing service address must be an https URL',
    ru: 'Адрес сервиса рассылок должен быть URL с https',
    uk: 'Адреса сервісу розсилок має бути URL з https',
  },
  export_not_configured: {
    en: 'The export to a mailing service is not set up',
    ru: 'Выгрузка в сервис рассылок не настроена',
    uk: 'Вивантаження до сервісу розсилок не налаштовано',
  },
  export_failed: {
    en: 'The mailing service refused the export: {reason}',
    ru: 'Сервис рассылок отклонил выгрузку: {reason}',
    uk: 'Сервіс розсилок відхилив вивантаження: {reason}',
  },
});

type DeclaredCodes = keyof typeof messages;
declare module '../messages.js' {
  interface ModuleMessageCodes extends Record<DeclaredCodes, true> {}
}
