import type { Readable } from 'node:stream';
import { MAIL_FILES_LIMIT_BYTES } from '@hallway/shared';
import nodemailer from 'nodemailer';
import type { Database } from '../db/client.js';
import { inSystem } from '../db/tenant.js';
import { FileMissingError, type StorageDriver } from '../files/types.js';
import { outbox } from './tables.js';
import type { KeptAttachment, MailAttachment, Mailer, MailMessage, SentMail, StoredAttachment } from './types.js';

/** The outbox keeps an attachment's content up to this size (an invitation's `.ics` is a few kilobytes). */
export const OUTBOX_ATTACHMENT_MAX = 64 * 1024;

const isStored = (a: MailAttachment): a is StoredAttachment => 'storageKey' in a;

/**
 * The attachments a mail carries: every text one, and stored files in their order while together they stay within
 * MAIL_FILES_LIMIT_BYTES (mail servers refuse larger messages; the mail's text names every file anyway).
 */
function carried(attachments: MailAttachment[]): MailAttachment[] {
  let stored = 0;
  return attachments.filter((a) => {
    if (!isStored(a)) return true;
    if (stored + a.size > MAIL_FILES_LIMIT_BYTES) return false;
    stored += a.size;
    return true;
  });
}

const kept = (attachments: MailAttachment[]): KeptAttachment[] =>
  attachments.map((a) => {
    if (isStored(a)) return { filename: a.filename, contentType: a.contentType, size: a.size, content: null };
    const size = Buffer.byteLength(a.content, 'utf8');
    return {
      filename: a.filename,
      contentType: a.contentType,
      size,
      content: size <= OUTBOX_ATTACHMENT_MAX ? a.content : null,
    };
  });

/**
 * The attachments as nodemailer takes them: a stored file as a stream from the storage driver (local disk or S3),
 * so its bytes never sit in memory whole. A stored file no longer there is left out (its name is in the text).
 */
async function opened(storage: StorageDriver, attachments: MailAttachment[]) {
  const streams: Readable[] = [];
  const parts: { filename: string; contentType: string; content: string | Readable }[] = [];
  const present: MailAttachment[] = [];
  try {
    for (const a of attachments) {
      if (!isStored(a)) {
        parts.push({ filename: a.filename, contentType: a.contentType, content: a.content });
        present.push(a);
        continue;
      }
      const stream = await storage.get(a.storageKey).catch((err) => {
        if (err instanceof FileMissingError) return null;
        throw err;
      });
      if (!stream) continue;
      streams.push(stream);
      parts.push({ filename: a.filename, contentType: a.contentType, content: stream });
      present.push(a);
    }
  } catch (err) {
    for (const s of streams) s.destroy();
    throw err;
  }
  const close = () => {
    for (const s of streams) s.destroy();
  };
  return { parts, present, close };
}

/**
 * SMTP via nodemailer when `SMTP_URL` is set; otherwise every message stays in the outbox table.
 * Either way the outbox records it, so administrators can check what went out.
 */
export function createMailer(
  database: Database,
  options: { smtpUrl?: string; from: string; storage: StorageDriver },
): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async send({ attachments: asked = [], ...message }: MailMessage): Promise<SentMail> {
      let attachments = carried(asked);
      let status: 'kept' | 'sent' | 'failed' = 'kept';
      let error: string | null = null;
      if (transport) {
        let close = () => {};
        try {
          const files = await opened(options.storage, attachments);
          close = files.close;
          attachments = files.present;
          await transport.sendMail({
            from: options.from,
            ...message,
            ...(files.parts.length ? { attachments: files.parts } : {}),
          });
          status = 'sent';
        } catch (err) {
          status = 'failed';
          error = err instanceof Error ? err.message : String(err);
        } finally {
          close();
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
