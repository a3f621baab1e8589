// Outbound HTTP (docs/security.md "Outbound URLs"): every request Hallway makes to an address someone typed in —
// Slack and Teams webhooks, the export to a mailing service, Telegram's Bot API — goes through postOutbound. Addresses
// inside the network (loopback, private, link-local, unique-local, multicast, unspecified, carrier-grade NAT,
// reserved, and IPv6 forms of them) are refused: at save time when the URL spells one (checkOutboundUrl), and at
// connect time after DNS, on the address the socket is about to use, so a name that resolves (or later rebinds) to
// one is refused too. Redirects are never followed, and a foreign answer's body is never read: a failure is told by
// its status or a short network reason. OUTBOUND_ALLOW_HOSTS names the internal hosts the operator allows.
import type { LookupAddress, LookupAllOptions, LookupOneOptions } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** The operator's exceptions (OUTBOUND_ALLOW_HOSTS): host names as written in URLs, and addresses or CIDR ranges. */
export interface OutboundAllow {
  names: ReadonlySet<string>;
  ranges: readonly [ipaddr.IPv4 | ipaddr.IPv6, number][];
}

export const NO_EXCEPTIONS: OutboundAllow = { names: new Set(), ranges: [] };

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9_]([a-z0-9_-]{0,62})(\.[a-z0-9_]([a-z0-9_-]{0,62}))*$/;
const bare = (host: string) =>
  host
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');

/** OUTBOUND_ALLOW_HOSTS: a comma-separated list of host names, addresses and CIDR ranges; an Error names a bad one. */
export function parseOutboundAllow(value: string | undefined): OutboundAllow | Error {
  const names = new Set<string>();
  const ranges: [ipaddr.IPv4 | ipaddr.IPv6, number][] = [];
  for (const raw of (value ?? '').split(',')) {
    const entry = bare(raw.trim());
    if (!entry) continue;
    const [address, bits, ...rest] = entry.split('/');
    if (isIP(address)) {
      const ip = ipaddr.process(address);
      const max = ip.kind() === 'ipv4' ? 32 : 128;
      const size = bits === undefined ? max : /^\d+$/.test(bits) ? Number(bits) : Number.NaN;
      if (rest.length || !(size >= 0 && size <= max)) return new Error(`"${raw.trim()}" has a bad prefix length`);
      ranges.push([ip, size]);
    } else if (bits === undefined && HOST_NAME.test(entry)) {
      names.add(entry);
    } else {
      return new Error(`"${raw.trim()}" is not a host name, an address or a CIDR range`);
    }
  }
  return { names, ranges };
}

const inRanges = (ip: ipaddr.IPv4 | ipaddr.IPv6, allow: OutboundAllow) =>
  allow.ranges.some(([net, bits]) => net.kind() === ip.kind() && ip.match(net, bits));

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/** Whether an address may be connected to: a public unicast one, or one the operator allows. */
export function addressAllowed(address: string, allow: OutboundAllow): boolean {
  if (!ipaddr.isValid(address)) return false;
  // IPv4-mapped IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address it is.
  const ip = ipaddr.process(address);
  // Everything with a special purpose (loopback, private, link-local, unique-local, multicast, unspecified, CGNAT,
  // 6to4/Teredo/NAT64 wrappers, documentation, reserved…) is refused: only ordinary unicast is the internet, and for
  // IPv6 only within 2000::/3, the global unicast block (so not the old IPv4-compatible ::a.b.c.d either).
  if (inRanges(ip, allow)) return true;
  return ip.range() === 'unicast' && (ip.kind() === 'ipv4' || ip.match(GLOBAL_UNICAST_V6));
}

/** Whether the operator named this URL host: by name, or as an address within a listed range. */
function operatorsHost(hostname: string, allow: OutboundAllow): boolean {
  const host = bare(hostname);
  return allow.names.has(host) || (isIP(host) > 0 && inRanges(ipaddr.process(host), allow));
}

const REFUSED = 'address refused: inside the network';

export type UrlProblem = 'invalid' | 'internal';

