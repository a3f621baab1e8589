import { defineNotifications } from '../catalogue.js';

/** The task tracker's notifications, section `tasks` (docs/api.md "Task tracker"). */
export const notifications = defineNotifications({
  'tasks.assigned': {
    section: 'tasks',
    channels: ['center', 'system', 'email'],
    variables: ['actor', 'name', 'desk'],
    label: { en: 'A task is assigned to me', ru: 'Мне назначена задача', uk: 'Мені призначено задачу' },
    one: {
      en: { title: '{actor} assigned you the task «{name}»', body: 'Desk: {desk}' },
      ru: { title: '{actor} назначил(-а) вам задачу «{name}»', body: 'Доска: {desk}' },
      uk: { title: '{actor} призначив(-ла) вам задачу «{name}»', body: 'Дошка: {desk}' },
    },
  },
  'tasks.mentioned': {
    section: 'tasks',
    channels: ['center', 'system'],
    variables: ['actor', 'name', 'desk'],
    label: { en: 'I am mentioned in a task', ru: 'Меня упомянули в задаче', uk: 'Мене згадали в задачі' },
    one: {
      en: { title: '{actor} mentioned you in the task «{name}»', body: 'Desk: {desk}' },
      ru: { title: '{actor} упомянул(-а) вас в задаче «{name}»', body: 'Доска: {desk}' },
      uk: { title: '{actor} згадав(-ла) вас у задачі «{name}»', body: 'Дошка: {desk}' },
    },
  },
  'tasks.changed': {
    section: 'tasks',
    channels: ['center', 'system'],
    variables: ['actor', 'name', 'desk', 'fields'],
    label: {
      en: 'A task I take part in or observe changed',
      ru: 'Изменилась задача, в которой я участвую или за которой слежу',
      uk: 'Змінилася задача, у якій я беру участь або за якою стежу',
    },
    one: {
      en: { title: '{actor} changed the task «{name}»', body: '{fields}' },
      ru: { title: '{actor} изменил(-а) задачу «{name}»', body: '{fields}' },
      uk: { title: '{actor} змінив(-ла) задачу «{name}»', body: '{fields}' },
    },
  },
  'tasks.comment': {
    section: 'tasks',
    channels: ['center', 'system'],
    variables: ['actor', 'name', 'text'],
    label: {
      en: 'A comment on a task I take part in or observe',
      ru: 'Комментарий к задаче, в которой я участвую или за которой слежу',
      uk: 'Коментар до задачі, у якій я беру участь або за якою стежу',
    },
    one: {
      en: { title: '{actor} commented on the task «{name}»', body: '{text}' },
      ru: { title: '{actor} прокомментировал(-а) задачу «{name}»', body: '{text}' },
      uk: { title: '{actor} прокоментував(-ла) задачу «{name}»', body: '{text}' },
    },
  },
  'tasks.due_soon': {
    section: 'tasks',
    channels: ['center', 'system', 'email'],
    variables: ['actor', 'name', 'desk', 'due'],
    label: { en: 'A task of mine is due tomorrow', ru: 'Срок моей задачи — завтра', uk: 'Строк моєї задачі — завтра' },
    one: {
      en: { title: 'The task «{name}» is due tomorrow', body: 'Due {due}, desk: {desk}' },
      ru: { title: 'Срок задачи «{name}» — завтра', body: 'Срок {due}, доска: {desk}' },
      uk: { title: 'Строк задачі «{name}» — завтра', body: 'Строк {due}, дошка: {desk}' },
    },
  },
  'tasks.overdue': {
    section: 'tasks',
    channels: ['center', 'system', 'email'],
    variables: ['actor', 'name', 'desk', 'due'],
    label: { en: 'A task of mine is overdue', ru: 'Моя задача просрочена', uk: 'Моя задача прострочена' },
    one: {
      en: { title: 'The task «{name}» is overdue', body: 'It was due {due}, desk: {desk}' },
      ru: { title: 'Задача «{name}» просрочена', body: 'Срок был {due}, доска: {desk}' },
      uk: { title: 'Задача «{name}» прострочена', body: 'Строк був {due}, дошка: {desk}' },
    },
  },
});

type DeclaredCodes = keyof typeof notifications;
declare module './notifications.js' {
  interface ModuleNotificationCodes extends Record<DeclaredCodes, true> {}
}
