import { once } from 'node:events';
import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inSystem } from '../../platform/db/tenant.js';
import { createHarness, type Harness, makeWorkspace } from '../../test/harness.js';
import { clients } from '../clients/tables.js';

/**
 * An upload refused while its body is still arriving (over the quota here; a full disk takes the same path) must
 * not leave a kept-alive connection whose next request is read from the middle of the refused body and hangs.
 * Over a real socket: `app.inject` has no connections.
 */
let h: Harness;
let port: number;
beforeAll(async () => {
  h = await createHarness();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  port = (h.app.server.address() as net.AddressInfo).port;
});
afterAll(() => h.close());

describe('an upload refused mid-stream', () => {
  it('answers, then closes the connection instead of keeping it alive', async () => {
    const ws = await makeWorkspace(h);
    await inSystem(h.platform.database, (tx) =>
      tx.update(clients).set({ storageSize: 1000 }).where(eq(clients.id, ws.id)),
    );
    const boundary = '----hallwayEarlyRefusal';
    const partHead = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    const declared = 8 * 1024 * 1024;
    const socket = net.connect(port, '127.0.0.1');
    await once(socket, 'connect');
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString();
    });
    const closed = new Promise((resolve) => socket.once('close', resolve));
    // Writing to a connection the server already closed fails with EPIPE: that is the point.
    socket.on('error', () => undefined);
    socket.write(
      `POST /api/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\nAuthorization: Bearer ${ws.employee.token}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${declared}\r\n\r\n${partHead}`,
    );
    // Far more than the quota, far less than declared: the server refuses with most of the body unsent.
    socket.write(Buffer.alloc(256 * 1024, 97));
    while (!/\r\n\r\n[\s\S]*\}/.test(received)) await once(socket, 'data');
    expect(received).toMatch(/^HTTP\/1\.1 413/);
    expect(received).toMatch(/\r\nconnection: close\r\n/i);
    expect(received).toContain('"code":"storage_limit"');
    // A next request on this connection would hang; the server closes it instead.
    if (!socket.destroyed) socket.write('GET /api/env HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', () => undefined);
    await closed;
    expect(received.match(/HTTP\/1\.1 /g)).toHaveLength(1);
  });
});
