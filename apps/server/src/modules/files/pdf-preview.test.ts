// The first-page preview of an uploaded PDF: made where image thumbnails are, served the same way, and never at the
// cost of the upload (a broken or slow PDF is kept without one).
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createHarness, type Harness, makeWorkspace, type TestUser } from '../../test/harness.js';
import { tinyPdf } from '../../test/pdf.js';
import { makePdfThumbnail, PDF_PREVIEW_LIMITS } from './pdf-preview.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

async function upload(user: TestUser, name: string, bytes: Buffer, type = 'application/pdf') {
  const boundary = '----hallwayPdf';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`;
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { authorization: `Bearer ${user.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results[0];
}

describe('PDF previews', () => {
  it("draws a PDF's first page as its thumbnail, fitting the thumbnail's box whatever the page's size", async () => {
    const ws = await makeWorkspace(h);
    const doc = await upload(ws.employee, 'handbook.pdf', tinyPdf());
    expect(doc).toMatchObject({
      thumb: `/api/files/${doc.file._id}/thumb`,
      file: { mime: 'application/pdf', mini: `/api/files/${doc.file._id}/thumb` },
    });
    expect(doc.file.width).toBeUndefined();
    const thumb = await call(h, ws.employee, 'GET', doc.thumb);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const picture = sharp(thumb.rawPayload);
    // 300 × 200 points fit 480 px wide.
    expect(await picture.metadata()).toMatchObject({ format: 'webp', width: 480, height: 320 });
    // The blue rectangle near the bottom left is drawn on the white page.
    const { data } = await picture.clone().extract({ left: 60, top: 240, width: 40, height: 20 }).raw().toBuffer({
      resolveWithObject: true,
    });
    const [r, g, b] = data;
    expect(b).toBeGreaterThan(150);
    expect(r).toBeLessThan(100);
    expect(g).toBeGreaterThan(80);
    const corner = await picture.clone().extract({ left: 470, top: 0, width: 10, height: 10 }).raw().toBuffer();
    expect([...corner.subarray(0, 3)]).toEqual([255, 255, 255]);

    // A page claiming 5 × 5 metres is drawn at the thumbnail's size all the same.
    const poster = await upload(ws.employee, 'poster.pdf', tinyPdf('Big', { width: 14_400, height: 14_400 }));
    const big = await call(h, ws.employee, 'GET', poster.thumb);
    expect(await sharp(big.rawPayload).metadata()).toMatchObject({ width: 480, height: 480 });
  });

  it('keeps a broken PDF, or one named so that is none, as a plain file without a preview', async () => {
    const ws = await makeWorkspace(h);
    // Cut short: no end marker, no worker.
    const cut = await upload(ws.employee, 'cut.pdf', tinyPdf().subarray(0, 200));
    expect(cut.thumb).toBeNull();
    // Whole on the outside, nothing pdf.js can read inside.
    const broken = await upload(ws.employee, 'broken.pdf', Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog\n%%EOF\n'));
    expect(broken.thumb).toBeNull();
    expect(broken.file).toMatchObject({ mime: 'application/pdf', size: 41 });
    const text = await upload(ws.employee, 'notes.pdf', Buffer.from('just some text'), 'application/octet-stream');
    expect(text.thumb).toBeNull();
    const back = await call(h, ws.employee, 'GET', broken.url);
    expect(back.body).toBe('%PDF-1.7\n1 0 obj << /Type /Catalog\n%%EOF\n');
  });

  it('gives up on a PDF that takes longer than its time, stopping the worker', async () => {
    expect(await makePdfThumbnail(tinyPdf(), { ...PDF_PREVIEW_LIMITS, timeMs: 0 })).toBeNull();
    // The next one renders: a stopped worker left its slot.
    expect(await makePdfThumbnail(tinyPdf())).toBeInstanceOf(Buffer);
  });
});
