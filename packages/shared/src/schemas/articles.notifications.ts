import { defineNotifications } from '../catalogue.js';

/** The notifications of the knowledge base and vacancies (docs/modules.md "A module's shared files"). */
export const notifications = defineNotifications({
  'articles.vacancy_response': {
    section: 'resp',
    channels: ['center', 'system', 'email'],
    variables: ['actor', 'title', 'text', 'files'],
    label: {
      en: 'A response to a vacancy I receive',
      ru: 'Отклик на вакансию, которую я получаю',
      uk: 'Відгук на вакансію, яку я отримую',
    },
    one: {
      en: { title: '{actor} responded to the vacancy «{title}»', body: '{text} {files}' },
      ru: { title: '{actor} откликнулся(-ась) на вакансию «{title}»', body: '{text} {files}' },
      uk: { title: '{actor} відгукнувся(-лася) на вакансію «{title}»', body: '{text} {files}' },
    },
  },
  'articles.mention': {
    section: 'other',
    channels: ['center', 'system', 'email'],
    variables: ['actor', 'title'],
    label: {
      en: 'I am mentioned in an article',
      ru: 'Меня упомянули в статье',
      uk: 'Мене згадали в статті',
    },
    one: {
      en: { title: '{actor} mentioned you in the article «{title}»', body: '{title}' },
      ru: { title: '{actor} упомянул(а) вас в статье «{title}»', body: '{title}' },
      uk: { title: '{actor} згадав(ла) вас у статті «{title}»', body: '{title}' },
    },
  },
});

type DeclaredCodes = keyof typeof notifications;
declare module './notifications.js' {
  interface ModuleNotificationCodes extends Record<DeclaredCodes, true> {}
}
