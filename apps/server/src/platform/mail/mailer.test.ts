import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';
import { createMailer, OUTBOX_ATTACHMENT_MAX } from './mailer.js';

/**
 * A minimal SMTP server (RFC 5321 without extensions): it accepts every message and hands its DATA to the test, so
 * the test sees the MIME message nodemailer really wrote.
 */
function smtpServer() {
  const received: string[] = [];
  const server: Server = createServer((socket) => {
    let data: string | null = null;
    let buffer = '';
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (data !== null) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          received.push(data + buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          data = null;
          socket.write('250 queued\r\n');
          continue;
        }
        const line = buffer.indexOf('\r\n');
        if (line < 0) return;
        const command = buffer.slice(0, line).toUpperCase();
        buffer = buffer.slice(line + 2);
        if (command.startsWith('DATA')) {
          data = '';
          socket.write('354 go on\r\n');
        } else if (command.startsWith('QUIT')) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return { server, received };
}

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
    const mailer = createMailer(h.platform.database, { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'hallway@test' });
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
    const mailer = createMailer(h.platform.database, { from: 'hallway@test' });
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
});
