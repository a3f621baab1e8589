// Isolation-suite fixtures of the people side: an HR file, a follow, a pin and an HR import in workspace A, and
// bodies naming A's people and files, which the other workspace must never reach.
import { pino } from 'pino';
import sharp from 'sharp';
import type { Harness } from '../../test/harness.js';
import { type FixtureWorkspace, registerBody, registerObject, registerRead } from '../../test/isolation/registry.js';
import { sendBirthdayNotices } from './birthday-notices.js';

/** Uploads one file as `token`'s person and answers its id (tests of the people side use it too). */
export async function upload(h: Harness, token: string, name: string, type: string, bytes: Buffer): Promise<string> {
  const boundary = '----hallwayPeopleIsolation';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`;
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
  if (res.statusCode !== 200) throw new Error(`people fixture: upload answered ${res.statusCode} ${res.body}`);
  return res.json().results[0].file._id as string;
}

async function as(h: Harness, token: string, method: 'POST' | 'PUT', url: string, payload: object) {
  const res = await h.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });
  if (res.statusCode !== 200)
    throw new Error(`people fixture: ${method} ${url} answered ${res.statusCode} ${res.body}`);
  return res.json().result;
}

/** A spreadsheet of A: an HR-system export naming A's employee by INN, so A's people have import data. */
async function hrmSheet(h: Harness, a: FixtureWorkspace): Promise<string> {
  const csv = `inn;firstName;lastName;email;position\n1234567890;Zebulon;${a.mark};hrm-${a.workspace}@example.test;Keeper ${a.mark}\n`;
  return upload(h, a.admin.token, 'hrm.csv', 'text/csv', Buffer.from(csv));
}

registerObject('hr_file', async (h, a) => {
  const pdf = Buffer.from(`%PDF-1.4\n% salary statement ${a.mark}\n`);
  const fileId = await upload(h, a.admin.token, `salary ${a.mark}.pdf`, 'application/pdf', pdf);
  await as(h, a.admin.token, 'PUT', `/api/user/${a.employee.id}`, {
    files: [{ _id: fileId, filename: 'salary.pdf', path: `/api/files/${fileId}` }],
    hrData: { grade: `grade ${a.mark}` },
  });
  // A's people follow each other and one is pinned: every people route has something to leak.
  await as(h, a.admin.token, 'POST', '/api/follow', { user_id: a.employee.id });
  await as(h, a.admin.token, 'PUT', `/api/user/pin/${a.employee.id}`, {});
  await as(h, a.admin.token, 'PUT', `/api/user/pin/${a.admin.id}`, {});
  return fileId;
});

/** The person the HR-system import created in A: it keeps the import's data for reset_to_hrm. */
registerObject('hrm_person', async (h, a) => {
  const report = await as(h, a.admin.token, 'POST', '/api/user/load_hrm', { file_id: await hrmSheet(h, a) });
  const person = report.created[0]._id as string;
  await as(h, a.admin.token, 'PUT', `/api/user/pin/${person}`, {});
  // The person's birthday is today: the day's birthday notification of A is written (the job run at noon UTC).
  const noon = new Date();
  noon.setUTCHours(12, 0, 0, 0);
  await h.platform.database.query('UPDATE users SET birth_date = $2 WHERE id = $1', [
    person,
    `1990-${noon.toISOString().slice(5, 10)}`,
  ]);
  await sendBirthdayNotices(h.platform, h.app.services, pino({ level: 'silent' }), noon);
  return person;
});

registerObject('spreadsheet', async (h, a) => {
  const image = await sharp({ create: { width: 3420, height: 300, channels: 3, background: '#224466' } })
    .png()
    .toBuffer();
  // Also a cover-sized picture: a stranger must not be able to put A's files on their own profile.
  await upload(h, a.employee.token, 'cover.png', 'image/png', image);
  return hrmSheet(h, a);
});

registerBody('POST /api/follow', ({ a }) => ({ user_id: a.employee.id }));
registerBody('POST /api/unfollow', ({ a }) => ({ user_id: a.employee.id }));
// Not the employee: the own-workspace call of PUT /api/user/pin/:id unpins them before this one runs.
registerBody('PUT /api/user/pin_move', ({ a, objects }) => ({ from: a.admin.id, to: objects.hrm_person }));
registerBody('POST /api/user/import', ({ objects }) => ({ file_id: objects.spreadsheet }));
registerBody('POST /api/user/load_hrm', ({ objects }) => ({ file_id: objects.spreadsheet }));
registerBody('POST /api/user/reset_to_hrm', ({ objects }) => ({ user_id: objects.hrm_person }));
registerBody('PUT /api/user/:id/rights', () => ({ rights: { polls: false } }));
registerBody('PUT /api/user/:id', ({ a, objects }) => ({
  chief: a.admin.id,
  pics: [{ src: `/api/files/${objects.file}` }],
  files: [{ _id: objects.hr_file, filename: 'stolen.pdf', path: `/api/files/${objects.hr_file}` }],
}));
// A selection naming A's people: B's people must be refused whole (404); A's own administrator succeeds.
registerBody('POST /api/user/bulk', ({ a }) => ({ action: 'grant_role', role: 'hr', ids: [a.employee.id] }));
registerBody('POST /api/user/export/selected', ({ a }) => ({ ids: [a.employee.id, a.admin.id] }));

// The address book's search, by a word in the marked names of both workspaces' people: B's results must stay B's.
registerBody('POST /api/user/filter/:workspace', () => ({ search: 'mark' }));
registerRead('POST /api/user/filter/:workspace', "the address book's search");
registerRead('POST /api/user/export/:id', "one person's spreadsheet");
registerRead('POST /api/user/export/all/:id', "the workspace's people as a spreadsheet");
registerRead('POST /api/user/export/selected', 'the chosen people as a spreadsheet');
