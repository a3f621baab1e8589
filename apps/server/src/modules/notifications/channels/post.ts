// A POST of a channel's message to a receiver outside (platform/http/outbound.ts checks where it goes).
import { postOutbound } from '../../../platform/http/outbound.js';
import type { Platform } from '../../../platform/index.js';

/** A POST of a channel's message: the reason of a failure is the status or a short network reason, never the body. */
export function post(p: Platform, url: string, body: unknown): Promise<void> {
  return postOutbound(p.config.outboundAllow, url, { body: JSON.stringify(body), timeoutMs: 10_000 });
}
