/** A file sent with a mail (an invitation's `invite.ics`): text content, as the attachments we send are. */
export interface MailAttachment {
  filename: string;
  content: string;
  contentType: string;
}

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
