export interface MailMessage {
  clientId: string | null;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Outgoing e-mail: SMTP when configured, otherwise the outbox table administrators can read. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
