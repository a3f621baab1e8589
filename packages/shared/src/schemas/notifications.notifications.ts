import { defineNotifications } from '../catalogue.js';

/** The notifications the notifications module sends (docs/modules.md "A module's shared files"). */
export const notifications = defineNotifications({
  'notifications.message': {
    section: 'other',
    channels: ['center', 'system'],
    variables: ['actor', 'title', 'text'],
    label: { en: 'Messages and notices', ru: 'Сообщения и объявления', uk: 'Повідомлення та оголошення' },
    one: {
      en: { title: '{title}', body: '{text}' },
      ru: { title: '{title}', body: '{text}' },
      uk: { title: '{title}', body: '{text}' },
    },
  },
});

type DeclaredCodes = keyof typeof notifications;
declare module './notifications.js' {
  interface ModuleNotificationCodes extends Record<DeclaredCodes, true> {}
}
