import { defineNotifications } from '../catalogue.js';

/** The polls' notifications (docs/modules.md "A module's shared files"; docs/api.md "Polls"). */
export const notifications = defineNotifications({
  'polls.new': {
    section: 'polls',
    channels: ['center', 'system', 'email'],
    variables: ['actor', 'name', 'deadline'],
    label: {
      en: 'A new poll for me',
      ru: 'Новый опрос для меня',
      uk: 'Нове опитування для мене',
    },
    one: {
      en: { title: '{actor} asks you to answer the poll «{name}»', body: '{name} {deadline}' },
      ru: { title: '{actor} просит вас пройти опрос «{name}»', body: '{name} {deadline}' },
      uk: { title: '{actor} просить вас пройти опитування «{name}»', body: '{name} {deadline}' },
    },
  },
  'polls.reminder': {
    section: 'polls',
    channels: ['center', 'system', 'email'],
    variables: ['actor', 'name', 'deadline'],
    label: {
      en: 'A reminder of a poll I have not answered',
      ru: 'Напоминание об опросе, который я не прошёл(-ла)',
      uk: 'Нагадування про опитування, яке я не пройшов(-ла)',
    },
    one: {
      en: { title: 'Please answer the poll «{name}»', body: 'It finishes {deadline}' },
      ru: { title: 'Пожалуйста, пройдите опрос «{name}»', body: 'Он завершится {deadline}' },
      uk: { title: 'Будь ласка, пройдіть опитування «{name}»', body: 'Воно завершиться {deadline}' },
    },
  },
});

type DeclaredCodes = keyof typeof notifications;
declare module './notifications.js' {
  interface ModuleNotificationCodes extends Record<DeclaredCodes, true> {}
}
