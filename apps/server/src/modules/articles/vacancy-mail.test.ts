// The e-mail of a vacancy response carries the CV itself: sent through a real SMTP exchange (test/smtp.ts), the
// notification delivered by the jobs as in production.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createHarness, type Harness, makeWorkspace, type TestUser } from '../../test/harness.js';
import { settled } from '../../test/notifications.js';
import { attachmentOf, smtpServer } from '../../test/smtp.js';

let h: Harness;
const smtp = smtpServer();
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.server.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as { port: number };
  h = await createHarness({ JOBS: '1', SMTP_URL: `smtp://127.0.0.1:${port}` });
});
afterAll(async () => {
  await h?.close();
  await new Promise((resolve) => smtp.server.close(resolve));
});

/** Uploads bytes as a post attachment, as the web does for a CV. */
async function upload(user: TestUser, name: string, bytes: Buffer) {
  const boundary = '----hallwayCv';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`;
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/upload?purpose=attachment',
    headers: { authorization: `Bearer ${user.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results[0].file._id as string;
}

describe('the vacancy response e-mail', () => {
  it('carries the uploaded CV to each receiver', async () => {
    const ws = await makeWorkspace(h);
    const vacancy = await call(h, ws.admin, 'POST', '/api/article', {
      section: 'vacancy',
      title: 'Backend developer',
      receivers: [ws.admin.id],
    });
    expect(vacancy.statusCode, vacancy.body).toBe(200);
    const cv = randomBytes(120_000);
    const letter = Buffer.from('%PDF-1.4\nA cover letter\n');
    const files = [await upload(ws.employee, 'cv.pdf', cv), await upload(ws.employee, 'letter.pdf', letter)];
    const before = smtp.received.length;
    const res = await call(h, ws.employee, 'POST', '/api/article/vac_respond', {
      vacancy_id: vacancy.json().result._id,
      text: 'I would love to join',
      attachments: files,
    });
    expect(res.statusCode, res.body).toBe(200);
    await settled(h, ws.id);
    const mails = smtp.received.slice(before).filter((m) => m.includes(ws.admin.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Backend developer');
    expect(attachmentOf(mails[0], 'cv.pdf')?.equals(cv)).toBe(true);
    expect(attachmentOf(mails[0], 'letter.pdf')?.equals(letter)).toBe(true);
    const { rows } = await h.platform.database.query(
      'SELECT status, attachments FROM outbox WHERE client_id = $1 AND "to" = $2',
      [ws.id, ws.admin.email],
    );
    expect(rows).toEqual([
      {
        status: 'sent',
        attachments: [
          { filename: 'cv.pdf', contentType: 'application/pdf', size: cv.length, content: null },
          { filename: 'letter.pdf', contentType: 'application/pdf', size: letter.length, content: null },
        ],
      },
    ]);
  });
});
