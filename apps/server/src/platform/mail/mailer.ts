import nodemailer from 'nodemailer';
import type { Database } from '../db/client.js';
import { inSystem } from '../db/tenant.js';
import { outbox } from './tables.js';
import type { Mailer, MailMessage, SentMail } from './types.js';

/**
 * SMTP via nodemailer when `SMTP_URL` is set; otherwise every message stays in the outbox table.
 * Either way the outbox records it, so administrators can check what went out.
 */
export function createMailer(database: Database, options: { smtpUrl?: string; from: string }): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async send(message: MailMessage): Promise<SentMail> {
      let status: 'kept' | 'sent' | 'failed' = 'kept';
      let error: string | null = null;
      if (transport) {
        try {
          await transport.sendMail({ from: options.from, ...message });
          status = 'sent';
        } catch (err) {
          status = 'failed';
          error = err instanceof Error ? err.message : String(err);
        }
      }
      const [row] = await inSystem(database, (tx) =>
        tx
          .insert(outbox)
          .values({ ...message, status, error, sentAt: status === 'sent' ? new Date() : null })
          .returning({ id: outbox.id }),
      );
      return { id: row.id, status, error };
    },
  };
}
