import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createHarness, type Harness, makeWorkspace, type TestUser } from '../../test/harness.js';
import { parseRange } from './range.js';

describe('parseRange (RFC 9110 §14.1.2, §14.2)', () => {
  const part = (start: number, end: number) => ({ kind: 'part', range: { start, end } });
  const full = { kind: 'full' };
  const unsatisfiable = { kind: 'unsatisfiable' };
  it.each([
    [undefined, 1000, full],
    ['bytes=0-99', 1000, part(0, 99)],
    ['bytes=0-0', 1000, part(0, 0)],
    ['bytes=500-', 1000, part(500, 999)],
    ['bytes=999-', 1000, part(999, 999)],
    ['bytes=-10', 1000, part(990, 999)],
    ['bytes=-1000', 1000, part(0, 999)],
    ['bytes=-5000', 1000, part(0, 999)],
    ['bytes=900-5000', 1000, part(900, 999)],
    ['bytes=0-99999999999999999999999', 1000, part(0, 999)],
    ['BYTES=0-1', 1000, part(0, 1)],
    ['bytes= 0-1 ', 1000, part(0, 1)],
    ['bytes=0-1,', 1000, part(0, 1)],
    ['bytes=0000010-0000020', 1000, part(10, 20)],
    // unsatisfiable: well-formed, but no byte of the file
    ['bytes=1000-', 1000, unsatisfiable],
    ['bytes=1000-2000', 1000, unsatisfiable],
    ['bytes=99999999999999999999999-', 1000, unsatisfiable],
    ['bytes=-0', 1000, unsatisfiable],
    ['bytes=0-', 0, unsatisfiable],
    // an empty file has no bytes to name: whole (empty) answer
    ['bytes=-10', 0, full],
    // syntactically invalid: ignored
    ['bytes=5-1', 1000, full],
    ['bytes=-', 1000, full],
    ['bytes=', 1000, full],
    ['bytes=a-b', 1000, full],
    ['bytes=1.5-2', 1000, full],
    ['bytes=+1-2', 1000, full],
    ['bytes=0-1-2', 1000, full],
    ['bytes 0-1', 1000, full],
    ['items=0-1', 1000, full],
    ['garbage', 1000, full],
    ['', 1000, full],
    // several ranges: the whole file
    ['bytes=0-1,5-6', 1000, full],
    ['bytes=0-1, -3', 1000, full],
    ['bytes=0-1,x', 1000, full],
  ] as const)('%s of %i bytes', (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });
});

/** 100 KB whose every byte tells its position (mod 251), so any misplaced slice shows. */
const SIZE = 100 * 1024;
const BYTES = Buffer.from(Array.from({ length: SIZE }, (_, i) => i % 251));

function multipart(filename: string, type: string, body: Buffer) {
  const boundary = '----hallwayRangeTest';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    body,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(h: Harness, who: TestUser, filename: string, type: string, body: Buffer) {
  const form = multipart(filename, type, body);
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { ...form.headers, authorization: `Bearer ${who.token}` },
    payload: Readable.from([form.payload]),
  });
  expect(res.statusCode).toBe(200);
  return res.json().results[0] as { url: string; thumb: string | null };
}

const get = (h: Harness, who: TestUser, url: string, headers: Record<string, string> = {}) =>
  call(h, who, 'GET', url, undefined, headers);

