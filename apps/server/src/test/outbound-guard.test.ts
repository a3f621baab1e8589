// Server-side request forgery through the API: a person's own webhooks, the workspace's webhooks and the mailing
// export never reach an address inside the network, whichever way it is spelled, whether it was typed in (400) or is
// already stored (refused when sending). A listener on 127.0.0.1 stands in for the internal service; this
// installation allows no internal host (no OUTBOUND_ALLOW_HOSTS).
import { once } from 'node:events';
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDelivery } from '../modules/notifications/channels/deliveries.js';
import { delivery } from '../modules/notifications/deliver.js';
import { call, createHarness, type Harness, makeUser, makeWorkspace } from './harness.js';

const received: string[] = [];
let connections = 0;
let server: Server;
let port = 0;
let h: Harness;

beforeAll(async () => {
  server = createServer((req, res) => {
    received.push(req.url ?? '');
    req.resume().on('end', () => res.writeHead(200).end('internal page'));
  });
  server.on('connection', () => {
    connections++;
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
  h = await createHarness();
}, 120_000);
afterAll(async () => {
  await h?.close();
  await new Promise((done) => server?.close(done));
});

/**
 * What reached the listener before a marker the test sends it itself, once everything before has settled: a request
 * Hallway let through would be listed (and its connection counted) ahead of the marker.
 */
async function reachedBeforeMarker() {
  const marker = `/marker-${Date.now()}`;
  // A connection of its own (no keep-alive), so the marker is always one connection.
  const answer = await new Promise<number>((resolve, reject) =>
    get(`http://127.0.0.1:${port}${marker}`, { agent: false }, (res) => resolve(res.resume().statusCode ?? 0)).on(
      'error',
      reject,
    ),
  );
  expect(answer).toBe(200);
  const index = received.indexOf(marker);
  const before = { requests: received.slice(0, index), connections: connections - 1 };
  received.length = 0;
  connections = 0;
  return before;
}

const SPELLINGS = ['127.0.0.1', 'localhost', '[::1]', '2130706433', '0x7f000001', '127.1', '0177.0.0.1', '0.0.0.0'];
const urls = (path: string) =>
  SPELLINGS.flatMap((host) => [`http://${host}:${port}/${path}`, `https://${host}:${port}/${path}`]);

describe('outbound addresses through the API', () => {
  it('refuses internal webhooks and export URLs in every spelling with 400 url_internal', async () => {
    const ws = await makeWorkspace(h);
    for (const url of urls('typed')) {
      const own = await call(h, ws.employee, 'PUT', '/api/user/messengers', { slack_url: url });
      expect(own.statusCode, url).toBe(400);
      expect(own.json().fields, url).toEqual({ slack_url: 'url_internal' });
      const workspace = await call(h, ws.admin, 'PUT', '/api/notification_channels', { teams_url: url });
      expect(workspace.json().fields, url).toEqual({ teams_url: 'url_internal' });
      const exported = await call(h, ws.admin, 'POST', '/api/mailing', {
        workspace: ws.workspace,
        action: 'people_export',
        schedule: '0 3 * * *',
        target: { url, key: 'k' },
      });
      expect(exported.statusCode, url).toBe(400);
      expect(exported.json().fields, url).toEqual({ 'target.url': 'url_internal' });
    }
    expect(await reachedBeforeMarker()).toEqual({ requests: [], connections: 0 });
  });

  it('refuses stored internal webhooks when sending and lists the failure without any answer', {
    timeout: 120_000,
  }, async () => {
    const ws = await makeWorkspace(h);
    const stored = urls('stored');
    // Webhooks stored before these checks (or written by hand): one person each.
    for (const [i, url] of stored.entries()) {
      const person = await makeUser(h, ws.id, { firstName: `Person${i}` });
      await h.platform.database.query(
        `INSERT INTO messenger_links (id, client_id, user_id, slack_url) VALUES (gen_random_uuid(), $1, $2, $3)`,
        [ws.id, person.id, url],
      );
    }
    const defaults = await call(h, ws.admin, 'PUT', '/api/user/notifications', {
      client_id: ws.id,
      notifications: [{ name: 'notifications.message', channel: ['center', 'slack'] }],
    });
    expect(defaults.statusCode, defaults.body).toBe(200);
    const sent = await call(h, ws.admin, 'POST', '/api/notification', { title: 'Quarterly numbers' });
    await delivery.deliver(h.platform, ws.id, sent.json().result._id);
    const { rows } = await h.platform.database.query(
      `SELECT d.id FROM notification_deliveries d JOIN messenger_links l ON l.user_id = d.user_id
       WHERE d.client_id = $1 AND l.slack_url IS NOT NULL`,
      [ws.id],
    );
    expect(rows).toHaveLength(stored.length);
    // Each delivery's last try, as its job would run it.
    for (const row of rows as { id: string }[]) {
      await sendDelivery(h.platform, ws.id, row.id, { id: row.id, retryCount: 0, retryLimit: 0 });
    }
    const failures = await call(h, ws.admin, 'GET', '/api/notification_failures');
    expect(failures.json().total).toBe(stored.length);
    expect(new Set(failures.json().result.map((f: { error: string }) => f.error))).toEqual(
      new Set(['address refused: inside the network']),
    );
    expect(await reachedBeforeMarker()).toEqual({ requests: [], connections: 0 });
  });

  it('refuses a stored internal export URL when exporting: nobody’s data and no key leave', async () => {
    const ws = await makeWorkspace(h);
    const created = await call(h, ws.admin, 'POST', '/api/mailing', {
      workspace: ws.workspace,
      action: 'people_export',
      schedule: '0 3 * * *',
      target: { url: 'https://mailing.example/import', key: 'export-key' },
    });
    expect(created.statusCode, created.body).toBe(200);
    for (const url of urls('import')) {
      await h.platform.database.query(
        `UPDATE mailings SET target = jsonb_set(target, '{url}', to_jsonb($2::text)) WHERE id = $1`,
        [created.json().result._id, url],
      );
      const exported = await call(h, ws.admin, 'POST', '/api/clients/exec_sendsay');
      expect(exported.statusCode, url).toBe(502);
      expect(exported.json(), url).toMatchObject({
        code: 'export_failed',
        params: { reason: 'address refused: inside the network' },
      });
    }
    expect(await reachedBeforeMarker()).toEqual({ requests: [], connections: 0 });
  });
});
