import { defineNotifications } from '../catalogue.js';

/**
 * The chat's notifications, section `chat` (docs/api.md "Chat"): one per conversation until its reader opens it
 * (sent when their unread count there goes from 0 to 1), and a mention, each time.
 */
export const notifications = defineNotifications({
  'chat.message': {
    section: 'chat',
    channels: ['center', 'system'],
    variables: ['actor', 'room', 'text'],
    label: {
      en: 'A new message in a conversation',
      ru: 'Новое сообщение в беседе',
      uk: 'Нове повідомлення в розмові',
    },
    one: {
      en: { title: '{actor} wrote to «{room}»', body: '{text}' },
      ru: { title: '{actor} написал(-а) в «{room}»', body: '{text}' },
      uk: { title: '{actor} написав(-ла) у «{room}»', body: '{text}' },
    },
  },
  'chat.mentioned': {
    section: 'chat',
    channels: ['center', 'system', 'email'],
    variables: ['actor', 'room', 'text'],
    label: {
      en: 'I am mentioned in a conversation',
      ru: 'Меня упомянули в беседе',
      uk: 'Мене згадали в розмові',
    },
    one: {
      en: { title: '{actor} mentioned you in «{room}»', body: '{text}' },
      ru: { title: '{actor} упомянул(-а) вас в «{room}»', body: '{text}' },
      uk: { title: '{actor} згадав(-ла) вас у «{room}»', body: '{text}' },
    },
  },
});

type DeclaredCodes = keyof typeof notifications;
declare module './notifications.js' {
  interface ModuleNotificationCodes extends Record<DeclaredCodes, true> {}
}
