// Outbound requests against a real listener on 127.0.0.1: internal addresses in any spelling, names that resolve
// inside, and redirects never reach it; the operator's OUTBOUND_ALLOW_HOSTS does.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkOutboundUrl,
  type OutboundAllow,
  type OutboundError,
  parseOutboundAllow,
  postOutbound,
  type Resolve,
} from './outbound.js';

const received: { path: string; body: string; auth?: string }[] = [];
/** Connections the listener accepted (an https attempt on it is one too, though it makes no request). */
let connections = 0;
/** Per path: a status to answer with, and where to redirect. */
const answers = new Map<string, { status: number; location?: string }>();
let server: Server;
let port = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const path = req.url ?? '';
      received.push({ path, body, auth: req.headers.authorization });
      const answer = answers.get(path) ?? { status: 200 };
      res.writeHead(answer.status, answer.location ? { location: answer.location } : {});
      res.end(answer.status >= 400 ? 'internal-secret: the intranet admin page' : 'ok');
    });
  });
  server.on('connection', () => {
    connections++;
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

const allowOf = (value: string): OutboundAllow => {
  const allow = parseOutboundAllow(value);
  if (allow instanceof Error) throw allow;
  return allow;
};
const NONE = allowOf('');
const LOCAL = allowOf('127.0.0.1');
const post = (allow: OutboundAllow, url: string, resolve?: Resolve) =>
  postOutbound(allow, url, { body: JSON.stringify({ text: url }), timeoutMs: 30_000, resolve });
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('the request was expected to fail');
    },
    (err: OutboundError) => err.message,
  );
/** A stand-in DNS that answers every name with these addresses. */
const resolvesTo =
  (...addresses: string[]): Resolve =>
  (_host, _options, callback) =>
    callback(
      null,
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );

/**
 * Sends a marker the listener must get (allowed by the operator's setting), then answers what reached the listener
 * before it: every earlier request has settled by then, so one that got through would be counted. Each request has
 * its own connection (no keep-alive), so the connections before the marker are the requests that got through.
 */
async function reachedBeforeMarker() {
  const marker = `/marker-${received.length}`;
  await post(LOCAL, `http://127.0.0.1:${port}${marker}`);
  const index = received.findIndex((r) => r.path === marker);
  expect(index).toBeGreaterThanOrEqual(0);
  const requests = received.slice(0, index).map((r) => r.path);
  const before = { requests, connections: connections - 1 };
  received.length = 0;
  connections = 0;
  return before;
}

const SPELLINGS = [
  '127.0.0.1',
  'localhost',
  '[::1]',
  '2130706433',
  '0x7f000001',
  '127.1',
  '0177.0.0.1',
  '0.0.0.0',
  '[::ffff:127.0.0.1]',
  '[::]',
];

