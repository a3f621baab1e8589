import { defineNotifications } from '../catalogue.js';

/** The notifications the vacations module sends (docs/modules.md "A module's shared files"). */
export const notifications = defineNotifications({
  'vacations.requested': {
    section: 'other',
    channels: ['center', 'system', 'email'],
    variables: ['actor', 'start', 'end', 'days'],
    label: {
      en: 'A vacation request to decide',
      ru: 'Заявка на отпуск для решения',
      uk: 'Заявка на відпустку для рішення',
    },
    one: {
      en: { title: '{actor} asks for a vacation', body: '{start} – {end}, {days} working days' },
      ru: { title: '{actor} просит отпуск', body: '{start} – {end}, рабочих дней: {days}' },
      uk: { title: '{actor} просить відпустку', body: '{start} – {end}, робочих днів: {days}' },
    },
  },
  'vacations.approved': {
    section: 'other',
    channels: ['center', 'system', 'email'],
    variables: ['actor', 'start', 'end'],
    label: { en: 'My vacation approved', ru: 'Мой отпуск утверждён', uk: 'Мою відпустку затверджено' },
    one: {
      en: { title: '{actor} approved your vacation', body: '{start} – {end}' },
      ru: { title: '{actor} согласовал(а) ваш отпуск', body: '{start} – {end}' },
      uk: { title: '{actor} погодив(ла) вашу відпустку', body: '{start} – {end}' },
    },
  },
  'vacations.declined': {
    section: 'other',
    channels: ['center', 'system', 'email'],
    variables: ['actor', 'start', 'end', 'comment'],
    label: { en: 'My vacation declined', ru: 'Мой отпуск отклонён', uk: 'Мою відпустку відхилено' },
    one: {
      en: { title: '{actor} declined your vacation', body: '{start} – {end} {comment}' },
      ru: { title: '{actor} отклонил(а) ваш отпуск', body: '{start} – {end} {comment}' },
      uk: { title: '{actor} відхилив(ла) вашу відпустку', body: '{start} – {end} {comment}' },
    },
  },
});

type DeclaredCodes = keyof typeof notifications;
declare module './notifications.js' {
  interface ModuleNotificationCodes extends Record<DeclaredCodes, true> {}
}
