import { defineMessages } from '../catalogue.js';

/** The posts module's error codes (docs/modules.md "A module's shared files"). */
export const messages = defineMessages({
  post_not_found: {
    en: 'The post was not found or was deleted',
    ru: 'Публикация не найдена или была удалена',
    uk: 'Публікацію не знайдено або її видалено',
  },
  post_parent_invalid: {
    en: 'A post cannot be placed there',
    ru: 'Здесь нельзя разместить публикацию',
    uk: 'Тут не можна розмістити публікацію',
  },
  group_posts_unavailable: {
    en: 'Posts in groups are not available yet',
    ru: 'Публикации в группах пока недоступны',
    uk: 'Публікації в групах поки недоступні',
  },
  mention_unknown: {
    en: 'A mentioned person was not found',
    ru: 'Упомянутый сотрудник не найден',
    uk: 'Згаданого співробітника не знайдено',
  },
  thanks_text_short: {
    en: 'A thank-you post needs more than {min} characters',
    ru: 'Благодарность должна быть длиннее {min} символов',
    uk: 'Подяка має бути довшою за {min} символів',
  },
  thanks_one_person: {
    en: 'A thank-you post must mention exactly one person',
    ru: 'В благодарности нужно упомянуть ровно одного человека',
    uk: 'У подяці треба згадати рівно одну людину',
  },
  thanks_self: {
    en: 'You cannot thank yourself',
    ru: 'Нельзя поблагодарить самого себя',
    uk: 'Не можна подякувати самому собі',
  },
  thanks_parent_invalid: {
    en: 'A thank-you post cannot be placed there',
    ru: 'Здесь нельзя разместить благодарность',
    uk: 'Тут не можна розмістити подяку',
  },
  view_not_own: {
    en: 'Views can only be added for yourself',
    ru: 'Отметить просмотр можно только за себя',
    uk: 'Позначити перегляд можна лише за себе',
  },
  not_must_read: {
    en: 'This post does not need to be acknowledged',
    ru: 'Эту публикацию не нужно подтверждать',
    uk: 'Цю публікацію не потрібно підтверджувати',
  },
  post_publish_at_invalid: {
    en: 'The publication time must be a date and time within a year from now',
    ru: 'Время публикации — дата и время в пределах года от сегодняшнего дня',
    uk: 'Час публікації — дата й час у межах року від сьогодні',
  },
  post_link_invalid: {
    en: 'A link must be a web (http, https) or mail address, or a page of the intranet',
    ru: 'Ссылка — это веб-адрес (http, https), почтовый адрес или страница интранета',
    uk: 'Посилання — це вебадреса (http, https), поштова адреса або сторінка інтранету',
  },
  scheduled_post_not_found: {
    en: 'This scheduled post was published or cancelled already',
    ru: 'Эта запланированная публикация уже опубликована или отменена',
    uk: 'Цей запланований допис уже опубліковано або скасовано',
  },
  post_pin_company_only: {
    en: 'Only posts of the company feed can be pinned',
    ru: 'Закрепить можно только публикацию ленты компании',
    uk: 'Закріпити можна лише публікацію стрічки компанії',
  },
  post_pin_limit: {
    en: 'At most {max} posts can be pinned: unpin one first',
    ru: 'Закрепить можно не больше {max} публикаций: сначала открепите одну',
    uk: 'Закріпити можна не більше {max} публікацій: спершу відкріпіть одну',
  },
  must_read_reminded: {
    en: 'Those who have not read it were reminded less than an hour ago',
    ru: 'Непрочитавшим уже напоминали меньше часа назад',
    uk: 'Тим, хто не прочитав, уже нагадували менше години тому',
  },
});

type DeclaredCodes = keyof typeof messages;
declare module '../messages.js' {
  interface ModuleMessageCodes extends Record<DeclaredCodes, true> {}
}