describe('outbound requests', () => {
  it('refuses every spelling of this machine, at save time and when sending, and the listener gets nothing', async () => {
    for (const host of SPELLINGS) {
      for (const scheme of ['https', 'http']) {
        const url = `${scheme}://${host}:${port}/spelled-${host}`;
        expect(checkOutboundUrl(url, NONE), url).toEqual({ problem: 'internal' });
        expect(await failure(post(NONE, url)), url).toBe('address refused: inside the network');
      }
    }
    for (const url of [
      'http://10.0.0.1/x',
      'https://169.254.169.254/latest',
      'https://[fd00::1]/',
      'https://[fe80::1]/',
    ]) {
      expect(checkOutboundUrl(url, NONE), url).toEqual({ problem: 'internal' });
    }
    expect(await reachedBeforeMarker()).toEqual({ requests: [], connections: 0 });
  });

  it('refuses a name when it resolves inside, checked on the addresses the connection would use', async () => {
    const internal = [
      ['127.0.0.1'],
      ['::1'],
      ['::ffff:127.0.0.1'],
      ['10.1.2.3'],
      ['192.168.0.10'],
      ['169.254.169.254'],
      ['100.64.0.1'],
      ['fd00::5'],
      ['fe80::1'],
      ['224.0.0.1'],
      ['0.0.0.0'],
      // One internal address among public ones is enough: the connection may pick any.
      ['93.184.216.34', '127.0.0.1'],
    ];
    for (const addresses of internal) {
      const url = `https://rebinding.example:${port}/resolved-${addresses.join('+')}`;
      // The saved URL names a host, which passes; connecting is what is refused.
      expect('url' in checkOutboundUrl(url, NONE)).toBe(true);
      const message = await failure(post(NONE, url, resolvesTo(...addresses)));
      expect(message, addresses.join()).toBe('address refused: inside the network');
    }
    expect(await reachedBeforeMarker()).toEqual({ requests: [], connections: 0 });
  });

  it('does not follow redirects, to another address or to file:, and tells a failure by its status only', async () => {
    answers.set('/moved', { status: 302, location: `http://127.0.0.1:${port}/redirected-target` });
    answers.set('/moved-file', { status: 307, location: 'file:///etc/passwd' });
    answers.set('/down', { status: 500 });
    expect(await failure(post(LOCAL, `http://127.0.0.1:${port}/moved`))).toBe('HTTP 302: redirects are not followed');
    expect(await failure(post(LOCAL, `http://127.0.0.1:${port}/moved-file`))).toBe(
      'HTTP 307: redirects are not followed',
    );
    // The answer's body (here an internal page's text) is never part of the reason.
    expect(await failure(post(LOCAL, `http://127.0.0.1:${port}/down`))).toBe('HTTP 500');
    expect(await reachedBeforeMarker()).toEqual({ requests: ['/moved', '/moved-file', '/down'], connections: 3 });
  });

  it('reaches the hosts the operator names, by name, address or range, and over plain http only there', async () => {
    await post(LOCAL, `http://2130706433:${port}/by-address`);
    await post(allowOf('127.0.0.0/8'), `http://127.1:${port}/by-range`);
    await post(
      allowOf('hooks.internal.example'),
      `http://hooks.internal.example:${port}/by-name`,
      resolvesTo('127.0.0.1'),
    );
    await postOutbound(allowOf('[::ffff:127.0.0.1]'), `http://127.0.0.1:${port}/with-key`, {
      headers: { authorization: 'Bearer k' },
      body: '{}',
      timeoutMs: 30_000,
    });
    expect(received.find((r) => r.path === '/with-key')?.auth).toBe('Bearer k');
    expect(await reachedBeforeMarker()).toEqual({
      requests: ['/by-address', '/by-range', '/by-name', '/with-key'],
      connections: 4,
    });
    // Naming one host allows neither another name resolving inside nor plain http to the internet.
    expect(
      await failure(post(allowOf('hooks.internal.example'), `https://other.example:${port}/`, resolvesTo('127.0.0.1'))),
    ).toBe('address refused: inside the network');
    expect(checkOutboundUrl('http://hooks.slack.example/x', LOCAL)).toEqual({ problem: 'invalid' });
    expect(checkOutboundUrl('https://user:pw@hooks.slack.example/x', NONE)).toEqual({ problem: 'invalid' });
    expect(checkOutboundUrl('file:///etc/passwd', NONE)).toEqual({ problem: 'invalid' });
    expect('url' in checkOutboundUrl('https://hooks.slack.com/services/T/B/x', NONE)).toBe(true);
  });

  it('reads OUTBOUND_ALLOW_HOSTS as names, addresses and CIDR ranges and refuses anything else', () => {
    const allow = allowOf(' Hooks.Corp.Example. , 10.0.0.0/8,[fd00::1], 192.168.1.7 ');
    expect([...allow.names]).toEqual(['hooks.corp.example']);
    expect(allow.ranges.map(([ip, bits]) => `${ip.toString()}/${bits}`)).toEqual([
      '10.0.0.0/8',
      'fd00::1/128',
      '192.168.1.7/32',
    ]);
    for (const bad of ['10.0.0.0/33', 'http://x.example', 'a b', '10.0.0.1/x', 'host.example/8']) {
      expect(parseOutboundAllow(bad), bad).toBeInstanceOf(Error);
    }
  });
});
