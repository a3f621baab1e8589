import { defineNotifications } from '../catalogue.js';

/** The notifications the structure module sends (docs/modules.md "A module's shared files"). */
export const notifications = defineNotifications({
  'structure.chief_changed': {
    section: 'other',
    channels: ['center', 'system'],
    variables: ['chief', 'department'],
    label: { en: 'My chief changed', ru: 'Сменился мой руководитель', uk: 'Змінився мій керівник' },
    one: {
      en: { title: 'Your chief is now {chief}', body: '{department}' },
      ru: { title: 'Ваш руководитель теперь {chief}', body: '{department}' },
      uk: { title: 'Ваш керівник тепер {chief}', body: '{department}' },
    },
  },
});

type DeclaredCodes = keyof typeof notifications;
declare module './notifications.js' {
  interface ModuleNotificationCodes extends Record<DeclaredCodes, true> {}
}
