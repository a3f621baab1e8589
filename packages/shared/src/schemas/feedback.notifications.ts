import { defineNotifications } from '../catalogue.js';

/**
 * Notifications of ideas and violation reports (portal §6 recipients). A report's notifications never name its
 * author when it is anonymous: they are sent without an actor.
 */
export const notifications = defineNotifications({
  'feedback.idea': {
    section: 'other',
    channels: ['center', 'system', 'email'],
    variables: ['actor', 'title'],
    label: { en: 'A new idea for me to read', ru: 'Новая идея для меня', uk: 'Нова ідея для мене' },
    one: {
      en: { title: '{actor} sent an idea: «{title}»', body: 'Read it and answer in the ideas inbox' },
      ru: { title: '{actor} предлагает идею: «{title}»', body: 'Прочитайте её и ответьте во входящих идеях' },
      uk: { title: '{actor} пропонує ідею: «{title}»', body: 'Прочитайте її та дайте відповідь у вхідних ідеях' },
    },
  },
  'feedback.report': {
    section: 'other',
    channels: ['center', 'system', 'email'],
    variables: ['author'],
    label: {
      en: 'A new violation report for me to read',
      ru: 'Новое сообщение о нарушении для меня',
      uk: 'Нове повідомлення про порушення для мене',
    },
    one: {
      en: { title: 'A violation report: {author}', body: 'Read it in the reports inbox' },
      ru: { title: 'Сообщение о нарушении: {author}', body: 'Прочитайте его во входящих сообщениях' },
      uk: { title: 'Повідомлення про порушення: {author}', body: 'Прочитайте його у вхідних повідомленнях' },
    },
  },
  'feedback.status': {
    section: 'other',
    channels: ['center', 'system', 'email'],
    variables: ['actor', 'title'],
    label: {
      en: 'The status of my idea or report changed',
      ru: 'Изменился статус моей идеи или сообщения',
      uk: 'Змінився статус моєї ідеї або повідомлення',
    },
    one: {
      en: { title: 'The status of «{title}» changed', body: '{actor} changed it: open it to see the new one' },
      ru: { title: 'Статус «{title}» изменился', body: '{actor} изменил(а) его: откройте, чтобы увидеть новый' },
      uk: { title: 'Статус «{title}» змінився', body: '{actor} змінив(ла) його: відкрийте, щоб побачити новий' },
    },
  },
  'feedback.reply': {
    section: 'other',
    channels: ['center', 'system', 'email'],
    variables: ['actor', 'title', 'text'],
    label: {
      en: 'A reply about an idea or a report',
      ru: 'Ответ по идее или сообщению',
      uk: 'Відповідь щодо ідеї або повідомлення',
    },
    one: {
      en: { title: 'A reply about «{title}»', body: '{actor}: {text}' },
      ru: { title: 'Ответ по «{title}»', body: '{actor}: {text}' },
      uk: { title: 'Відповідь щодо «{title}»', body: '{actor}: {text}' },
    },
  },
});

type DeclaredCodes = keyof typeof notifications;
declare module './notifications.js' {
  interface ModuleNotificationCodes extends Record<DeclaredCodes, true> {}
}
