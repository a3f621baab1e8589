import { createServer, type Server } from 'node:net';

/**
 * A minimal SMTP server (RFC 5321 without extensions): it accepts every message and hands its DATA to the test, so
 * the test sees the MIME message nodemailer really wrote.
 */
export function smtpServer() {
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

/** The decoded bytes of a base64 attachment of a MIME message (`filename=…`), or null when it has none by that name. */
export function attachmentOf(message: string, filename: string): Buffer | null {
  const named = new RegExp(`filename="?${filename.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"?\\r\\n`).exec(message);
  if (!named) return null;
  const start = message.indexOf('\r\n\r\n', named.index);
  const end = message.indexOf('\r\n--', start);
  return Buffer.from(message.slice(start + 4, end < 0 ? undefined : end).replace(/\s+/g, ''), 'base64');
}
