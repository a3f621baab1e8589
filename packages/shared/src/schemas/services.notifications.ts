import { defineNotifications } from '../catalogue.js';

/** The services' notifications (docs/modules.md "A module's shared files"; docs/api.md "Services"). */
export const notifications = defineNotifications({
  'services.step': {
    section: 'services',
    channels: ['center', 'system', 'email'],
    variables: ['actor', 'name', 'step', 'requester'],
    label: {
      en: 'A request waits for my decision',
      ru: 'Заявка ждёт моего решения',
      uk: 'Заявка чекає на моє рішення',
    },
    one: {
      en: { title: 'The request «{name}» of {requester} waits for you', body: 'Step: {step}' },
      ru: { title: 'Заявка «{name}» от {requester} ждёт вас', body: 'Этап: {step}' },
      uk: { title: 'Заявка «{name}» від {requester} чекає на вас', body: 'Етап: {step}' },
    },
  },
  'services.progress': {
    section: 'services',
    channels: ['center', 'system'],
    variables: ['actor', 'name', 'step'],
    label: {
      en: 'A step of my request is passed',
      ru: 'Пройден этап моей заявки',
      uk: 'Пройдено етап моєї заявки',
    },
    one: {
      en: { title: '{actor} passed the step «{step}» of your request «{name}»', body: '{name}' },
      ru: { title: '{actor} завершил(-а) этап «{step}» вашей заявки «{name}»', body: '{name}' },
      uk: { title: '{actor} завершив(-ла) етап «{step}» вашої заявки «{name}»', body: '{name}' },
    },
  },
  'services.done': {
    section: 'services',
    channels: ['center', 'system', 'email'],
    variables: ['actor', 'name'],
    label: {
      en: 'My request is done',
      ru: 'Моя заявка выполнена',
      uk: 'Мою заявку виконано',
    },
    one: {
      en: { title: 'Your request «{name}» is done', body: 'The last step was passed by {actor}' },
      ru: { title: 'Ваша заявка «{name}» выполнена', body: 'Последний этап завершил(-а) {actor}' },
      uk: { title: 'Вашу заявку «{name}» виконано', body: 'Останній етап завершив(-ла) {actor}' },
    },
  },
  'services.rejected': {
    section: 'services',
    channels: ['center', 'system', 'email'],
    variables: ['actor', 'name', 'step', 'reason'],
    label: {
      en: 'My request is declined',
      ru: 'Моя заявка отклонена',
      uk: 'Мою заявку відхилено',
    },
    one: {
      en: { title: '{actor} declined your request «{name}»', body: '{reason}' },
      ru: { title: '{actor} отклонил(-а) вашу заявку «{name}»', body: '{reason}' },
      uk: { title: '{actor} відхилив(-ла) вашу заявку «{name}»', body: '{reason}' },
    },
  },
  'services.comment': {
    section: 'services',
    channels: ['center', 'system'],
    variables: ['actor', 'name', 'text'],
    label: {
      en: 'A comment on a request I take part in',
      ru: 'Комментарий к заявке, в которой я участвую',
      uk: 'Коментар до заявки, у якій я беру участь',
    },
    one: {
      en: { title: '{actor} commented on the request «{name}»', body: '{text}' },
      ru: { title: '{actor} прокомментировал(-а) заявку «{name}»', body: '{text}' },
      uk: { title: '{actor} прокоментував(-ла) заявку «{name}»', body: '{text}' },
    },
  },
  'services.due_soon': {
    section: 'services',
    channels: ['center', 'system', 'email'],
    variables: ['actor', 'name', 'step', 'due'],
    label: {
      en: 'A request I handle is due tomorrow',
      ru: 'Срок заявки, которую я выполняю, истекает завтра',
      uk: 'Термін заявки, яку я виконую, спливає завтра',
    },
    one: {
      en: { title: 'The request «{name}» is due tomorrow', body: 'Due {due}; step: {step}' },
      ru: { title: 'Срок заявки «{name}» истекает завтра', body: 'Срок {due}; этап: {step}' },
      uk: { title: 'Термін заявки «{name}» спливає завтра', body: 'Термін {due}; етап: {step}' },
    },
  },
  'services.due_today': {
    section: 'services',
    channels: ['center', 'system', 'email'],
    variables: ['actor', 'name', 'step', 'due'],
    label: {
      en: 'A request I handle is due today',
      ru: 'Срок заявки, которую я выполняю, истекает сегодня',
      uk: 'Термін заявки, яку я виконую, спливає сьогодні',
    },
    one: {
      en: { title: 'The request «{name}» is due today', body: 'Due {due}; step: {step}' },
      ru: { title: 'Срок заявки «{name}» истекает сегодня', body: 'Срок {due}; этап: {step}' },
      uk: { title: 'Термін заявки «{name}» спливає сьогодні', body: 'Термін {due}; етап: {step}' },
    },
  },
  'services.overdue': {
    section: 'services',
    channels: ['center', 'system', 'email'],
    variables: ['actor', 'name', 'step', 'due', 'requester'],
    label: {
      en: 'A request my department is responsible for is overdue',
      ru: 'Просрочена заявка, за которую отвечает моё подразделение',
      uk: 'Прострочено заявку, за яку відповідає мій підрозділ',
    },
    one: {
      en: { title: 'The request «{name}» of {requester} is overdue', body: 'It was due {due}; step: {step}' },
      ru: { title: 'Заявка «{name}» от {requester} просрочена', body: 'Срок был {due}; этап: {step}' },
      uk: { title: 'Заявку «{name}» від {requester} прострочено', body: 'Термін був {due}; етап: {step}' },
    },
  },
  'services.ask': {
    section: 'services',
    channels: ['center', 'system', 'email'],
    variables: ['actor', 'text', 'files'],
    label: {
      en: 'A request to the office I receive',
      ru: 'Обращение в офис, которое я получаю',
      uk: 'Звернення до офісу, яке я отримую',
    },
    one: {
      en: { title: '{actor} asks the office', body: '{text} {files}' },
      ru: { title: '{actor} обращается в офис', body: '{text} {files}' },
      uk: { title: '{actor} звертається до офісу', body: '{text} {files}' },
    },
  },
});

type DeclaredCodes = keyof typeof notifications;
declare module './notifications.js' {
  interface ModuleNotificationCodes extends Record<DeclaredCodes, true> {}
}
