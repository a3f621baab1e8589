import type { Lang, NotificationCode } from '@hallway/shared';
import type { NotificationTemplate } from '../http/module.js';

type Texts = NotificationTemplate['texts'];

/**
 * Shipped templates of every notification (modules §3 "Notification template"): `{name}` placeholders take the
 * event's variables as plain text. A `many` variant is used when the entry groups others ("Anna and 4 others").
 */
export const TEMPLATES: Record<NotificationCode, { one: Texts; many?: Texts }> = {
  'posts.mention': {
    one: {
      en: { title: '{actor} mentioned you', body: '{text}' },
      ru: { title: '{actor} упомянул(а) вас', body: '{text}' },
      ua: { title: '{actor} згадав(ла) вас', body: '{text}' },
    },
  },
  'posts.thanks': {
    one: {
      en: { title: '{actor} thanked you', body: '{text}' },
      ru: { title: '{actor} благодарит вас', body: '{text}' },
      ua: { title: '{actor} дякує вам', body: '{text}' },
    },
  },
  'posts.comment': {
    one: {
      en: { title: '{actor} commented on your post', body: '{text}' },
      ru: { title: '{actor} прокомментировал(а) вашу публикацию', body: '{text}' },
      ua: { title: '{actor} прокоментував(ла) вашу публікацію', body: '{text}' },
    },
  },
  'posts.reply': {
    one: {
      en: { title: '{actor} answered your comment', body: '{text}' },
      ru: { title: '{actor} ответил(а) на ваш комментарий', body: '{text}' },
      ua: { title: '{actor} відповів(ла) на ваш коментар', body: '{text}' },
    },
  },
  'posts.reaction': {
    one: {
      en: { title: '{actor} reacted to your post', body: '{text}' },
      ru: { title: '{actor} отреагировал(а) на вашу публикацию', body: '{text}' },
      ua: { title: '{actor} відреагував(ла) на вашу публікацію', body: '{text}' },
    },
    many: {
      en: { title: '{actor} and {others} others reacted to your post', body: '{text}' },
      ru: { title: '{actor} и ещё {others} отреагировали на вашу публикацию', body: '{text}' },
      ua: { title: '{actor} та ще {others} відреагували на вашу публікацію', body: '{text}' },
    },
  },
  'posts.must_read': {
    one: {
      en: { title: 'Please read: a post by {actor}', body: '{text}' },
      ru: { title: 'Обязательно к прочтению: публикация {actor}', body: '{text}' },
      ua: { title: "Обов'язково до прочитання: публікація {actor}", body: '{text}' },
    },
  },
  'users.follower': {
    one: {
      en: { title: '{actor} follows you now', body: '' },
      ru: { title: '{actor} подписался(лась) на вас', body: '' },
      ua: { title: '{actor} підписався(лась) на вас', body: '' },
    },
  },
  'users.rights_changed': {
    one: {
      en: { title: 'Your rights were changed', body: '{actor} changed your rights: {rights}' },
      ru: { title: 'Ваши права изменены', body: '{actor} изменил(а) ваши права: {rights}' },
      ua: { title: 'Ваші права змінено', body: '{actor} змінив(ла) ваші права: {rights}' },
    },
  },
  'notifications.message': {
    one: {
      en: { title: '{title}', body: '{text}' },
      ru: { title: '{title}', body: '{text}' },
      ua: { title: '{title}', body: '{text}' },
    },
  },
  'events.invite': {
    one: {
      en: { title: '{actor} invites you: {name}', body: '{when}' },
      ru: { title: '{actor} приглашает вас: {name}', body: '{when}' },
      ua: { title: '{actor} запрошує вас: {name}', body: '{when}' },
    },
  },
  'events.reminder': {
    one: {
      en: { title: 'Soon: {name}', body: 'Starts in {minutes} min, at {time}' },
      ru: { title: 'Скоро: {name}', body: 'Начнётся через {minutes} мин, в {time}' },
      ua: { title: 'Незабаром: {name}', body: 'Почнеться через {minutes} хв, о {time}' },
    },
  },
};

/** `__`: the template of a code that has none (modules §9 "Missing notification template code falls back to '__'"). */
const FALLBACK: Texts = {
  en: { title: 'New notification', body: '{text}' },
  ru: { title: 'Новое уведомление', body: '{text}' },
  ua: { title: 'Нове сповіщення', body: '{text}' },
};

const fill = (template: string, vars: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_whole, key: string) => vars[key] ?? '');

/**
 * The entry's title and text in a language. Variables go in as plain text: the web shows them as text and the mail
 * escapes them (mail.ts), so a name can carry neither markup nor a link.
 */
export function render(
  code: string,
  lang: Lang,
  vars: Record<string, string>,
  others: number,
): { title: string; text: string } {
  const known = TEMPLATES[code as NotificationCode];
  const texts = (others > 0 && known?.many) || known?.one || FALLBACK;
  const t = texts[lang] ?? texts.en;
  const all = { ...vars, others: String(others) };
  return { title: fill(t.title, all), text: fill(t.body, all) };
}
