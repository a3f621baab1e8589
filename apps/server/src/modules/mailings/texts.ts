// The mailings' letters in ru, uk and en; names and post texts are plain text, escaped by the mail layout.
import type { Lang } from '@hallway/shared';
import { layout } from '../../platform/mail/templates.js';

const fill = (template: string, vars: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => String(vars[key] ?? ''));

const BIRTHDAY: Record<Lang, { subject: string; body: string[]; action: string }> = {
  en: {
    subject: 'Happy birthday, {name}!',
    body: ['Happy birthday, {name}!', 'The whole of {company} wishes you a wonderful year ahead.'],
    action: 'Open the wall',
  },
  ru: {
    subject: 'С днём рождения, {name}!',
    body: ['С днём рождения, {name}!', 'Вся команда {company} желает вам прекрасного года.'],
    action: 'Открыть ленту',
  },
  ua: {
    subject: 'З днем народження, {name}!',
    body: ['З днем народження, {name}!', 'Уся команда {company} бажає вам чудового року.'],
    action: 'Відкрити стрічку',
  },
};

const DIGEST: Record<
  Lang,
  { subject: string; unread: string; none: string; top: string; post: string; action: string }
> = {
  en: {
    subject: 'Your week at {company}',
    unread: 'You have {count} unread notifications.',
    none: 'You have read every notification.',
    top: 'Most liked on the wall this week:',
    post: '{author}: {text} ({likes} likes)',
    action: 'Open Hallway',
  },
  ru: {
    subject: 'Ваша неделя в {company}',
    unread: 'Непрочитанных уведомлений: {count}.',
    none: 'Все уведомления прочитаны.',
    top: 'Самое популярное на ленте за неделю:',
    post: '{author}: {text} (отметок «нравится»: {likes})',
    action: 'Открыть Hallway',
  },
  ua: {
    subject: 'Ваш тиждень у {company}',
    unread: 'Непрочитаних сповіщень: {count}.',
    none: 'Усі сповіщення прочитано.',
    top: 'Найпопулярніше на стрічці за тиждень:',
    post: '{author}: {text} (вподобань: {likes})',
    action: 'Відкрити Hallway',
  },
};

export function birthdayMail(lang: Lang, vars: { name: string; company: string }, url: string) {
  const t = BIRTHDAY[lang];
  return {
    subject: fill(t.subject, vars),
    ...layout(
      t.body.map((line) => fill(line, vars)),
      { label: t.action, url },
    ),
  };
}

export interface DigestPost {
  author: string;
  text: string;
  likes: number;
}

export function digestMail(lang: Lang, vars: { company: string; unread: number; posts: DigestPost[] }, url: string) {
  const t = DIGEST[lang];
  const shorten = (text: string) => (text.length > 140 ? `${text.slice(0, 139)}…` : text);
  const lines = [
    vars.unread > 0 ? fill(t.unread, { count: vars.unread }) : t.none,
    ...(vars.posts.length
      ? [t.top, ...vars.posts.map((p) => fill(t.post, { author: p.author, text: shorten(p.text), likes: p.likes }))]
      : []),
  ];
  return { subject: fill(t.subject, { company: vars.company }), ...layout(lines, { label: t.action, url }) };
}
