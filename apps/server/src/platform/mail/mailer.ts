import nodemailer from 'nodemailer';
import type { Database } from '../db/client.js';
import { inSystem } from '../db/tenant.js';
import { outbox } from './tables.js';
import type { KeptAttachment, MailAttachment, Mailer, MailMessage, SentMail } from './types.js';

/** The outbox keeps an attachment's content up to this size (an invitation's `.ics` is a few kilobytes). */
export const OUTBOX_ATTACHMENT_MAX = 64 * 1024;

const kept = (attachments: MailAttachment[]): KeptAttachment[] =>
  attachments.map((a) => {
    const size = Buffer.byteLength(a.content, 'utf8');
    return {
      filename: a.filename,
      contentType: a.contentType,
      size,
      content: size <= OUTBOX_ATTACHMENT_MAX ? a.content : null,
    };
  });

/**
 * SMTP via nodemailer when `SMTP_URL` is set; otherwise every message stays in the outbox table.
 * Either way the outbox records it, so administrators can check what went out.
 */
export function createMailer(database: Database, options: { smtpUrl?: string; from: string }): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async send({ attachments = [], ...message }: MailMessage): Promise<SentMail> {
      let status: 'kept' | 'sent' | 'failed' = 'kept';
      let error: string | null = null;
      if (transport) {
        try {
          await transport.sendMail({
            from: options.from,
            ...message,
            ...(attachments.length
              ? {
                  attachments: attachments.map((a) => ({
                    filename: a.filename,
                    content: a.content,
                    contentType: a.contentType,
                  })),
                }
              : {}),
          });
          status = 'sent';
        } catch (err) {
          status = 'failed';
          error = err instanceof Error ? err.message : String(err);
        }
      }
      const [row] = await inSystem(database, (tx) =>
        tx
          .insert(outbox)
          .values({
            ...message,
            attachments: kept(attachments),
            status,
            error,
            sentAt: status === 'sent' ? new Date() : null,
          })
          .returning({ id: outbox.id }),
      );
      return { id: row.id, status, error };
    },
  };
}
