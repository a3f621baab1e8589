import { defineNotifications } from '../catalogue.js';

/** The notifications the posts module sends (docs/modules.md "A module's shared files"). */
export const notifications = defineNotifications({
  'posts.mention': {
    section: 'posts',
    channels: ['center', 'system'],
    variables: ['actor', 'text'],
    label: { en: 'Someone mentioned me', ru: 'Меня упомянули', uk: 'Мене згадали' },
    one: {
      en: { title: '{actor} mentioned you', body: '{text}' },
      ru: { title: '{actor} упомянул(а) вас', body: '{text}' },
      uk: { title: '{actor} згадав(ла) вас', body: '{text}' },
    },
  },
  'posts.thanks': {
    section: 'posts',
    channels: ['center', 'system', 'email'],
    variables: ['actor', 'text'],
    label: { en: 'Someone thanked me', ru: 'Меня поблагодарили', uk: 'Мені подякували' },
    one: {
      en: { title: '{actor} thanked you', body: '{text}' },
      ru: { title: '{actor} благодарит вас', body: '{text}' },
      uk: { title: '{actor} дякує вам', body: '{text}' },
    },
  },
  'posts.comment': {
    section: 'posts',
    channels: ['center', 'system'],
    variables: ['actor', 'text'],
    label: { en: 'A comment on my post', ru: 'Комментарий к моей публикации', uk: 'Коментар до моєї публікації' },
    one: {
      en: { title: '{actor} commented on your post', body: '{text}' },
      ru: { title: '{actor} прокомментировал(а) вашу публикацию', body: '{text}' },
      uk: { title: '{actor} прокоментував(ла) вашу публікацію', body: '{text}' },
    },
  },
  'posts.reply': {
    section: 'posts',
    channels: ['center', 'system'],
    variables: ['actor', 'text'],
    label: { en: 'An answer to my comment', ru: 'Ответ на мой комментарий', uk: 'Відповідь на мій коментар' },
    one: {
      en: { title: '{actor} answered your comment', body: '{text}' },
      ru: { title: '{actor} ответил(а) на ваш комментарий', body: '{text}' },
      uk: { title: '{actor} відповів(ла) на ваш коментар', body: '{text}' },
    },
  },
  'posts.reaction': {
    section: 'posts',
    channels: ['center'],
    variables: ['actor', 'text', 'others'],
    label: { en: 'A reaction to my post', ru: 'Реакция на мою публикацию', uk: 'Реакція на мою публікацію' },
    one: {
      en: { title: '{actor} reacted to your post', body: '{text}' },
      ru: { title: '{actor} отреагировал(а) на вашу публикацию', body: '{text}' },
      uk: { title: '{actor} відреагував(ла) на вашу публікацію', body: '{text}' },
    },
    many: {
      en: { title: '{actor} and {others} others reacted to your post', body: '{text}' },
      ru: { title: '{actor} и ещё {others} отреагировали на вашу публикацию', body: '{text}' },
      uk: { title: '{actor} та ще {others} відреагували на вашу публікацію', body: '{text}' },
    },
  },
  'posts.must_read': {
    section: 'posts',
    channels: ['center', 'system', 'email'],
    variables: ['actor', 'text'],
    label: {
      en: 'A post I must read',
      ru: 'Публикация обязательна к прочтению',
      uk: "Публікація обов'язкова до прочитання",
    },
    one: {
      en: { title: 'Please read: a post by {actor}', body: '{text}' },
      ru: { title: 'Обязательно к прочтению: публикация {actor}', body: '{text}' },
      uk: { title: "Обов'язково до прочитання: публікація {actor}", body: '{text}' },
    },
  },
  'posts.must_read_reminder': {
    section: 'posts',
    channels: ['center', 'system', 'email'],
    variables: ['actor', 'text'],
    label: {
      en: 'A reminder of a post I have not confirmed',
      ru: 'Напоминание о неподтверждённой публикации',
      uk: 'Нагадування про непідтверджену публікацію',
    },
    one: {
      en: { title: 'Reminder: please read the post by {actor}', body: '{text}' },
      ru: { title: 'Напоминание: прочитайте публикацию {actor}', body: '{text}' },
      uk: { title: 'Нагадування: прочитайте публікацію {actor}', body: '{text}' },
    },
  },
});

type DeclaredCodes = keyof typeof notifications;
declare module './notifications.js' {
  interface ModuleNotificationCodes extends Record<DeclaredCodes, true> {}
}