/**
 * The save-time check of a URL someone gives: https (plain http only to a host OUTBOUND_ALLOW_HOSTS names), no
 * credentials, and not spelling an internal address (`127.1`, `2130706433`, `[::1]`… are addresses: URL parsing
 * reads them all) or `localhost`. Names that resolve inside are refused when the request connects (postOutbound).
 */
export function checkOutboundUrl(raw: string, allow: OutboundAllow): { url: URL } | { problem: UrlProblem } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { problem: 'invalid' };
  }
  if (url.username || url.password) return { problem: 'invalid' };
  const named = operatorsHost(url.hostname, allow);
  const host = bare(url.hostname);
  const inside = isIP(host) ? !addressAllowed(host, allow) : host === 'localhost' || host.endsWith('.localhost');
  // An internal address is said first: making it https would not help.
  if (inside && !named) return { problem: 'internal' };
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && named)) return { problem: 'invalid' };
  return { url };
}

/** A refused or failed outbound request; `message` is short and safe to show: never the answer's body. */
export class OutboundError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
/** How a name becomes addresses: `dns.lookup` with `all: true` (tests stand in for DNS with their own). */
export type Resolve = (
  hostname: string,
  options: LookupAllOptions,
  callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

/**
 * The socket's `lookup`: resolves the name and, unless the operator allows the host, refuses it when any of its
 * addresses is internal. It runs for every connection, so the address checked is the address used.
 */
function guardedLookup(allow: OutboundAllow, resolve: Resolve, check: boolean) {
  return (hostname: string, options: LookupOneOptions | LookupAllOptions, callback: LookupCallback) => {
    resolve(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      if (!addresses.length || (check && addresses.some((a) => !addressAllowed(a.address, allow)))) {
        const refused: NodeJS.ErrnoException = new OutboundError(REFUSED);
        refused.code = 'EADDRREFUSED';
        return callback(refused, []);
      }
      if ((options as LookupAllOptions).all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

export interface OutboundPost {
  headers?: Record<string, string>;
  body: string;
  timeoutMs: number;
  resolve?: Resolve;
}

/** What a network failure is called in a reason: its code, without addresses. */
function networkReason(err: NodeJS.ErrnoException): string {
  if (err instanceof OutboundError) return err.message;
  if (err.name === 'AbortError' || err.name === 'TimeoutError') return 'no answer in time';
  return `network error${err.code ? ` (${err.code})` : ''}`;
}

/**
 * POSTs `body` to a URL under the rules above: resolves when the answer is 2xx; otherwise throws OutboundError with
 * `HTTP <status>` (3xx included: redirects are not followed) or a short network reason. The answer's body is not read.
 */
export function postOutbound(allow: OutboundAllow, raw: string, request: OutboundPost): Promise<void> {
  const checked = checkOutboundUrl(raw, allow);
  if ('problem' in checked) {
    return Promise.reject(
      new OutboundError(checked.problem === 'internal' ? REFUSED : 'address refused: not an https URL'),
    );
  }
  const { url } = checked;
  // A host the operator allows may be inside; every other name is checked on the addresses it resolves to (an
  // address spelled in the URL was checked above: the socket connects to it without a lookup).
  const lookup = guardedLookup(allow, request.resolve ?? dnsLookup, !operatorsHost(url.hostname, allow));
  const send = url.protocol === 'https:' ? https.request : http.request;
  return new Promise<void>((resolve, reject) => {
    const req = send(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(request.body)),
          ...request.headers,
        },
        agent: false,
        lookup,
        signal: AbortSignal.timeout(request.timeoutMs),
      },
      (res) => {
        const status = res.statusCode ?? 0;
        // Only the status counts; the body (which may be an internal page's) is dropped unread.
        res.destroy();
        if (status >= 200 && status < 300) resolve();
        else if (status >= 300 && status < 400)
          reject(new OutboundError(`HTTP ${status}: redirects are not followed`, status));
        else reject(new OutboundError(`HTTP ${status}`, status));
      },
    );
    req.on('error', (err) => reject(new OutboundError(networkReason(err))));
    req.end(request.body);
  });
}
