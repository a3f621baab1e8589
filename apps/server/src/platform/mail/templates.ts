import type { Lang } from '@hallway/shared';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

interface Rendered {
  subject: string;
  text: string;
  html: string;
}

/** Wraps paragraphs and one call-to-action link in the plain Hallway mail layout (texts are escaped). */
export function layout(paragraphs: string[], action?: { label: string; url: string }): Pick<Rendered, 'text' | 'html'> {
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : [])].join('\n\n');
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p><a href="${escapeHtml(action.url)}" style="background:#228be6;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>`
    : '';
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#212529;max-width:560px;margin:24px auto">${body}${button}<p style="color:#868e96;font-size:12px">Hallway</p></body></html>`;
  return { text, html };
}

const passwordResetTexts: Record<
  Lang,
  { subject: string; hello: string; body: string; action: string; ignore: string }
> = {
  en: {
    subject: 'Password reset',
    hello: 'Hello, {name}!',
    body: 'Someone asked to reset the password of your Hallway account. The link works once, for one hour.',
    action: 'Set a new password',
    ignore: 'If it was not you, ignore this letter: your password stays as it is.',
  },
  ru: {
    subject: 'Восстановление пароля',
    hello: 'Здравствуйте, {name}!',
    body: 'Поступил запрос на смену пароля вашей учётной записи Hallway. Ссылка действует один раз в течение часа.',
    action: 'Задать новый пароль',
    ignore: 'Если это были не вы, просто проигнорируйте письмо: пароль останется прежним.',
  },
  ua: {
    subject: 'Відновлення пароля',
    hello: 'Вітаємо, {name}!',
    body: 'Надійшов запит на зміну пароля вашого облікового запису Hallway. Посилання діє один раз протягом години.',
    action: 'Задати новий пароль',
    ignore: 'Якщо це були не ви, просто проігноруйте лист: пароль залишиться попереднім.',
  },
};

export function passwordResetMail(lang: Lang, name: string, url: string): Rendered {
  const t = passwordResetTexts[lang];
  return {
    subject: t.subject,
    ...layout([t.hello.replace('{name}', name), t.body, t.ignore], { label: t.action, url }),
  };
}
