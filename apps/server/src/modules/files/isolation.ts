// Isolation-suite fixtures of the files module: an image of workspace A, so both its download and its thumbnail
// route have a real target the other workspace must not reach.
import sharp from 'sharp';
import { registerObject } from '../../test/isolation/registry.js';

registerObject('file', async (h, a) => {
  const image = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  const boundary = '----hallwayIsolation';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="secret.png"\r\nContent-Type: image/png\r\n\r\n`;
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: {
      authorization: `Bearer ${a.employee.token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: Buffer.concat([Buffer.from(head), image, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
  if (res.statusCode !== 200) throw new Error(`file fixture: upload answered ${res.statusCode} ${res.body}`);
  return res.json().results[0].file._id as string;
});