/** The answers every storage backend must give: only the storage under the harness differs. */
function rangeSuite(name: string, harness: () => Harness) {
  describe(`GET /api/files/:id with Range (${name})`, () => {
    let h: Harness;
    let who: TestUser;
    let url: string;
    beforeAll(async () => {
      h = harness();
      const ws = await makeWorkspace(h);
      who = ws.employee;
      url = (await upload(h, who, 'lesson.mp4', 'video/mp4', BYTES)).url;
    });

    it('answers the whole file with Accept-Ranges when no range is asked, inline for a video', async () => {
      const res = await get(h, who, url);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(BYTES)).toBe(true);
      expect(res.headers).toMatchObject({
        'accept-ranges': 'bytes',
        'content-length': String(SIZE),
        'content-type': 'video/mp4',
        'x-content-type-options': 'nosniff',
      });
      expect(res.headers['content-disposition']).toMatch(/^inline; /);
      expect(res.headers['content-range']).toBeUndefined();
    });

    it.each([
      ['bytes=0-99', 0, 99],
      ['bytes=1000-', 1000, SIZE - 1],
      ['bytes=-10', SIZE - 10, SIZE - 1],
      ['bytes=51200-51200', 51200, 51200],
      ['bytes=102000-999999', 102000, SIZE - 1],
    ])('answers %s with 206 and only those bytes', async (range, start, end) => {
      const res = await get(h, who, url, { range });
      expect(res.statusCode).toBe(206);
      expect(res.headers).toMatchObject({
        'accept-ranges': 'bytes',
        'content-range': `bytes ${start}-${end}/${SIZE}`,
        'content-length': String(end - start + 1),
        'content-type': 'video/mp4',
        'x-content-type-options': 'nosniff',
      });
      expect(res.rawPayload.equals(BYTES.subarray(start, end + 1))).toBe(true);
    });

    it('answers HEAD with the same headers and no body', async () => {
      const whole = await call(h, who, 'HEAD', url);
      expect(whole.statusCode).toBe(200);
      expect(whole.headers).toMatchObject({ 'accept-ranges': 'bytes', 'content-length': String(SIZE) });
      expect(whole.rawPayload).toHaveLength(0);
      const part = await call(h, who, 'HEAD', url, undefined, { range: 'bytes=-10' });
      expect(part.statusCode).toBe(206);
      expect(part.headers).toMatchObject({ 'content-range': `bytes ${SIZE - 10}-${SIZE - 1}/${SIZE}` });
      expect(part.rawPayload).toHaveLength(0);
    });

    it('answers a range past the end with 416 and the size', async () => {
      for (const range of [`bytes=${SIZE}-`, `bytes=${SIZE + 5}-${SIZE + 10}`, 'bytes=-0']) {
        const res = await get(h, who, url, { range });
        expect(res.statusCode).toBe(416);
        expect(res.headers['content-range']).toBe(`bytes */${SIZE}`);
        expect(res.rawPayload).toHaveLength(0);
      }
    });

    it('ignores an invalid Range, several ranges and a conditional range: the whole file', async () => {
      const variants: Record<string, string>[] = [
        { range: 'garbage' },
        { range: 'bytes=50-10' },
        { range: 'items=0-9' },
        { range: 'bytes=0-1,5-6' },
        { range: 'bytes=0-99', 'if-range': '"some-etag"' },
        { range: 'bytes=0-99', 'if-range': 'Wed, 21 Oct 2015 07:28:00 GMT' },
      ];
      for (const headers of variants) {
        const res = await get(h, who, url, headers);
        expect(res.statusCode, JSON.stringify(headers)).toBe(200);
        expect(res.headers['content-length']).toBe(String(SIZE));
        expect(res.headers['content-range']).toBeUndefined();
        expect(res.rawPayload.equals(BYTES)).toBe(true);
      }
    });

    it("keeps another workspace's file a 404, with or without a range", async () => {
      const stranger = (await makeWorkspace(h)).employee;
      for (const range of ['bytes=0-99', 'bytes=999999-', 'garbage']) {
        const res = await get(h, stranger, url, { range });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ code: 'file_not_found' });
        expect(res.headers['content-range']).toBeUndefined();
      }
      const anonymous = await call(h, null, 'GET', url, undefined, { range: 'bytes=0-99' });
      expect(anonymous.statusCode).toBe(401);
    });
  });
}

