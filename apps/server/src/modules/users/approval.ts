// Issue 12: optional approval of open registrations. A newcomer of a workspace that asks for approval is stored
// pending (register.ts); an administrator approves (they may sign in, and get a mail) or declines (the account goes).
import type { Lang } from '@hallway/shared';
import { eq } from 'drizzle-orm';
import { AppError } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import type { Platform } from '../../platform/index.js';
import { layout } from '../../platform/mail/templates.js';
import { clients } from '../clients/tables.js';
import { getUserRow, saveUser } from './service.js';
import { type UserRow, users } from './tables.js';

const approvedTexts: Record<Lang, { subject: string; hello: string; body: string; action: string }> = {
  en: {
    subject: 'Welcome to {workspace}: your registration is approved',
    hello: 'Hello, {name}!',
    body: 'An administrator of {workspace} approved your registration. Sign in with your login {login} and the password you chose.',
    action: 'Sign in',
  },
  ru: {
    subject: 'Добро пожаловать в {workspace}: регистрация одобрена',
    hello: 'Здравствуйте, {name}!',
    body: 'Администратор {workspace} одобрил вашу регистрацию. Войдите с логином {login} и паролем, который вы выбрали.',
    action: 'Войти',
  },
  ua: {
    subject: 'Ласкаво просимо до {workspace}: реєстрацію схвалено',
    hello: 'Вітаємо, {name}!',
    body: 'Адміністратор {workspace} схвалив вашу реєстрацію. Увійдіть з логіном {login} і паролем, який ви обрали.',
    action: 'Увійти',
  },
};

/** The mail an approved newcomer gets, in their language. */
export function approvedMail(lang: Lang, values: { name: string; workspace: string; login: string }, url: string) {
  const t = approvedTexts[lang];
  const fill = (s: string) =>
    s.replace('{name}', values.name).replace('{workspace}', values.workspace).replace('{login}', values.login);
  return { subject: fill(t.subject), ...layout([fill(t.hello), fill(t.body)], { label: t.action, url }) };
}

/** A pending person of the caller's workspace, or 400 `not_pending` (404 for an unknown or foreign id). */
async function pendingRow(ctx: RequestContext, id: string): Promise<UserRow> {
  const row = await getUserRow(ctx, id, true);
  if (!row.awaitingApproval) throw new AppError(400, 'not_pending');
  return row;
}

/** Lets a pending newcomer in: they become active and are mailed (after the commit) that they may sign in. */
export async function approve(platform: Platform, ctx: RequestContext, id: string): Promise<UserRow> {
  const row = await pendingRow(ctx, id);
  const saved = await saveUser(ctx.db, row.id, { awaitingApproval: false, deletionMark: false, deletedAt: null });
  const to = saved.email;
  if (to) {
    const [client] = await ctx.db.select({ name: clients.name }).from(clients).where(eq(clients.id, ctx.tenant()));
    const mail = approvedMail(
      saved.lang ?? platform.config.defaultLang,
      { name: saved.firstName || saved.login, workspace: client?.name ?? '', login: saved.login },
      `${platform.config.publicUrl}/login`,
    );
    ctx.afterCommit(() => platform.mail.send({ clientId: saved.clientId, to, ...mail }));
  }
  return saved;
}

/** Turns a pending newcomer away: their account is removed (they uploaded nothing and belong to nothing yet). */
export async function decline(ctx: RequestContext, id: string): Promise<void> {
  const row = await pendingRow(ctx, id);
  await ctx.db.delete(users).where(eq(users.id, row.id));
}
