import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createHarness, type Harness, makeUser, makeWorkspace, type TestWorkspace } from '../../test/harness.js';
import { delivery } from '../notifications/deliver.js';
import { runDue } from './runner.js';

let h: Harness;
beforeAll(async () => {
  // The stand-in mailing services listen on this machine, which the operator's setting lets outbound requests reach.
  h = await createHarness({ OUTBOUND_ALLOW_HOSTS: '127.0.0.1' });
});
afterAll(() => h.close());

const log = { warn: () => undefined, info: () => undefined } as never;
const create = (ws: TestWorkspace, body: object) =>
  call(h, ws.admin, 'POST', '/api/mailing', { workspace: ws.workspace, ...body });

/** Makes a mailing due now (its next run a minute ago), as the minute job would find it. */
async function due(mailingId: string, at: Date) {
  await h.platform.database.query('UPDATE mailings SET next_run = $2 WHERE id = $1', [
    mailingId,
    new Date(at.getTime() - 60_000),
  ]);
}

async function outbox(clientId: string) {
  const { rows } = await h.platform.database.query(
    'SELECT "to", subject, text FROM outbox WHERE client_id = $1 ORDER BY created',
    [clientId],
  );
  return rows as { to: string; subject: string; text: string }[];
}

/** A stand-in mailing service on 127.0.0.1 that keeps what it receives and answers `status`. */
async function mailingService(status = 200) {
  const received: { auth: string | undefined; body: { workspace: string; people: { email: string }[] } }[] = [];
  const server: Server = createServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    received.push({ auth: req.headers.authorization, body: JSON.parse(Buffer.concat(chunks).toString()) });
    res.writeHead(status, { 'content-type': 'application/json' }).end('{}');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/import`;
  return { url, received, close: () => new Promise((done) => server.close(done)) };
}

describe('mailings', () => {
  it('start, restart and stop as §4 says, one per action, for administrators of the workspace only', async () => {
    const ws = await makeWorkspace(h, { settings: { timeZone: 'Europe/Kyiv' } });
    const created = await create(ws, { action: 'birthday_greetings', schedule: '0 9 * * *' });
    expect(created.statusCode, created.body).toBe(200);
    const mailing = created.json();
    expect(mailing).toMatchObject({
      started: true,
      result: { action: 'birthday_greetings', active: true, schedule: '0 9 * * *', timeZone: 'Europe/Kyiv' },
    });
    // 09:00 in Kyiv is 07:00 UTC in winter and 06:00 in summer.
    expect(new Date(mailing.result.next_run).getUTCHours()).toBeOneOf([6, 7]);
    const id = mailing.result._id;

    expect((await create(ws, { action: 'birthday_greetings', schedule: '0 10 * * *' })).json()).toMatchObject({
      code: 'mailing_exists',
    });
    for (const schedule of ['* 9 * * *', '*/5 * * * *', '0 25 * * *', 'every day']) {
      const refused = await create(ws, { action: 'weekly_digest', schedule });
      expect(refused.statusCode, schedule).toBe(400);
      expect(refused.json().fields).toEqual({ schedule: 'cron_invalid' });
    }

    const list = await call(h, ws.admin, 'GET', `/api/mailing?workspace=${ws.workspace}`);
    expect(list.json().result.map((m: { _id: string }) => m._id)).toEqual([id]);
    expect((await call(h, ws.employee, 'GET', '/api/mailing')).statusCode).toBe(403);
    const other = await makeWorkspace(h);
    expect((await call(h, other.admin, 'GET', `/api/mailing?workspace=${ws.workspace}`)).statusCode).toBe(403);
    expect((await call(h, other.admin, 'GET', `/api/mailing/${id}`)).statusCode).toBe(404);

    const put = (body: object) => call(h, ws.admin, 'PUT', `/api/mailing/${id}`, body);
    expect((await put({ schedule: '30 8 * * 1' })).json()).toMatchObject({ restarted: true });
    const stopped = (await put({ active: false })).json();
    expect(stopped).toMatchObject({ stopped: true, result: { active: false, next_run: null } });
    expect((await put({ active: true })).json()).toMatchObject({ started: true, result: { active: true } });

    const job = `${ws.workspace}_birthday_greetings`;
    expect((await call(h, ws.admin, 'PUT', `/api/mailing/stopJob/${job}`)).json()).toMatchObject({
      stopped: true,
      result: { next_run: null },
    });
    const restarted = (await call(h, ws.admin, 'PUT', `/api/mailing/restartJob/${job}`)).json();
    expect(restarted).toMatchObject({ restarted: true, result: { active: true } });
    expect(restarted.result.next_run).not.toBeNull();
    expect((await call(h, ws.admin, 'PUT', `/api/mailing/stopJob/${ws.workspace}_lottery`)).statusCode).toBe(404);
    expect((await call(h, other.admin, 'PUT', `/api/mailing/stopJob/${job}`)).statusCode).toBe(403);
    await call(h, ws.admin, 'PUT', `/api/mailing/stopJob/${job}`);
    const started = await call(h, ws.admin, 'PUT', `/api/mailing/startJob/${ws.workspace}`);
    expect(started.json()).toMatchObject({ started: true, result: [{ _id: id, active: true }] });

    expect((await call(h, ws.admin, 'DELETE', `/api/mailing/${id}`)).json()).toEqual({ result: true });
    expect((await call(h, ws.admin, 'GET', `/api/mailing/${id}`)).statusCode).toBe(404);
  });

  it('greets today’s birthdays once per scheduled moment, whatever the number of passes', async () => {
    const ws = await makeWorkspace(h);
    const now = new Date();
    const today = now.toISOString().slice(5, 10);
    const born = await makeUser(h, ws.id, { firstName: 'Bea', lastName: 'Born', birthDate: `1990-${today}` });
    await makeUser(h, ws.id, {
      firstName: 'Ned',
      lastName: 'Notyet',
      birthDate: today === '01-01' ? '1990-06-15' : '1990-01-01',
    });
    const id = (await create(ws, { action: 'birthday_greetings', schedule: '0 9 * * *' })).json().result._id;
    await due(id, now);

    const [a, b] = await Promise.all([runDue(h.platform, log, now), runDue(h.platform, log, now)]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    const mails = await outbox(ws.id);
    expect(mails).toEqual([expect.objectContaining({ to: born.email, subject: 'Happy birthday, Bea Born!' })]);
    const after = (await call(h, ws.admin, 'GET', `/api/mailing/${id}`)).json().result;
    expect(after.last_result).toEqual({ ok: true, count: 1 });
    expect(new Date(after.next_run).getTime()).toBeGreaterThan(now.getTime());
    expect(await runDue(h.platform, log, now)).toBe(0);
    expect(await outbox(ws.id)).toHaveLength(1);
  });

  it('sends a weekly digest of unread notifications and the most liked company posts', async () => {
    const ws = await makeWorkspace(h);
    const sent = await call(h, ws.admin, 'POST', '/api/message', { recipients: [ws.employee.id], text: 'Read me' });
    await delivery.deliver(h.platform, ws.id, sent.json().result._id);
    const post = await call(h, ws.admin, 'POST', '/api/post', { text: 'Our new office opens on Monday' });
    await h.platform.database.query('UPDATE posts SET likes_count = 4 WHERE id = $1', [post.json().result._id]);
    const id = (await create(ws, { action: 'weekly_digest', schedule: '0 9 * * 1' })).json().result._id;
    const now = new Date();
    await due(id, now);
    expect(await runDue(h.platform, log, now)).toBeGreaterThanOrEqual(1);
    const mails = await outbox(ws.id);
    const mine = mails.find((m) => m.to === ws.employee.email)!;
    expect(mine.subject).toBe(`Your week at Company ${ws.workspace}`);
    expect(mine.text).toContain('You have 1 unread notifications.');
    expect(mine.text).toContain('Ada Admin: Our new office opens on Monday (4 likes)');
    expect(mails.find((m) => m.to === ws.admin.email)?.text).toContain('You have read every notification.');
  });

  it('exports the people to the mailing service, refusing plain http and reporting its refusals', async () => {
    const ws = await makeWorkspace(h);
    expect((await call(h, ws.admin, 'POST', '/api/clients/exec_sendsay')).json().code).toBe('export_not_configured');
    const insecure = await create(ws, {
      action: 'people_export',
      schedule: '0 3 * * *',
      target: { url: 'http://mailing.example/import', key: 'k' },
    });
    expect(insecure.json()).toMatchObject({
      code: 'export_url_invalid',
      fields: { 'target.url': 'export_url_invalid' },
    });

    const service = await mailingService();
    try {
      const created = await create(ws, {
        action: 'people_export',
        schedule: '0 3 * * *',
        target: { url: service.url, key: 'secret-key' },
      });
      expect(created.json().result.target).toEqual({ url: service.url, key_set: true });
      expect(created.body).not.toContain('secret-key');
      const exported = await call(h, ws.admin, 'POST', '/api/clients/exec_sendsay');
      expect(exported.json()).toEqual({ result: { exported: 2 } });
      expect(service.received).toHaveLength(1);
      expect(service.received[0].auth).toBe('Bearer secret-key');
      expect(service.received[0].body.workspace).toBe(`Company ${ws.workspace}`);
      expect(service.received[0].body.people.map((p) => p.email).sort()).toEqual(
        [ws.admin.email, ws.employee.email].sort(),
      );
      expect((await call(h, ws.employee, 'POST', '/api/clients/exec_sendsay')).statusCode).toBe(403);
    } finally {
      await service.close();
    }

    const failing = await mailingService(500);
    try {
      const id = (await call(h, ws.admin, 'GET', '/api/mailing')).json().result[0]._id;
      await call(h, ws.admin, 'PUT', `/api/mailing/${id}`, { target: { url: failing.url } });
      const refused = await call(h, ws.admin, 'POST', '/api/clients/exec_sendsay');
      expect(refused.statusCode).toBe(502);
      expect(refused.json().code).toBe('export_failed');
      expect(failing.received[0].auth).toBe('Bearer secret-key');
      const now = new Date();
      await due(id, now);
      await runDue(h.platform, log, now);
      const after = (await call(h, ws.admin, 'GET', `/api/mailing/${id}`)).json().result;
      expect(after.last_result).toEqual({ ok: false, count: 0, error: 'HTTP 500' });
    } finally {
      await failing.close();
    }
  });
});
