import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { MAIL_FILES_LIMIT_BYTES } from '@hallway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';
import { attachmentOf, smtpServer } from '../../test/smtp.js';
import { createMailer, OUTBOX_ATTACHMENT_MAX } from './mailer.js';

let h: Harness;
const smtp = smtpServer();
let port = 0;
beforeAll(async () => {
  h = await createHarness();
  await new Promise<void>((resolve) => smtp.server.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise((resolve) => smtp.server.close(resolve));
  await h.close();
});

const invite = 'BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n';

async function outboxRow(id: string) {
  const { rows } = await h.platform.database.query('SELECT status, attachments FROM outbox WHERE id = $1', [id]);
  return rows[0] as { status: string; attachments: Record<string, unknown>[] };
}

describe('mailer attachments', () => {
  it('sends attachments over SMTP and records them in the outbox', async () => {
    const mailer = createMailer(h.platform.database, {
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'hallway@test',
      storage: h.platform.storage,
    });
    const sent = await mailer.send({
      clientId: null,
      to: 'anna@example.test',
      subject: 'Invitation',
      text: 'See you there',
      html: '<p>See you there</p>',
      attachments: [{ filename: 'invite.ics', content: invite, contentType: 'text/calendar; method=REQUEST' }],
    });
    expect(sent).toMatchObject({ status: 'sent', error: null });
    expect(smtp.received).toHaveLength(1);
    const message = smtp.received[0];
    expect(message).toMatch(/Content-Type: text\/calendar; method=REQUEST/i);
    expect(message).toMatch(/filename=invite\.ics/);
    // Short text goes as it is or in base64, as nodemailer chooses.
    expect(message.includes('METHOD:REQUEST') || message.includes(Buffer.from(invite).toString('base64'))).toBe(true);
    expect((await outboxRow(sent.id)).attachments).toEqual([
      {
        filename: 'invite.ics',
        contentType: 'text/calendar; method=REQUEST',
        size: Buffer.byteLength(invite),
        content: invite,
      },
    ]);
  });

  it('keeps the outbox without an SMTP server: a large attachment by its name and size only', async () => {
    const mailer = createMailer(h.platform.database, { from: 'hallway@test', storage: h.platform.storage });
    const big = 'x'.repeat(OUTBOX_ATTACHMENT_MAX + 1);
    const plain = await mailer.send({ clientId: null, to: 'bob@example.test', subject: 'Plain', text: 't', html: 'h' });
    expect((await outboxRow(plain.id)).attachments).toEqual([]);
    const sent = await mailer.send({
      clientId: null,
      to: 'bob@example.test',
      subject: 'Report',
      text: 't',
      html: 'h',
      attachments: [{ filename: 'report.txt', content: big, contentType: 'text/plain' }],
    });
    expect(await outboxRow(sent.id)).toEqual({
      status: 'kept',
      attachments: [{ filename: 'report.txt', contentType: 'text/plain', size: big.length, content: null }],
    });
  });

  it('streams stored files from the storage, within the mail limit; a file no longer stored is left out', async () => {
    const mailer = createMailer(h.platform.database, {
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'hallway@test',
      storage: h.platform.storage,
    });
    const cv = randomBytes(150_000);
    await h.platform.storage.put('mail-test/cv', Readable.from([cv]), 'application/pdf');
    const stored = (filename: string, storageKey: string, size: number) => ({
      filename,
      storageKey,
      size,
      contentType: 'application/pdf',
    });
    const before = smtp.received.length;
    const sent = await mailer.send({
      clientId: null,
      to: 'hr@example.test',
      subject: 'A response',
      text: 'cv.pdf, gone.pdf, huge.pdf',
      html: '<p>cv.pdf, gone.pdf, huge.pdf</p>',
      attachments: [
        stored('cv.pdf', 'mail-test/cv', cv.length),
        stored('gone.pdf', 'mail-test/gone', 10),
        // Beyond the limit together with the CV: never read (nothing is stored under its key).
        stored('huge.pdf', 'mail-test/huge', MAIL_FILES_LIMIT_BYTES - cv.length + 1),
      ],
    });
    expect(sent).toMatchObject({ status: 'sent', error: null });
    const message = smtp.received[before];
    expect(attachmentOf(message, 'cv.pdf')?.equals(cv)).toBe(true);
    expect(attachmentOf(message, 'gone.pdf')).toBeNull();
    expect(attachmentOf(message, 'huge.pdf')).toBeNull();
    expect((await outboxRow(sent.id)).attachments).toEqual([
      { filename: 'cv.pdf', contentType: 'application/pdf', size: cv.length, content: null },
    ]);
  });
});
