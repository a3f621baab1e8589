import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createHarness, type Harness, makeWorkspace } from '../../test/harness.js';

let h: Harness;
let failing: Harness;
beforeAll(async () => {
  h = await createHarness();
  // An SMTP server that is not there: the mail fails and the outbox says why.
  failing = await createHarness({ SMTP_URL: 'smtp://127.0.0.1:9' });
});
afterAll(async () => {
  await failing?.close();
  await h?.close();
});

describe('admin panel "mail check"', () => {
  it('sends a test mail to the administrator or an address and lists the outbox newest first, paged', async () => {
    const ws = await makeWorkspace(h);
    const own = await call(h, ws.admin, 'POST', '/api/mail_check/test', {});
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().result).toMatchObject({ to: ws.admin.email, status: 'kept', error: null });
    expect(own.json().result.subject).toContain('Hallway');
    for (let i = 0; i < 21; i++) {
      const res = await call(h, ws.admin, 'POST', '/api/mail_check/test', { to: `Box${i}@Example.test` });
      expect(res.statusCode).toBe(200);
    }
    const first = await call(h, ws.admin, 'GET', '/api/mail_check/outbox');
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page.result).toHaveLength(20);
    expect(page.result[0].to).toBe('box20@example.test');
    expect(page.next).not.toBeNull();
    const second = await call(h, ws.admin, 'GET', `/api/mail_check/outbox?before=${encodeURIComponent(page.next)}`);
    expect(second.json().result.map((m: { to: string }) => m.to)).toEqual(['box0@example.test', ws.admin.email]);
    expect(second.json().next).toBeNull();
    // Another workspace's outbox stays its own.
    const other = await makeWorkspace(h);
    expect((await call(h, other.admin, 'GET', '/api/mail_check/outbox')).json().result).toEqual([]);
  });

  it('refuses employees, a bad address and a bad page mark', async () => {
    const ws = await makeWorkspace(h);
    expect((await call(h, ws.employee, 'POST', '/api/mail_check/test', {})).statusCode).toBe(403);
    expect((await call(h, ws.employee, 'GET', '/api/mail_check/outbox')).statusCode).toBe(403);
    const bad = await call(h, ws.admin, 'POST', '/api/mail_check/test', { to: 'not an address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ to: 'email_invalid' });
    expect((await call(h, ws.admin, 'GET', '/api/mail_check/outbox?before=yesterday')).statusCode).toBe(400);
  });

  it('shows a mail that could not go with its reason', { timeout: 60_000 }, async () => {
    const ws = await makeWorkspace(failing);
    const res = await call(failing, ws.admin, 'POST', '/api/mail_check/test', {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.status).toBe('failed');
    expect(res.json().result.error).toMatch(/ECONNREFUSED|connect/i);
    const list = await call(failing, ws.admin, 'GET', '/api/mail_check/outbox');
    expect(list.json().result[0]).toMatchObject({ status: 'failed', sent_at: null });
  });
});
