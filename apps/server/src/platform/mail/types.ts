export interface MailMessage {
  clientId: string | null;
  to: string;
  subject: string;
  text: string;
  html: string;
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
