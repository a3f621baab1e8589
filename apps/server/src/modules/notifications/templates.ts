import type { Lang, NotificationCode } from '@hallway/shared';
import type { NotificationTemplate } from '../../platform/http/module.js';

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
  'posts.must_read_reminder': {
    one: {
      en: { title: 'Reminder: please read the post by {actor}', body: '{text}' },
      ru: { title: 'Напоминание: прочитайте публикацию {actor}', body: '{text}' },
      ua: { title: 'Нагадування: прочитайте публікацію {actor}', body: '{text}' },
    },
  },
  'users.birthday_today': {
    one: {
      en: {
        title: 'Birthdays today: {names}',
        body: 'Colleagues celebrating today: {count}. Wish them a happy birthday!',
      },
      ru: { title: 'Сегодня день рождения: {names}', body: 'Коллег с днём рождения сегодня: {count}. Поздравьте их!' },
      ua: {
        title: 'Сьогодні день народження: {names}',
        body: 'Колег із днем народження сьогодні: {count}. Привітайте їх!',
      },
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
  'users.registration_pending': {
    one: {
      en: {
        title: '{name} asks to join the workspace',
        body: '{name} ({email}) registered and waits for your approval',
      },
      ru: {
        title: '{name} просит доступ к порталу',
        body: '{name} ({email}) зарегистрировался(лась) и ждёт вашего одобрения',
      },
      ua: {
        title: '{name} просить доступ до порталу',
        body: '{name} ({email}) зареєструвався(лась) і чекає вашого схвалення',
      },
    },
  },
  'notifications.message': {
    one: {
      en: { title: '{title}', body: '{text}' },
      ru: { title: '{title}', body: '{text}' },
      ua: { title: '{title}', body: '{text}' },
    },
  },
  'structure.chief_changed': {
    one: {
      en: { title: 'Your chief is now {chief}', body: '{department}' },
      ru: { title: 'Ваш руководитель теперь {chief}', body: '{department}' },
      ua: { title: 'Ваш керівник тепер {chief}', body: '{department}' },
    },
  },
  'vacations.requested': {
    one: {
      en: { title: '{actor} asks for a vacation', body: '{start} – {end}, {days} working days' },
      ru: { title: '{actor} просит отпуск', body: '{start} – {end}, рабочих дней: {days}' },
      ua: { title: '{actor} просить відпустку', body: '{start} – {end}, робочих днів: {days}' },
    },
  },
  'vacations.approved': {
    one: {
      en: { title: '{actor} approved your vacation', body: '{start} – {end}' },
      ru: { title: '{actor} согласовал(а) ваш отпуск', body: '{start} – {end}' },
      ua: { title: '{actor} погодив(ла) вашу відпустку', body: '{start} – {end}' },
    },
  },
  'vacations.declined': {
    one: {
      en: { title: '{actor} declined your vacation', body: '{start} – {end} {comment}' },
      ru: { title: '{actor} отклонил(а) ваш отпуск', body: '{start} – {end} {comment}' },
      ua: { title: '{actor} відхилив(ла) вашу відпустку', body: '{start} – {end} {comment}' },
    },
  },
  'groups.request': {
    one: {
      en: { title: '{actor} asks to join the group {group}', body: '' },
      ru: { title: '{actor} просит вступить в группу {group}', body: '' },
      ua: { title: '{actor} просить вступити до групи {group}', body: '' },
    },
  },
  'groups.approved': {
    one: {
      en: { title: 'You are now a member of the group {group}', body: '' },
      ru: { title: 'Вы приняты в группу {group}', body: '' },
      ua: { title: 'Вас прийнято до групи {group}', body: '' },
    },
  },
  'groups.rejected': {
    one: {
      en: { title: 'Your request to join the group {group} was declined', body: '' },
      ru: { title: 'Ваша заявка на вступление в группу {group} отклонена', body: '' },
      ua: { title: 'Вашу заявку на вступ до групи {group} відхилено', body: '' },
    },
  },
  'groups.invitation': {
    one: {
      en: { title: '{actor} invites you to the group {group}', body: '{text}' },
      ru: { title: '{actor} приглашает вас в группу {group}', body: '{text}' },
      ua: { title: '{actor} запрошує вас до групи {group}', body: '{text}' },
    },
  },
  'groups.post': {
    one: {
      en: { title: '{actor} posted in the group {group}', body: '{text}' },
      ru: { title: '{actor} опубликовал(а) в группе {group}', body: '{text}' },
      ua: { title: '{actor} опублікував(ла) у групі {group}', body: '{text}' },
    },
    many: {
      en: { title: '{actor} and {others} others posted in the group {group}', body: '{text}' },
      ru: { title: '{actor} и ещё {others} опубликовали в группе {group}', body: '{text}' },
      ua: { title: '{actor} та ще {others} опублікували у групі {group}', body: '{text}' },
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
  'events.changed': {
    one: {
      en: { title: '{actor} changed the event {name}', body: 'Now: {when}' },
      ru: { title: '{actor} изменил(а) событие {name}', body: 'Теперь: {when}' },
      ua: { title: '{actor} змінив(ла) подію {name}', body: 'Тепер: {when}' },
    },
  },
  'events.removed': {
    one: {
      en: { title: 'You were taken off {name}', body: '{actor} took you off the members of {name} ({when})' },
      ru: {
        title: 'Вас исключили из участников: {name}',
        body: '{actor} исключил(а) вас из участников события {name} ({when})',
      },
      ua: {
        title: 'Вас вилучено з учасників: {name}',
        body: '{actor} вилучив(ла) вас з учасників події {name} ({when})',
      },
    },
  },
  'events.cancelled': {
    one: {
      en: { title: '{actor} cancelled the event {name}', body: '{when}' },
      ru: { title: '{actor} отменил(а) событие {name}', body: '{when}' },
      ua: { title: '{actor} скасував(ла) подію {name}', body: '{when}' },
    },
  },
};

/** `__`: the template of a code that has none (modules §9 "Missing notification template code falls back to '__'"). */
const FALLBACK: Texts = {
  en: { title: 'New notification', body: '{text}' },
  ru: { title: 'Новое уведомление', body: '{text}' },
  ua: { title: 'Нове сповіщення', body: '{text}' },
};

/** The first language of `langs` the texts have (every shipped template has all three). */
export function pick<T>(texts: Partial<Record<Lang, T>>, langs: readonly Lang[]): T {
  for (const lang of langs) if (texts[lang]) return texts[lang];
  return Object.values(texts)[0] as T;
}

const fill = (template: string, vars: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_whole, key: string) => vars[key] ?? '');

/** A workspace's own template texts (`api/notif_template`). */
export interface CustomTexts {
  title: string;
  short: string;
  full: string;
}
/** A workspace's own templates by `code:lang`. */
export type CustomTemplates = ReadonlyMap<string, CustomTexts>;

export interface Rendered {
  title: string;
  /** The centre's and the popup's text. */
  text: string;
  /** The mail's text. */
  full: string;
}

/**
 * The entry's title and texts in the first of `langs` (the person's, the workspace's, DEFAULT_LANG) that has a
 * template: the workspace's own (`custom`) before the shipped one. A code with neither uses the workspace's `__`, else
 * the shipped `__`. Variables go in as plain text: the web shows them as text and the mail escapes them (mail.ts), so
 * a name can carry neither markup nor a link.
 */
export function render(
  code: string,
  langs: readonly Lang[],
  vars: Record<string, string>,
  others: number,
  custom?: CustomTemplates,
): Rendered {
  const all = { ...vars, others: String(others) };
  const own = (texts: CustomTexts): Rendered => ({
    title: fill(texts.title, all),
    text: fill(texts.short, all),
    full: fill(texts.full || texts.short, all),
  });
  const shipped = (texts: Texts[Lang]): Rendered => {
    const body = fill(texts.body, all);
    return { title: fill(texts.title, all), text: body, full: body };
  };
  const known = TEMPLATES[code as NotificationCode];
  const texts = (others > 0 && known?.many) || known?.one;
  for (const lang of langs) {
    const mine = custom?.get(`${code}:${lang}`);
    if (mine) return own(mine);
    if (texts?.[lang]) return shipped(texts[lang]);
  }
  for (const lang of langs) {
    const mine = custom?.get(`__:${lang}`);
    if (mine) return own(mine);
  }
  return shipped(pick(texts ?? FALLBACK, langs));
}

/** The shipped texts of a code (or `__`) in a language, as the template editor starts from them. */
export function shippedTemplate(code: string, lang: Lang): { title: string; body: string } {
  const texts = TEMPLATES[code as NotificationCode]?.one ?? FALLBACK;
  return pick(texts, [lang]);
}
