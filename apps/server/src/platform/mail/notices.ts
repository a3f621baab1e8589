import { LANGS, type Lang } from '@hallway/shared';
import type { Platform } from '../index.js';
import { passwordChangedMail } from './templates.js';

/** Who a security notice goes to: a person's row as the modules hold it. */
export interface NoticeRecipient {
  clientId: string | null;
  email: string | null;
  login: string;
  firstName: string;
  lang: string | null;
}

/**
 * Mails the person that their password changed (issue 13: "password changed (e-mail)"). A security notice goes by
 * e-mail whatever the person's notification settings, after the change committed; a mailer failure is kept in the
 * outbox and never undoes the change.
 */
export async function mailPasswordChanged(platform: Platform, person: NoticeRecipient): Promise<void> {
  if (!person.email) return;
  const lang: Lang = LANGS.includes(person.lang as Lang) ? (person.lang as Lang) : platform.config.defaultLang;
  const mail = passwordChangedMail(
    lang,
    person.firstName || person.login,
    `${platform.config.publicUrl}/forgot-password/`,
  );
  await platform.mail.send({ clientId: person.clientId, to: person.email, ...mail }).catch(() => undefined);
}
