// Isolation-suite fixtures of the files module: an image of workspace A, so both its download and its thumbnail
// route have a real target the other workspace must not reach.
import sharp from 'sharp';
import { multipartFile, registerBody, registerObject } from '../../test/isolation/registry.js';

const png = () =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();

registerObject('file', async (h, a) => {
  const upload = multipartFile(`secret ${a.mark}.png`, 'image/png', await png());
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { authorization: `Bearer ${a.employee.token}`, ...upload.headers },
    payload: upload.payload,
  });
  if (res.statusCode !== 200) throw new Error(`file fixture: upload answered ${res.statusCode} ${res.body}`);
  return res.json().results[0].file._id as string;
});

registerBody('POST /api/upload', () => multipartFile('note.txt', 'text/plain', Buffer.from('a note')));
