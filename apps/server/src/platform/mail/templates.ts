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

const passwordChangedTexts: Record<Lang, { subject: string; hello: string; body: string; action: string }> = {
  en: {
    subject: 'Your password was changed',
    hello: 'Hello, {name}!',
    body: 'The password of your Hallway account was just changed, and every other session of yours was signed out. If it was not you, set a new password now and tell your administrator.',
    action: 'Set a new password',
  },
  ru: {
    subject: 'Ваш пароль изменён',
    hello: 'Здравствуйте, {name}!',
    body: 'Пароль вашей учётной записи Hallway только что изменён, все остальные сеансы завершены. Если это были не вы, сразу задайте новый пароль и сообщите администратору.',
    action: 'Задать новый пароль',
  },
  ua: {
    subject: 'Ваш пароль змінено',
    hello: 'Вітаємо, {name}!',
    body: 'Пароль вашого облікового запису Hallway щойно змінено, усі інші сеанси завершено. Якщо це були не ви, одразу задайте новий пароль і повідомте адміністратора.',
    action: 'Задати новий пароль',
  },
};

/** The security notice after a password change (every path: own, an administrator's, a reset link). */
export function passwordChangedMail(lang: Lang, name: string, url: string): Rendered {
  const t = passwordChangedTexts[lang];
  return { subject: t.subject, ...layout([t.hello.replace('{name}', name), t.body], { label: t.action, url }) };
}

const inviteTexts: Record<
  Lang,
  { subject: string; hello: string; body: string; action: string; expiry: string; ignore: string }
> = {
  en: {
    subject: 'You are invited to {workspace} on Hallway',
    hello: 'Hello, {name}!',
    body: '{inviter} invited you to the intranet of {workspace}. Set your password to sign in; your login is {login}.',
    action: 'Set my password',
    expiry: 'The link works once, for 7 days. If it has expired, ask an administrator to send the invitation again.',
    ignore: 'If you did not expect this letter, ignore it: nothing happens without the link.',
  },
  ru: {
    subject: 'Приглашение в {workspace} на Hallway',
    hello: 'Здравствуйте, {name}!',
    body: '{inviter} приглашает вас в корпоративный портал {workspace}. Задайте пароль, чтобы войти; ваш логин — {login}.',
    action: 'Задать пароль',
    expiry:
      'Ссылка действует один раз в течение 7 дней. Если она устарела, попросите администратора отправить приглашение снова.',
    ignore: 'Если вы не ждали этого письма, просто проигнорируйте его: без ссылки ничего не произойдёт.',
  },
  ua: {
    subject: 'Запрошення до {workspace} на Hallway',
    hello: 'Вітаємо, {name}!',
    body: '{inviter} запрошує вас до корпоративного порталу {workspace}. Задайте пароль, щоб увійти; ваш логін — {login}.',
    action: 'Задати пароль',
    expiry:
      'Посилання діє один раз протягом 7 днів. Якщо воно застаріло, попросіть адміністратора надіслати запрошення знову.',
    ignore: 'Якщо ви не чекали цього листа, просто проігноруйте його: без посилання нічого не станеться.',
  },
};

/** An administrator's invitation: the link sets the person's own password (the password-reset page, `?invite=1`). */
export function inviteMail(
  lang: Lang,
  values: { name: string; inviter: string; workspace: string; login: string },
  url: string,
): Rendered {
  const t = inviteTexts[lang];
  const fill = (s: string) =>
    s
      .replace('{name}', values.name)
      .replace('{inviter}', values.inviter)
      .replace('{workspace}', values.workspace)
      .replace('{login}', values.login);
  return {
    subject: fill(t.subject),
    ...layout([fill(t.hello), fill(t.body), t.expiry, t.ignore], { label: t.action, url }),
  };
}
