// Admin panel "mail check" (portal §2): a test mail and the workspace's outbox with the status of each mail.
import {
  type Lang,
  OUTBOX_PAGE,
  type OutboxMailDto,
  outboxMailDto,
  outboxPage,
  outboxQuery,
  resultOf,
  type TextLang,
  testMailBody,
} from '@hallway/shared';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/db/client.js';
import { inTenant } from '../../platform/db/tenant.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import type { App } from '../../platform/http/module.js';
import type { Platform } from '../../platform/index.js';
import { pick } from './templates.js';

const tags = ['notifications'];
const admin = { role: 'admin' } as const;

const TEST_MAIL: Record<TextLang, { subject: string; text: string }> = {
  en: { subject: 'Hallway: test mail', text: 'This is a test mail from the admin panel. If you read it, mail works.' },
  ru: {
    subject: 'Hallway: проверочное письмо',
    text: 'Это проверочное письмо из панели администратора. Если вы его читаете, почта работает.',
  },
  uk: {
    subject: 'Hallway: перевірний лист',
    text: 'Це перевірний лист із панелі адміністратора. Якщо ви його читаєте, пошта працює.',
  },
};

interface OutboxRow {
  id: string;
  to: string;
  subject: string;
  status: OutboxMailDto['status'];
  error: string | null;
  created: string | Date;
  sent_at: string | Date | null;
}

const COLUMNS = sql.raw('id, "to", subject, status, error, created, sent_at');

const present = (row: OutboxRow): OutboxMailDto => ({
  _id: row.id,
  to: row.to,
  subject: row.subject,
  status: row.status,
  error: row.error,
  created: new Date(row.created).toISOString(),
  sent_at: row.sent_at ? new Date(row.sent_at).toISOString() : null,
});

/** The workspace's mails, newest first, created before `before` (the outbox index is `(client_id, created)`). */
export async function outboxOf(ctx: RequestContext, before?: string) {
  const rows = await rowsOf<OutboxRow>(
    ctx.db,
    sql`SELECT ${COLUMNS} FROM outbox
        WHERE client_id = ${ctx.tenant()} ${before ? sql`AND created < ${before}::timestamptz` : sql``}
        ORDER BY created DESC LIMIT ${OUTBOX_PAGE + 1}`,
  );
  const page = rows.slice(0, OUTBOX_PAGE).map(present);
  return { result: page, next: rows.length > OUTBOX_PAGE ? page.at(-1)!.created : null };
}

/**
 * Sends the test mail now (SMTP or the outbox) and answers its outbox row, failure reason included. No transaction is
 * held while the mailer talks to the SMTP server (the route is `streaming`: short transactions of its own).
 */
async function sendTestMail(platform: Platform, ctx: RequestContext, to: string | undefined) {
  const me = ctx.me();
  const clientId = ctx.tenant();
  const { address, langs } = await inTenant(platform.database, { clientId }, async (tx) => {
    const [user] = await rowsOf<{ email: string | null }>(tx, sql`SELECT email FROM users WHERE id = ${me.id}`);
    const [workspace] = await rowsOf<{ lang: Lang }>(tx, sql`SELECT lang FROM clients WHERE id = ${clientId}`);
    return {
      address: to ?? user?.email,
      langs: [me.lang as Lang | null, workspace?.lang, platform.config.defaultLang].filter((l): l is Lang => !!l),
    };
  });
  if (!address) throw new AppError(400, 'email_invalid', {}, { fields: { to: 'email_invalid' } });
  const { subject, text } = pick(TEST_MAIL, langs);
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif"><p>${text}</p></body></html>`;
  const sent = await platform.mail.send({ clientId, to: address, subject, text, html });
  const [row] = await inTenant(platform.database, { clientId }, (tx) =>
    rowsOf<OutboxRow>(tx, sql`SELECT ${COLUMNS} FROM outbox WHERE id = ${sent.id}`),
  );
  return present(row);
}

export function mailCheckRoutes(app: App, platform: Platform) {
  app.post(
    '/api/mail_check/test',
    {
      schema: {
        tags,
        summary: 'Send a test mail (administrators)',
        body: testMailBody,
        response: { 200: resultOf(outboxMailDto) },
      },
      config: { access: { ...admin, streaming: true } },
    },
    async (req) => ({ result: await sendTestMail(platform, req.ctx, req.body.to) }),
  );

  app.get(
    '/api/mail_check/outbox',
    {
      schema: {
        tags,
        summary: 'The latest mails and their delivery (administrators)',
        querystring: outboxQuery,
        response: { 200: outboxPage },
      },
      config: { access: admin },
    },
    async (req) => outboxOf(req.ctx, req.query.before),
  );
}
