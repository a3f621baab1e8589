/** A file sent with a mail whose text is made for it (an invitation's `invite.ics`). */
export interface TextAttachment {
  filename: string;
  content: string;
  contentType: string;
}

/**
 * A stored file sent with a mail (a CV with a vacancy response): named by its storage key, read through the storage
 * driver when the mail goes, so a notification event keeps the reference, never the bytes.
 */
export interface StoredAttachment {
  filename: string;
  contentType: string;
  size: number;
  storageKey: string;
}

export type MailAttachment = TextAttachment | StoredAttachment;

/** What the outbox keeps of an attachment: its content only up to OUTBOX_ATTACHMENT_MAX bytes (null beyond). */
export interface KeptAttachment {
  filename: string;
  contentType: string;
  size: number;
  content: string | null;
}

export interface MailMessage {
  clientId: string | null;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

/** Outgoing e-mail: SMTP when configured, otherwise the outbox table administrators can read. */
export interface Mailer {
  /** Answers the outbox row that records the message. */
  send(message: MailMessage): Promise<SentMail>;
}

export interface SentMail {
  id: string;
  status: 'kept' | 'sent' | 'failed';
  error: string | null;
}
