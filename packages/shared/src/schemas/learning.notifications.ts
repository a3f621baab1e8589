import { defineNotifications } from '../catalogue.js';

/** Learning's notifications (docs/modules.md "A module's shared files"; docs/api.md "Learning"). */
export const notifications = defineNotifications({
  'learning.assigned': {
    section: 'other',
    channels: ['center', 'system', 'email'],
    variables: ['actor', 'course', 'due'],
    label: {
      en: 'A course is assigned to me',
      ru: 'Мне назначен курс',
      uk: 'Мені призначено курс',
    },
    one: {
      en: { title: '{actor} assigned you the course «{course}»', body: '{due}' },
      ru: { title: '{actor} назначил(а) вам курс «{course}»', body: '{due}' },
      uk: { title: '{actor} призначив(ла) вам курс «{course}»', body: '{due}' },
    },
  },
  'learning.learned': {
    section: 'other',
    channels: ['center', 'system'],
    variables: ['actor', 'course'],
    label: {
      en: 'Someone I assigned a course to has learned it',
      ru: 'Сотрудник прошёл назначенный мной курс',
      uk: 'Співробітник пройшов призначений мною курс',
    },
    one: {
      en: { title: '{actor} has learned the course «{course}»', body: '' },
      ru: { title: '{actor} прошёл(ла) курс «{course}»', body: '' },
      uk: { title: '{actor} пройшов(ла) курс «{course}»', body: '' },
    },
  },
});

type DeclaredCodes = keyof typeof notifications;
declare module './notifications.js' {
  interface ModuleNotificationCodes extends Record<DeclaredCodes, true> {}
}
