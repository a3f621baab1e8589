import { defineNotifications } from '../catalogue.js';

/** The notifications the events module sends (docs/modules.md "A module's shared files"). */
export const notifications = defineNotifications({
  'events.invite': {
    section: 'events',
    channels: ['center', 'system', 'email'],
    variables: ['actor', 'name', 'when', 'place', 'conference', 'repeat', 'description', 'accept', 'decline'],
    label: { en: 'An invitation to an event', ru: 'Приглашение на событие', uk: 'Запрошення на подію' },
    one: {
      en: {
        title: '{actor} invites you: {name}',
        body: '{when}',
        mail: 'Repeats: {repeat}\n\nWhere: {place}\n\nJoin online: {conference}\n\n{description}\n\nAccept: {accept}\n\nDecline: {decline}',
      },
      ru: {
        title: '{actor} приглашает вас: {name}',
        body: '{when}',
        mail: 'Повторяется: {repeat}\n\nМесто: {place}\n\nПодключиться онлайн: {conference}\n\n{description}\n\nПринять: {accept}\n\nОтклонить: {decline}',
      },
      uk: {
        title: '{actor} запрошує вас: {name}',
        body: '{when}',
        mail: 'Повторюється: {repeat}\n\nМісце: {place}\n\nПриєднатися онлайн: {conference}\n\n{description}\n\nПрийняти: {accept}\n\nВідхилити: {decline}',
      },
    },
  },
  'events.reminder': {
    section: 'events',
    channels: ['center', 'system', 'email'],
    variables: ['name', 'minutes', 'time'],
    label: { en: 'An event is about to start', ru: 'Событие скоро начнётся', uk: 'Подія скоро почнеться' },
    one: {
      en: { title: 'Soon: {name}', body: 'Starts in {minutes} min, at {time}' },
      ru: { title: 'Скоро: {name}', body: 'Начнётся через {minutes} мин, в {time}' },
      uk: { title: 'Незабаром: {name}', body: 'Почнеться через {minutes} хв, о {time}' },
    },
  },
  'events.changed': {
    section: 'events',
    channels: ['center', 'system', 'email'],
    variables: ['actor', 'name', 'when'],
    label: { en: 'An event I attend changed', ru: 'Изменилось моё событие', uk: 'Моя подія змінилася' },
    one: {
      en: { title: '{actor} changed the event {name}', body: 'Now: {when}' },
      ru: { title: '{actor} изменил(а) событие {name}', body: 'Теперь: {when}' },
      uk: { title: '{actor} змінив(ла) подію {name}', body: 'Тепер: {when}' },
    },
  },
  'events.cancelled': {
    section: 'events',
    channels: ['center', 'system', 'email'],
    variables: ['actor', 'name', 'when'],
    label: { en: 'An event I attend was cancelled', ru: 'Моё событие отменено', uk: 'Мою подію скасовано' },
    one: {
      en: { title: '{actor} cancelled the event {name}', body: '{when}' },
      ru: { title: '{actor} отменил(а) событие {name}', body: '{when}' },
      uk: { title: '{actor} скасував(ла) подію {name}', body: '{when}' },
    },
  },
  'events.removed': {
    section: 'events',
    channels: ['center', 'system'],
    variables: ['actor', 'name', 'when'],
    label: {
      en: 'I was taken off an event',
      ru: 'Меня исключили из участников события',
      uk: 'Мене вилучено з учасників події',
    },
    one: {
      en: { title: 'You were taken off {name}', body: '{actor} took you off the members of {name} ({when})' },
      ru: {
        title: 'Вас исключили из участников: {name}',
        body: '{actor} исключил(а) вас из участников события {name} ({when})',
      },
      uk: {
        title: 'Вас вилучено з учасників: {name}',
        body: '{actor} вилучив(ла) вас з учасників події {name} ({when})',
      },
    },
  },
});

type DeclaredCodes = keyof typeof notifications;
declare module './notifications.js' {
  interface ModuleNotificationCodes extends Record<DeclaredCodes, true> {}
}
