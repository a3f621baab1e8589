import { defineNotifications } from '../catalogue.js';

/** The notifications the groups module sends (docs/modules.md "A module's shared files"). */
export const notifications = defineNotifications({
  'groups.request': {
    section: 'groups',
    channels: ['center', 'system'],
    variables: ['actor', 'group'],
    label: {
      en: 'A request to join my group',
      ru: 'Заявка на вступление в мою группу',
      uk: 'Заявка на вступ до моєї групи',
    },
    one: {
      en: { title: '{actor} asks to join the group {group}', body: '' },
      ru: { title: '{actor} просит вступить в группу {group}', body: '' },
      uk: { title: '{actor} просить вступити до групи {group}', body: '' },
    },
  },
  'groups.approved': {
    section: 'groups',
    channels: ['center', 'system'],
    variables: ['group'],
    label: {
      en: 'My request to a group approved',
      ru: 'Моя заявка в группу одобрена',
      uk: 'Мою заявку до групи схвалено',
    },
    one: {
      en: { title: 'You are now a member of the group {group}', body: '' },
      ru: { title: 'Вы приняты в группу {group}', body: '' },
      uk: { title: 'Вас прийнято до групи {group}', body: '' },
    },
  },
  'groups.rejected': {
    section: 'groups',
    channels: ['center'],
    variables: ['group'],
    label: {
      en: 'My request to a group declined',
      ru: 'Моя заявка в группу отклонена',
      uk: 'Мою заявку до групи відхилено',
    },
    one: {
      en: { title: 'Your request to join the group {group} was declined', body: '' },
      ru: { title: 'Ваша заявка на вступление в группу {group} отклонена', body: '' },
      uk: { title: 'Вашу заявку на вступ до групи {group} відхилено', body: '' },
    },
  },
  'groups.invitation': {
    section: 'groups',
    channels: ['center', 'system', 'email'],
    variables: ['actor', 'group', 'text'],
    label: { en: 'An invitation to a group', ru: 'Приглашение в группу', uk: 'Запрошення до групи' },
    one: {
      en: { title: '{actor} invites you to the group {group}', body: '{text}' },
      ru: { title: '{actor} приглашает вас в группу {group}', body: '{text}' },
      uk: { title: '{actor} запрошує вас до групи {group}', body: '{text}' },
    },
  },
  'groups.post': {
    section: 'groups',
    channels: ['center'],
    variables: ['actor', 'group', 'text', 'others'],
    label: { en: 'A new post in my group', ru: 'Новая публикация в моей группе', uk: 'Нова публікація в моїй групі' },
    one: {
      en: { title: '{actor} posted in the group {group}', body: '{text}' },
      ru: { title: '{actor} опубликовал(а) в группе {group}', body: '{text}' },
      uk: { title: '{actor} опублікував(ла) у групі {group}', body: '{text}' },
    },
    many: {
      en: { title: '{actor} and {others} others posted in the group {group}', body: '{text}' },
      ru: { title: '{actor} и ещё {others} опубликовали в группе {group}', body: '{text}' },
      uk: { title: '{actor} та ще {others} опублікували у групі {group}', body: '{text}' },
    },
  },
});

type DeclaredCodes = keyof typeof notifications;
declare module './notifications.js' {
  interface ModuleNotificationCodes extends Record<DeclaredCodes, true> {}
}
