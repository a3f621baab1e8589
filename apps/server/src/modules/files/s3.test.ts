import { once } from 'node:events';
import http from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inSystem } from '../../platform/db/tenant.js';
import { files } from '../../platform/files/tables.js';
import { call, createHarness, type Harness, makeWorkspace, type TestUser } from '../../test/harness.js';

/**
 * The S3 driver against S3's wire protocol: a small HTTP peer answering S3's XML errors, and an endpoint where
 * nothing listens. Uploads must answer 502 with the reason the web maps, and store nothing.
 */
const PORT = 4150;
const BUCKET = 'hallway-test-bucket';
const s3Env = (endpoint: string) => ({
  S3_ENDPOINT: endpoint,
  S3_BUCKET: BUCKET,
  S3_ACCESS_KEY: 'AKIDEXAMPLE',
  S3_SECRET_KEY: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
});

/** What the peer answers to every request: an S3 error code and its HTTP status. */
let answer = { status: 404, code: 'NoSuchBucket' };
const requests: string[] = [];
const peer = http.createServer((req, res) => {
  requests.push(`${req.method} ${req.url}`);
  req.resume();
  req.on('end', () => {
    res.writeHead(answer.status, { 'content-type': 'application/xml', 'x-amz-request-id': 'test' });
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${answer.code}</Code><Message>refused by the test peer</Message>` +
        `<BucketName>${BUCKET}</BucketName><RequestId>test</RequestId></Error>`,
    );
  });
});

let h: Harness;
let refused: Harness;
beforeAll(async () => {
  peer.listen(PORT, '127.0.0.1');
  await once(peer, 'listening');
  [h, refused] = await Promise.all([
    createHarness(s3Env(`http://127.0.0.1:${PORT}`)),
    createHarness(s3Env('http://127.0.0.1:1')),
  ]);
});
afterAll(async () => {
  await Promise.all([h?.close(), refused?.close()]);
  peer.close();
});

function upload(harness: Harness, who: TestUser) {
  const boundary = '----hallwayS3test';
  const payload =
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="report.txt"\r\n` +
    `Content-Type: text/plain\r\n\r\nquarterly numbers\r\n--${boundary}--\r\n`;
  return harness.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { authorization: `Bearer ${who.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

const rowsOf = (harness: Harness, clientId: string) =>
  inSystem(harness.platform.database, (tx) => tx.select().from(files).where(eq(files.clientId, clientId)));

describe('S3 upload failures', () => {
  it('names a missing bucket', async () => {
    const ws = await makeWorkspace(h);
    answer = { status: 404, code: 'NoSuchBucket' };
    requests.length = 0;
    const res = await upload(h, ws.employee);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      message: 'Uploading error',
      code: 'upload_error',
      reason: 'NoSuchBucket',
      params: { bucket: BUCKET },
    });
    // the driver really spoke S3 to the peer: a path-style PUT of a server-generated key
    expect(requests[0]).toMatch(new RegExp(`^PUT /${BUCKET}/${ws.id}/\\d{4}/\\d{2}/[0-9a-f-]{36}`));
    expect(await rowsOf(h, ws.id)).toHaveLength(0);
  });

  it.each(['AccessDenied', 'InvalidAccessKeyId', 'AccountProblem'])('reports %s as accountDisabled', async (code) => {
    const ws = await makeWorkspace(h);
    answer = { status: 403, code };
    const res = await upload(h, ws.employee);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: 'upload_error', reason: 'accountDisabled' });
    expect(await rowsOf(h, ws.id)).toHaveLength(0);
  });

  it('reports a refused connection as ECONNREFUSED', async () => {
    const ws = await makeWorkspace(refused);
    const res = await upload(refused, ws.employee);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ message: 'Uploading error', code: 'upload_error', reason: 'ECONNREFUSED' });
    expect(await rowsOf(refused, ws.id)).toHaveLength(0);
  });
});

describe('S3 downloads', () => {
  it('answers file_not_found when the bucket has no such key', async () => {
    const ws = await makeWorkspace(h);
    const [row] = await inSystem(h.platform.database, (tx) =>
      tx
        .insert(files)
        .values({ clientId: ws.id, name: 'gone.txt', mime: 'text/plain', size: 4, storageKey: `${ws.id}/2024/01/gone` })
        .returning(),
    );
    answer = { status: 404, code: 'NoSuchKey' };
    const res = await call(h, ws.employee, 'GET', `/api/files/${row.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'file_not_found' });

    answer = { status: 403, code: 'AccessDenied' };
    const blocked = await call(h, ws.employee, 'GET', `/api/files/${row.id}`);
    expect(blocked.statusCode).toBe(502);
    expect(blocked.json()).toMatchObject({ code: 'download_error', reason: 'accountDisabled' });
  });
});
