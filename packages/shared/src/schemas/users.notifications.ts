import { defineNotifications } from '../catalogue.js';

/** The notifications the users module sends (docs/modules.md "A module's shared files"). */
export const notifications = defineNotifications({
  'users.follower': {
    section: 'other',
    channels: ['center', 'system'],
    variables: ['actor'],
    label: { en: 'A new follower', ru: 'Новый подписчик', uk: 'Новий підписник' },
    one: {
      en: { title: '{actor} follows you now', body: '' },
      ru: { title: '{actor} подписался(лась) на вас', body: '' },
      uk: { title: '{actor} підписався(лась) на вас', body: '' },
    },
  },
  'users.birthday_today': {
    section: 'other',
    channels: ['center'],
    variables: ['names', 'count'],
    label: {
      en: 'Colleagues’ birthdays today',
      ru: 'Дни рождения коллег сегодня',
      uk: 'Дні народження колег сьогодні',
    },
    one: {
      en: {
        title: 'Birthdays today: {names}',
        body: 'Colleagues celebrating today: {count}. Wish them a happy birthday!',
      },
      ru: { title: 'Сегодня день рождения: {names}', body: 'Коллег с днём рождения сегодня: {count}. Поздравьте их!' },
      uk: {
        title: 'Сьогодні день народження: {names}',
        body: 'Колег із днем народження сьогодні: {count}. Привітайте їх!',
      },
    },
  },
  'users.rights_changed': {
    section: 'other',
    channels: ['center', 'system', 'email'],
    variables: ['actor', 'rights'],
    label: { en: 'My rights changed', ru: 'Мои права изменены', uk: 'Мої права змінено' },
    one: {
      en: { title: 'Your rights were changed', body: '{actor} changed your rights: {rights}' },
      ru: { title: 'Ваши права изменены', body: '{actor} изменил(а) ваши права: {rights}' },
      uk: { title: 'Ваші права змінено', body: '{actor} змінив(ла) ваші права: {rights}' },
    },
  },
  'users.registration_pending': {
    section: 'other',
    channels: ['center', 'system', 'email'],
    variables: ['name', 'email'],
    label: { en: 'A registration to approve', ru: 'Регистрация ждёт одобрения', uk: 'Реєстрація чекає схвалення' },
    one: {
      en: {
        title: '{name} asks to join the workspace',
        body: '{name} ({email}) registered and waits for your approval',
      },
      ru: {
        title: '{name} просит доступ к порталу',
        body: '{name} ({email}) зарегистрировался(лась) и ждёт вашего одобрения',
      },
      uk: {
        title: '{name} просить доступ до порталу',
        body: '{name} ({email}) зареєструвався(лась) і чекає вашого схвалення',
      },
    },
  },
});

type DeclaredCodes = keyof typeof notifications;
declare module './notifications.js' {
  interface ModuleNotificationCodes extends Record<DeclaredCodes, true> {}
}