describe('local disk', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());
  rangeSuite('local disk', () => h);

  it('never compresses a download, whole or in part', async () => {
    const ws = await makeWorkspace(h);
    const json = Buffer.from(JSON.stringify({ rows: Array.from({ length: 400 }, (_, i) => ({ i, text: 'same' })) }));
    const { url } = await upload(h, ws.employee, 'data.json', 'application/json', json);
    const whole = await get(h, ws.employee, url, { 'accept-encoding': 'gzip, br' });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.headers['content-length']).toBe(String(json.length));
    expect(whole.rawPayload.equals(json)).toBe(true);
    const part = await get(h, ws.employee, url, { 'accept-encoding': 'gzip, br', range: 'bytes=100-1999' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.rawPayload.equals(json.subarray(100, 2000))).toBe(true);
  });

  it('answers a thumbnail whole whatever the Range', async () => {
    const ws = await makeWorkspace(h);
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3a6' } })
      .png()
      .toBuffer();
    const { thumb } = await upload(h, ws.employee, 'photo.png', 'image/png', png);
    const whole = await get(h, ws.employee, thumb!);
    const ranged = await get(h, ws.employee, thumb!, { range: 'bytes=0-9' });
    expect(ranged.statusCode).toBe(200);
    expect(ranged.headers['content-range']).toBeUndefined();
    expect(ranged.rawPayload.equals(whole.rawPayload)).toBe(true);
    expect(ranged.rawPayload.length).toBeGreaterThan(10);
  });
});

/**
 * The S3 driver against S3's wire protocol: an in-process bucket that keeps what is PUT and answers GET with
 * `Range` as S3 does (206 + Content-Range), or, when told to, ignores the Range like a store without range support.
 */
describe('S3', () => {
  const BUCKET = 'hallway-range-bucket';
  const objects = new Map<string, Buffer>();
  const gets: Array<string | undefined> = [];
  let ignoreRanges = false;
  const peer = http.createServer((req, res) => {
    const key = decodeURIComponent((req.url ?? '').split('?')[0]);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'PUT') {
        objects.set(key, Buffer.concat(chunks));
        res.writeHead(200, { etag: '"test"' }).end();
        return;
      }
      const body = objects.get(key);
      if (req.method !== 'GET' || !body) {
        res.writeHead(404, { 'content-type': 'application/xml' });
        res.end('<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchKey</Code><Message>no</Message></Error>');
        return;
      }
      gets.push(req.headers.range);
      const m = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
      if (!m || ignoreRanges) {
        res.writeHead(200, { 'content-length': body.length, 'content-type': 'application/octet-stream' }).end(body);
        return;
      }
      const [start, end] = [Number(m[1]), Math.min(Number(m[2]), body.length - 1)];
      res.writeHead(206, {
        'content-length': end - start + 1,
        'content-range': `bytes ${start}-${end}/${body.length}`,
        'content-type': 'application/octet-stream',
      });
      res.end(body.subarray(start, end + 1));
    });
  });

  let h: Harness;
  beforeAll(async () => {
    peer.listen(0, '127.0.0.1');
    await once(peer, 'listening');
    h = await createHarness({
      S3_ENDPOINT: `http://127.0.0.1:${(peer.address() as AddressInfo).port}`,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY: 'AKIDEXAMPLE',
      S3_SECRET_KEY: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
    });
  });
  afterAll(async () => {
    await h?.close();
    peer.close();
  });

  it('stores the upload in the bucket', async () => {
    const ws = await makeWorkspace(h);
    await upload(h, ws.employee, 'clip.webm', 'video/webm', BYTES);
    const stored = [...objects].find(([key]) => key.startsWith(`/${BUCKET}/${ws.id}/`));
    expect(stored?.[1].equals(BYTES)).toBe(true);
  });

  rangeSuite('S3', () => h);

  it('asks the bucket for the range only', async () => {
    const ws = await makeWorkspace(h);
    const { url } = await upload(h, ws.employee, 'clip.webm', 'video/webm', BYTES);
    gets.length = 0;
    const res = await get(h, ws.employee, url, { range: 'bytes=-10' });
    expect(res.statusCode).toBe(206);
    expect(gets).toEqual([`bytes=${SIZE - 10}-${SIZE - 1}`]);
    await get(h, ws.employee, url);
    expect(gets[1]).toBeUndefined();
  });

  it('refuses rather than passing off a whole object as the part when the store ignores the range', async () => {
    const ws = await makeWorkspace(h);
    const { url } = await upload(h, ws.employee, 'clip.webm', 'video/webm', BYTES);
    ignoreRanges = true;
    try {
      const res = await get(h, ws.employee, url, { range: 'bytes=0-99' });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ code: 'download_error', reason: 'InvalidRange' });
    } finally {
      ignoreRanges = false;
    }
  });
});
