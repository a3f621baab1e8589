import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness, makeWorkspace } from '../../test/harness.js';
import { upload } from '../users/isolation.js';
import { decoderStats, IMAGE_MAX_PIXELS, makeThumbnail, THUMBNAIL_DECODERS } from './thumbnails.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid black-and-white PNG of `size` × `size` pixels: a few kilobytes that decode to `size`² pixels. */
function hugePng(size: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(1, 8); // 1 bit a pixel
  header.writeUInt8(0, 9); // greyscale
  const rows = Buffer.alloc(size * (1 + Math.ceil(size / 8)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('image decoding is bounded', () => {
  it('does not decode an image of 16,383 × 16,383 px: the upload is kept as a plain file', async () => {
    const bomb = hugePng(16_383);
    expect(bomb.length).toBeLessThan(200_000);
    expect(16_383 * 16_383).toBeGreaterThan(IMAGE_MAX_PIXELS);
    expect(await makeThumbnail(bomb)).toBeNull();

    const ws = await makeWorkspace(h);
    const boundary = '----hallwayBomb';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bomb.png"\r\nContent-Type: image/png\r\n\r\n`;
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: {
        authorization: `Bearer ${ws.employee.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: Buffer.concat([Buffer.from(head), bomb, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().results[0]).toMatchObject({ thumb: null });
  });

  it('still makes thumbnails of big ordinary photos, a bounded number at a time', async () => {
    const photo = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#808080' } })
      .jpeg()
      .toBuffer();
    const ws = await makeWorkspace(h);
    decoderStats.peak = 0;
    const ids = await Promise.all(
      Array.from({ length: 8 }, (_, i) => upload(h, ws.employee.token, `p${i}.jpg`, 'image/jpeg', photo)),
    );
    expect(ids).toHaveLength(8);
    expect(decoderStats.peak).toBeGreaterThan(0);
    expect(decoderStats.peak).toBeLessThanOrEqual(THUMBNAIL_DECODERS);
    expect(await makeThumbnail(photo)).toMatchObject({ mime: 'image/jpeg', width: 4000, height: 3000 });
  });
});
