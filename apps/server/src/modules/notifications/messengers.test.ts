// Messenger channels against a real HTTP server on 127.0.0.1 that stands in for Slack, Teams and Telegram's Bot API.
import { EventEmitter, once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createHarness, type Harness, makeUser, makeWorkspace, type TestWorkspace } from '../../test/harness.js';
import { channelEvents, queueDelivery, sendDelivery, sweepDeliveries } from './channels/deliveries.js';
import { delivery } from './deliver.js';

interface Received {
  method: string;
  path: string;
  body: Record<string, unknown>;
}

/** What the stand-in received, and what it answers per path (200 unless told). */
const received: Received[] = [];
const answers = new Map<string, number>();
const redirects = new Map<string, string>();
const arrivals = new EventEmitter();
let server: Server;
let base = '';
let h: Harness;

const TOKEN = '123456:test-bot-token_abcd';

beforeAll(async () => {
  server = createServer((req, res) => {
    let data = '';
    req.on('data', (chunk) => {
      data += chunk;
    });
    req.on('end', () => {
      const path = req.url ?? '';
      const hit = { method: req.method ?? '', path, body: data ? JSON.parse(data) : {} };
      received.push(hit);
      const status = answers.get(path) ?? 200;
      const location = redirects.get(path);
      res.writeHead(status, { 'content-type': 'application/json', ...(location ? { location } : {}) });
      res.end(status === 200 ? '{"ok":true}' : '{"ok":false,"description":"stand-in is down"}');
      arrivals.emit('request', hit);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  h = await createHarness({
    JOBS: '1',
    TELEGRAM_API_URL: base,
    // The stand-in listens on this machine, which the operator's setting lets outbound requests reach.
    OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
    NOTIFY_RETRY_LIMIT: '2',
    NOTIFY_RETRY_DELAY: '1',
  });
}, 120_000);
afterAll(async () => {
  await h?.close();
  server?.close();
});

const hits = (path: string) => received.filter((r) => r.path === path);

/** Resolves once `count` requests reached `path` (listening first, then looking at what already came). */
async function requestsTo(path: string, count: number) {
  while (hits(path).length < count) await once(arrivals, 'request');
  return hits(path);
}

/** Resolves once every messenger delivery of the event ended (sent, skipped or failed): waits for the jobs' events. */
async function settled(eventId: string, count: number) {
  for (;;) {
    const next = once(channelEvents, 'done');
    const { rows } = await h.platform.database.query(
      `SELECT d.id, d.channel, d.status, d.attempts, d.error FROM notification_deliveries d
       JOIN notifications n ON n.id = d.notification_id WHERE n.event_id = $1 ORDER BY d.channel`,
      [eventId],
    );
    const list = rows as { id: string; channel: string; status: string; attempts: number; error: string | null }[];
    if (list.length >= count && list.every((r) => r.status !== 'pending')) return list;
    await next;
  }
}

async function message(ws: TestWorkspace, text: string) {
  const res = await call(h, ws.admin, 'POST', '/api/message', { recipients: [ws.employee.id], text });
  expect(res.statusCode, res.body).toBe(200);
  const eventId = res.json().result._id as string;
  await delivery.deliver(h.platform, ws.id, eventId);
  return eventId;
}

async function channelsOfEmployee(ws: TestWorkspace, channel: string[]) {
  const res = await call(h, ws.employee, 'PUT', '/api/user/notifications', {
    notifications: [{ name: 'notifications.message', channel }],
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('messenger settings', () => {
  it('keeps the workspace’s channels for administrators, showing only whether each secret is set and its end', async () => {
    const ws = await makeWorkspace(h);
    const save = await call(h, ws.admin, 'PUT', '/api/notification_channels', {
      telegram_token: TOKEN,
      slack_url: `${base}/slack/workspace-hook`,
      teams_url: `${base}/teams/workspace-hook`,
    });
    expect(save.statusCode, save.body).toBe(200);
    const shown = (await call(h, ws.admin, 'GET', `/api/notification_channels/${ws.id}`)).json().result;
    expect(shown.telegram_token).toEqual({ set: true, last4: 'abcd' });
    expect(shown.slack_url).toEqual({ set: true, last4: 'hook' });
    expect(shown.teams_url).toEqual({ set: true, last4: 'hook' });
    expect(JSON.stringify(shown)).not.toContain('workspace-hook');
    expect(JSON.stringify(shown)).not.toContain('test-bot-token');
    const secret = String(shown.telegram_webhook).split('/api/telegram/webhook/')[1];
    expect(secret.length).toBeGreaterThan(20);
    // Telegram is told where to send the bot's updates.
    const [setWebhook] = await requestsTo(`/bot${TOKEN}/setWebhook`, 1);
    expect(setWebhook.body).toMatchObject({ url: `http://hallway.test/api/telegram/webhook/${secret}` });
    // Left-out fields keep their value; '' clears one.
    await call(h, ws.admin, 'PUT', '/api/notification_channels', { teams_url: '' });
    const after = (await call(h, ws.admin, 'GET', `/api/notification_channels/${ws.id}`)).json().result;
    expect(after.teams_url).toEqual({ set: false, last4: null });
    expect(after.slack_url.set).toBe(true);
    expect(after.telegram_token.set).toBe(true);
  });

  it('refuses webhooks that are not https (400 with the field), employees (403) and another person’s links (403)', async () => {
    const ws = await makeWorkspace(h);
    for (const [field, url] of [
      ['slack_url', 'http://hooks.slack.example/x'],
      ['teams_url', 'ftp://teams.example/x'],
      ['slack_url', 'not a url'],
      ['teams_url', 'https://user:pass@teams.example/x'],
    ]) {
      const res = await call(h, ws.admin, 'PUT', '/api/notification_channels', { [field]: url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().fields).toEqual({ [field]: 'webhook_url_invalid' });
    }
    const own = await call(h, ws.employee, 'PUT', '/api/user/messengers', { teams_url: 'http://10.0.0.1/hook' });
    expect(own.statusCode).toBe(400);
    expect(own.json().fields).toEqual({ teams_url: 'url_internal' });
    const token = await call(h, ws.admin, 'PUT', '/api/notification_channels', { telegram_token: 'nope' });
    expect(token.statusCode).toBe(400);
    expect(token.json().fields).toEqual({ telegram_token: 'telegram_token_invalid' });
    expect((await call(h, ws.employee, 'GET', `/api/notification_channels/${ws.id}`)).statusCode).toBe(403);
    const stranger = await makeWorkspace(h);
    expect((await call(h, stranger.admin, 'GET', `/api/notification_channels/${ws.id}`)).statusCode).toBe(403);
    expect(
      (await call(h, ws.employee, 'PUT', '/api/notification_channels', { slack_url: 'https://x.example/h' }))
        .statusCode,
    ).toBe(403);
    expect((await call(h, ws.employee, 'GET', '/api/notification_failures')).statusCode).toBe(403);
    expect((await call(h, ws.employee, 'GET', `/api/user/messengers/${ws.admin.id}`)).statusCode).toBe(403);
    expect((await call(h, ws.admin, 'GET', `/api/user/messengers/${ws.employee.id}`)).statusCode).toBe(403);
    const foreign = await call(h, ws.admin, 'PUT', '/api/user/messengers', {
      user_id: ws.employee.id,
      slack_url: 'https://x.example/h',
    });
    expect(foreign.statusCode).toBe(403);
    const mine = await call(h, ws.employee, 'PUT', '/api/user/messengers', { slack_url: 'https://x.example/mine' });
    expect(mine.json().result).toMatchObject({ slack_url: { set: true, last4: 'mine' }, telegram_available: false });
    // Without a bot there is nothing to link.
    expect((await call(h, ws.employee, 'POST', '/api/user/messengers/telegram_code')).statusCode).toBe(409);
  });
});

describe('messenger deliveries', () => {
  it('links a Telegram chat with a one-time code and sends Telegram, Teams and Slack what the entry says', {
    timeout: 60_000,
  }, async () => {
    const ws = await makeWorkspace(h);
    await call(h, ws.admin, 'PUT', '/api/notification_channels', {
      telegram_token: TOKEN,
      teams_url: `${base}/teams/${ws.id}`,
      slack_url: `${base}/slack/workspace-${ws.id}`,
    });
    const settings = (await call(h, ws.admin, 'GET', `/api/notification_channels/${ws.id}`)).json().result;
    const secret = String(settings.telegram_webhook).split('/api/telegram/webhook/')[1];
    // The person's own Slack webhook comes before the workspace's.
    await call(h, ws.employee, 'PUT', '/api/user/messengers', { slack_url: `${base}/slack/own-${ws.id}` });
    const code = (await call(h, ws.employee, 'POST', '/api/user/messengers/telegram_code')).json().result.code;
    expect(code).toMatch(/^\d{8}$/);
    const update = (text: string, path = secret) =>
      call(h, null, 'POST', `/api/telegram/webhook/${path}`, { update_id: 1, message: { text, chat: { id: 4242 } } });
    expect((await update(`/start ${code}`, 'x'.repeat(32))).statusCode).toBe(404);
    expect((await update('/start 00000000')).json()).toEqual({ ok: true, linked: false });
    expect((await update(`/start ${code}`)).json()).toEqual({ ok: true, linked: true });
    // The code is used up.
    expect((await update(`/start ${code}`)).json()).toEqual({ ok: true, linked: false });
    const mine = (await call(h, ws.employee, 'GET', `/api/user/messengers/${ws.employee.id}`)).json().result;
    expect(mine).toMatchObject({ telegram_linked: true, telegram_available: true });

    await channelsOfEmployee(ws, ['center', 'telegram', 'teams', 'slack']);
    const eventId = await message(ws, 'Lunch at <b>noon</b> & *cake*');
    const done = await settled(eventId, 3);
    expect(done.map((d) => [d.channel, d.status])).toEqual([
      ['slack', 'sent'],
      ['teams', 'sent'],
      ['telegram', 'sent'],
    ]);
    const [slack] = hits(`/slack/own-${ws.id}`);
    expect(hits(`/slack/workspace-${ws.id}`)).toEqual([]);
    expect(slack.body.text).toContain('Lunch at &lt;b&gt;noon&lt;/b&gt; &amp; *cake*');
    expect(slack.body.text).toContain('<http://hallway.test/user/');
    const [teams] = hits(`/teams/${ws.id}`);
    // An Adaptive Card 1.4 in the incoming-webhook envelope: the title, the text, an "Open" button to the entry.
    expect(teams.body).toEqual({
      type: 'message',
      attachments: [
        {
          contentType: 'application/vnd.microsoft.card.adaptive',
          contentUrl: null,
          content: {
            $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
            type: 'AdaptiveCard',
            version: '1.4',
            fallbackText: `Ada Admin\nLunch at <b>noon</b> & *cake*\nhttp://hallway.test/user/${ws.admin.id}`,
            body: [
              { type: 'TextBlock', text: 'Ada Admin', weight: 'Bolder', size: 'Medium', wrap: true },
              { type: 'TextBlock', text: 'Lunch at &lt;b\\>noon&lt;/b\\> & \\*cake\\*', wrap: true },
            ],
            actions: [{ type: 'Action.OpenUrl', title: 'Open', url: `http://hallway.test/user/${ws.admin.id}` }],
          },
        },
      ],
    });
    const telegram = hits(`/bot${TOKEN}/sendMessage`).filter((r) => String(r.body.text).includes('Lunch'));
    expect(telegram).toHaveLength(1);
    expect(telegram[0].body).toMatchObject({ chat_id: '4242' });
    expect(telegram[0].body.text).toBe(
      `Ada Admin\n\nLunch at <b>noon</b> & *cake*\n\nhttp://hallway.test/user/${ws.admin.id}`,
    );

    // The person can unlink the chat again.
    const unlinked = await call(h, ws.employee, 'DELETE', '/api/user/messengers/telegram');
    expect(unlinked.json().result.telegram_linked).toBe(false);

    // Our side never sends a delivery twice: its job runs again (a crash after the send) or is queued again.
    const slackDelivery = done.find((d) => d.channel === 'slack')!;
    await sendDelivery(h.platform, ws.id, slackDelivery.id, { id: 'x', retryCount: 0, retryLimit: 2 });
    expect(await queueDelivery(h.platform, ws.id, slackDelivery.id)).toBeNull();
    expect(hits(`/slack/own-${ws.id}`)).toHaveLength(1);
  });

  it('throttles link-code guesses per chat and per workspace bot: past the limit even the right code is refused', {
    timeout: 60_000,
  }, async () => {
    const ws = await makeWorkspace(h);
    await call(h, ws.admin, 'PUT', '/api/notification_channels', { telegram_token: TOKEN });
    const settings = (await call(h, ws.admin, 'GET', `/api/notification_channels/${ws.id}`)).json().result;
    const secret = String(settings.telegram_webhook).split('/api/telegram/webhook/')[1];
    const codeOf = async (who: { token: string }) =>
      (await call(h, who, 'POST', '/api/user/messengers/telegram_code')).json().result.code as string;
    const start = async (code: string, chat: number) => {
      const res = await call(h, null, 'POST', `/api/telegram/webhook/${secret}`, {
        update_id: chat,
        message: { text: `/start ${code}`, chat: { id: chat } },
      });
      // Telegram always gets 200: anything else makes it send the update again.
      expect(res.statusCode).toBe(200);
      return res.json().linked as boolean;
    };
    // The bot's answer in the chat is sent before the update is answered.
    const told = (chat: number) =>
      hits(`/bot${TOKEN}/sendMessage`)
        .filter((r) => r.body.chat_id === chat)
        .map((r) => String(r.body.text));
    const wrong = (i: number) => String(10_000_000 + i);
    const code = await codeOf(ws.employee);

    // One chat: five guesses a minute, then even the right code is not looked at.
    const chat = 70_000;
    for (let i = 0; i < 5; i++) expect(await start(wrong(i), chat)).toBe(false);
    expect(told(chat).at(-1)).toBe('Hallway: this code is unknown or expired.');
    expect(await start(code, chat)).toBe(false);
    expect(told(chat).at(-1)).toBe('Hallway: too many attempts. Try again in a few minutes.');
    // Another chat is not held back by it.
    expect(await start(code, chat + 1)).toBe(true);

    // The workspace's bot: thirty guesses a minute from all chats together (six so far).
    for (let i = 0; i < 24; i++) expect(await start(wrong(100 + i), chat + 10 + i)).toBe(false);
    const adminCode = await codeOf(ws.admin);
    expect(await start(adminCode, chat + 100)).toBe(false);
    const linked = (await call(h, ws.admin, 'GET', `/api/user/messengers/${ws.admin.id}`)).json().result;
    expect(linked.telegram_linked).toBe(false);
  });

  it('sends a notice to everyone once per person through the workspace defaults, however often its fan-out runs', {
    timeout: 60_000,
  }, async () => {
    const ws = await makeWorkspace(h);
    for (let i = 0; i < 5; i++) await makeUser(h, ws.id, { firstName: `Colleague${i}` });
    const path = `/slack/everyone-${ws.id}`;
    await call(h, ws.admin, 'PUT', '/api/notification_channels', { slack_url: `${base}${path}` });
    const defaults = await call(h, ws.admin, 'PUT', '/api/user/notifications', {
      client_id: ws.id,
      notifications: [{ name: 'notifications.message', channel: ['center', 'slack'] }],
    });
    expect(defaults.statusCode, defaults.body).toBe(200);
    const res = await call(h, ws.admin, 'POST', '/api/notification', { title: 'Fire drill' });
    const eventId = res.json().result._id as string;
    // The fan-out run twice (its job after a crash): the second finds the event done.
    await delivery.deliver(h.platform, ws.id, eventId);
    await delivery.deliver(h.platform, ws.id, eventId);
    const done = await settled(eventId, 6);
    expect(done).toHaveLength(6);
    expect(done.every((d) => d.status === 'sent')).toBe(true);
    // A sweep finds nothing pending and queues nothing.
    await sweepDeliveries(h.platform);
    expect(hits(path)).toHaveLength(6);
    expect(new Set(hits(path).map((r) => r.body.text)).size).toBe(1);
  });

  it('sends again at once a pending delivery whose job ended or vanished, and never one whose job is still live', {
    timeout: 60_000,
  }, async () => {
    const ws = await makeWorkspace(h);
    const path = `/slack/sweep-${ws.id}`;
    await call(h, ws.admin, 'PUT', '/api/notification_channels', { slack_url: `${base}${path}` });
    await channelsOfEmployee(ws, ['center', 'slack']);
    const eventId = await message(ws, 'Fire drill at three');
    const [first] = await settled(eventId, 1);
    expect(first.status).toBe('sent');
    expect(hits(path)).toHaveLength(1);
    const db = h.platform.database;
    /** The delivery as a crash would leave it: pending, a few minutes old, no lease. */
    const leftPending = () =>
      db.query(
        `UPDATE notification_deliveries SET status = 'pending', locked_until = NULL,
           created = now() - interval '5 minutes' WHERE id = $1`,
        [first.id],
      );
    const jobsOf = async () =>
      (
        await db.query(`SELECT id, state FROM pgboss.job WHERE name = 'notify.channel' AND data->>'deliveryId' = $1`, [
          first.id,
        ])
      ).rows as { id: string; state: string }[];

    // Its job (id = the delivery's) ended without the outcome being recorded: the sweep queues a new one. (The state
    // is written here because pg-boss may still be recording the completion of the send above.)
    expect((await jobsOf()).map((j) => j.id)).toEqual([first.id]);
    await db.query(`UPDATE pgboss.job SET state = 'completed' WHERE name = 'notify.channel' AND id = $1`, [first.id]);
    await leftPending();
    await sweepDeliveries(h.platform);
    expect((await settled(eventId, 1))[0].status).toBe('sent');
    expect(hits(path)).toHaveLength(2);

    // Its jobs vanished altogether (never queued): queued again too.
    const dropJobs = () =>
      db.query(`DELETE FROM pgboss.job WHERE name = 'notify.channel' AND data->>'deliveryId' = $1`, [first.id]);
    await dropJobs();
    await leftPending();
    await sweepDeliveries(h.platform);
    expect((await settled(eventId, 1))[0].status).toBe('sent');
    expect(hits(path)).toHaveLength(3);

    // A live job (here the only one, waiting an hour, as a retry waits for its backoff): the sweep queues nothing.
    await dropJobs();
    await leftPending();
    const waiting = await h.platform.jobs.send(
      'notify.channel',
      { clientId: ws.id, deliveryId: first.id },
      { startAfter: 3600 },
    );
    await sweepDeliveries(h.platform);
    await sweepDeliveries(h.platform);
    const live = (await jobsOf()).filter((j) => !['completed', 'failed', 'cancelled'].includes(j.state));
    expect(live.map((j) => j.id)).toEqual([waiting]);
    expect(hits(path)).toHaveLength(3);
    await db.query(`UPDATE notification_deliveries SET status = 'sent' WHERE id = $1`, [first.id]);
  });

  it('sends again, at the first sweep after its lease ended, a delivery whose try died with its process', {
    timeout: 60_000,
  }, async () => {
    const ws = await makeWorkspace(h);
    const path = `/slack/lost-${ws.id}`;
    await call(h, ws.admin, 'PUT', '/api/notification_channels', { slack_url: `${base}${path}` });
    await channelsOfEmployee(ws, ['center', 'slack']);
    const eventId = await message(ws, 'Lunch is served');
    const [first] = await settled(eventId, 1);
    expect(hits(path)).toHaveLength(1);
    const db = h.platform.database;
    const jobsOf = async () =>
      (
        await db.query(`SELECT id, state FROM pgboss.job WHERE name = 'notify.channel' AND data->>'deliveryId' = $1`, [
          first.id,
        ])
      ).rows as { id: string; state: string }[];
    // pg-boss records the job's completion after the send: it must not overwrite the state written below.
    while ((await jobsOf())[0]?.state !== 'completed') await new Promise((r) => setTimeout(r, 50));
    // A process killed in the middle of the try: the delivery pending under the lease its try took, and the try's job
    // still `active` for pg-boss, which would only expire it after its 15 minutes.
    const killedMidTry = async (leaseEnds: string) => {
      await db.query(
        `UPDATE notification_deliveries SET status = 'pending', locked_until = now() + $2::interval,
           created = now() - interval '5 minutes' WHERE id = $1`,
        [first.id, leaseEnds],
      );
      await db.query(
        `UPDATE pgboss.job SET state = 'active', started_on = now() - interval '3 minutes', completed_on = NULL
         WHERE name = 'notify.channel' AND id = $1`,
        [first.id],
      );
    };

    // While the lease lasts, the try may still be alive: nothing is queued.
    await killedMidTry('1 minute');
    await sweepDeliveries(h.platform);
    expect((await jobsOf()).map((j) => j.state)).toEqual(['active']);

    // Once it ended, the try is lost: a new job sends it, once.
    await killedMidTry('-1 second');
    await sweepDeliveries(h.platform);
    expect(await jobsOf()).toHaveLength(2);
    expect((await settled(eventId, 1))[0].status).toBe('sent');
    expect(hits(path)).toHaveLength(2);

    // A new job already waiting to run is enough: the next sweep queues no other.
    await killedMidTry('-1 second');
    const waiting = await h.platform.jobs.send(
      'notify.channel',
      { clientId: ws.id, deliveryId: first.id },
      { startAfter: 3600 },
    );
    await sweepDeliveries(h.platform);
    const queued = (await jobsOf()).filter((j) => ['created', 'retry'].includes(j.state));
    expect(queued.map((j) => j.id)).toEqual([waiting]);
    expect(hits(path)).toHaveLength(2);
    await db.query(`UPDATE notification_deliveries SET status = 'sent', locked_until = NULL WHERE id = $1`, [first.id]);
  });

  it('skips a channel without an address for the person', { timeout: 60_000 }, async () => {
    const ws = await makeWorkspace(h);
    await channelsOfEmployee(ws, ['center', 'telegram', 'slack']);
    const eventId = await message(ws, 'Nobody to tell');
    const done = await settled(eventId, 2);
    expect(done.map((d) => [d.channel, d.status])).toEqual([
      ['slack', 'skipped'],
      ['telegram', 'skipped'],
    ]);
  });

  it('retries a channel that is down with backoff, then lists the failure with its reason; the entry stays; a retry sends it', {
    timeout: 90_000,
  }, async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    const path = `/slack/down-${ws.id}`;
    answers.set(path, 500);
    await call(h, ws.admin, 'PUT', '/api/notification_channels', { slack_url: `${base}${path}` });
    await channelsOfEmployee(ws, ['center', 'slack']);
    const eventId = await message(ws, 'Server room is flooding');
    const [failed] = await settled(eventId, 1);
    // One try and the two retries of NOTIFY_RETRY_LIMIT.
    expect(hits(path)).toHaveLength(3);
    expect(failed).toMatchObject({ channel: 'slack', status: 'failed', attempts: 3 });
    // The status alone: the receiver's answer is never kept or shown.
    expect(failed.error).toBe('HTTP 500');

    // The centre entry is there whatever the channel did.
    const centre = await call(h, ws.employee, 'GET', `/api/notification/${ws.id}/all/${ws.employee.id}/now`);
    expect(centre.json().result.map((n: { text: string }) => n.text)).toEqual(['Server room is flooding']);

    const list = await call(h, ws.admin, 'GET', '/api/notification_failures');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().total).toBe(1);
    expect(list.json().result[0]).toMatchObject({
      _id: failed.id,
      channel: 'slack',
      user: { _id: ws.employee.id, name: 'Eve Employee' },
      notification: { code: 'notifications.message' },
      attempts: 3,
    });
    expect(list.json().result[0].error).toBe('HTTP 500');
    expect(list.body).not.toContain('stand-in is down');
    expect((await call(h, ws.admin, 'GET', '/api/notification_failures?page=1')).json()).toEqual({
      total: 1,
      result: [],
    });
    // Another workspace sees none of it and cannot retry it.
    expect((await call(h, other.admin, 'GET', '/api/notification_failures')).json()).toEqual({ total: 0, result: [] });
    expect((await call(h, other.admin, 'POST', `/api/notification_failures/${failed.id}/retry`)).statusCode).toBe(404);

    // Back up: the administrator's retry sends it.
    answers.delete(path);
    const retry = await call(h, ws.admin, 'POST', `/api/notification_failures/${failed.id}/retry`);
    expect(retry.json().result).toEqual({ _id: failed.id, status: 'pending' });
    const [sent] = await settled(eventId, 1);
    expect(sent.status).toBe('sent');
    expect(hits(path)).toHaveLength(4);
    expect((await call(h, ws.admin, 'GET', '/api/notification_failures')).json().total).toBe(0);
    expect((await call(h, ws.admin, 'POST', `/api/notification_failures/${failed.id}/retry`)).statusCode).toBe(404);
  });

  it('does not follow a webhook’s redirect: the delivery fails with the status and the other address gets nothing', {
    timeout: 60_000,
  }, async () => {
    const ws = await makeWorkspace(h);
    const path = `/slack/moved-${ws.id}`;
    const elsewhere = `/slack/elsewhere-${ws.id}`;
    answers.set(path, 307);
    redirects.set(path, `${base}${elsewhere}`);
    await call(h, ws.employee, 'PUT', '/api/user/messengers', { slack_url: `${base}${path}` });
    await channelsOfEmployee(ws, ['center', 'slack']);
    const eventId = await message(ws, 'Moved webhook');
    const [failed] = await settled(eventId, 1);
    expect(failed).toMatchObject({ status: 'failed', error: 'HTTP 307: redirects are not followed' });
    expect(hits(path)).toHaveLength(3);
    // Every try has settled, so a followed redirect would have arrived by now.
    expect(hits(elsewhere)).toEqual([]);
  });
});
