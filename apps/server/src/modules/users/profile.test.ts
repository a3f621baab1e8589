import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createHarness, type Harness, makeUser, makeWorkspace, type TestUser } from '../../test/harness.js';
import { upload } from './isolation.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#4477aa' } })
    .png()
    .toBuffer();
const uploadImage = async (who: TestUser, width: number, height: number) =>
  upload(h, who.token, `picture-${width}x${height}.png`, 'image/png', await png(width, height));
const uploadPdf = (who: TestUser, name = 'contract.pdf') =>
  upload(h, who.token, name, 'application/pdf', Buffer.from(`%PDF-1.4\n% ${name}\n`));

describe('GET /api/user/{id}: what the caller may do', () => {
  it('answers can.edit and can.editHr from the rules the server enforces', async () => {
    const ws = await makeWorkspace(h);
    const locked = await makeUser(h, ws.id, { rights: { profile_edit: false } });
    const cases: [TestUser, string, { edit: boolean; editHr: boolean }][] = [
      [ws.employee, ws.employee.id, { edit: true, editHr: false }],
      [ws.employee, ws.admin.id, { edit: false, editHr: false }],
      [locked, locked.id, { edit: false, editHr: false }],
      [ws.admin, ws.employee.id, { edit: true, editHr: true }],
    ];
    for (const [who, id, can] of cases) {
      const res = await call(h, who, 'GET', `/api/user/${id}`);
      expect(res.json().result.can, `${who.login} → ${id}`).toEqual(can);
    }
  });
});

describe('avatar and cover', () => {
  it('stores an uploaded picture as the server knows it, with its thumbnail', async () => {
    const ws = await makeWorkspace(h);
    const fileId = await uploadImage(ws.employee, 400, 400);
    const res = await call(h, ws.employee, 'PUT', `/api/user/${ws.employee.id}`, {
      pics: [{ src: `/api/files/${fileId}`, mini: 'https://tracker.example/pixel.gif' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.pics).toEqual([{ src: `/api/files/${fileId}`, mini: `/api/files/${fileId}/thumb` }]);
    expect(res.json().result.avatar).toBe(`/api/files/${fileId}/thumb`);
  });

  it('refuses pictures that are not files of the workspace', async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    const foreign = await uploadImage(other.employee, 64, 64);
    for (const src of ['https://elsewhere.example/me.png', `/api/files/${foreign}`]) {
      const res = await call(h, ws.employee, 'PUT', `/api/user/${ws.employee.id}`, { pics: [{ src }] });
      expect(res.statusCode, src).toBe(404);
      expect(res.json().code).toBe('file_not_found');
    }
  });

  it('takes a cover 3420 px wide and at least 250 px high, and refuses any other size', async () => {
    const ws = await makeWorkspace(h);
    const me = ws.employee;
    const good = await uploadImage(me, 3420, 250);
    const ok = await call(h, me, 'PUT', `/api/user/${me.id}`, { cover: `/api/files/${good}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result.cover).toBe(`/api/files/${good}`);
    for (const bad of [await uploadImage(me, 3000, 400), await uploadImage(me, 3420, 249), await uploadPdf(me)]) {
      const res = await call(h, me, 'PUT', `/api/user/${me.id}`, { cover: `/api/files/${bad}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'wrong_image_size', message: 'Wrong image size' });
      expect(res.json().fields).toEqual({ cover: 'wrong_image_size' });
    }
    const cleared = await call(h, me, 'PUT', `/api/user/${me.id}`, { cover: '' });
    expect(cleared.json().result.cover).toBe('');
  });
});

describe('HR files', () => {
  async function withHrFile() {
    const ws = await makeWorkspace(h);
    const chief = await makeUser(h, ws.id);
    const person = await makeUser(h, ws.id, { chief: chief.id });
    const fileId = await uploadPdf(ws.admin, 'salary.pdf');
    const res = await call(h, ws.admin, 'PUT', `/api/user/${person.id}`, {
      files: [{ _id: fileId, filename: 'renamed-by-client.exe', path: '/etc/passwd' }],
    });
    expect(res.statusCode).toBe(200);
    return { ws, chief, person, fileId, saved: res.json().result };
  }

  it('attaches uploaded files under the names the server knows', async () => {
    const { saved, fileId } = await withHrFile();
    expect(saved.files).toEqual([
      { _id: fileId, filename: 'salary.pdf', filetype: 'application/pdf', path: `/api/files/${fileId}`, size: 22 },
    ]);
  });

  it('lets only the person, their chief, HR and administrators download them', async () => {
    const { ws, chief, person, fileId } = await withHrFile();
    const hr = await makeUser(h, ws.id, { roles: ['hr'] });
    const colleague = await makeUser(h, ws.id);
    for (const [who, status] of [
      [person, 200],
      [chief, 200],
      [hr, 200],
      [ws.admin, 200],
      [colleague, 404],
      [ws.employee, 404],
    ] as const) {
      const res = await call(h, who, 'GET', `/api/files/${fileId}`);
      expect(res.statusCode, who.login).toBe(status);
    }
    const shown = await call(h, colleague, 'GET', `/api/user/${person.id}`);
    expect(shown.json().result.files).toBeUndefined();
  });

  it('keeps the thumbnail of an HR image as private as the image', async () => {
    const ws = await makeWorkspace(h);
    const scan = await uploadImage(ws.admin, 200, 300);
    await call(h, ws.admin, 'PUT', `/api/user/${ws.employee.id}`, {
      files: [{ _id: scan, filename: 'passport.png', path: '' }],
    });
    const colleague = await makeUser(h, ws.id);
    expect((await call(h, colleague, 'GET', `/api/files/${scan}/thumb`)).statusCode).toBe(404);
    expect((await call(h, ws.employee, 'GET', `/api/files/${scan}/thumb`)).statusCode).toBe(200);
  });

  it('refuses an employee attaching HR files to their own profile', async () => {
    const ws = await makeWorkspace(h);
    const fileId = await uploadPdf(ws.employee);
    const res = await call(h, ws.employee, 'PUT', `/api/user/${ws.employee.id}`, {
      files: [{ _id: fileId, filename: 'x.pdf', path: '' }],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().fields).toEqual({ files: 'no_access' });
  });

  it('DELETE /api/user/{userId}/file/{fileId} detaches and deletes the file (administrators only)', async () => {
    const { ws, person, fileId } = await withHrFile();
    const refused = await call(h, person, 'DELETE', `/api/user/${person.id}/file/${fileId}`);
    expect(refused.statusCode).toBe(403);
    const res = await call(h, ws.admin, 'DELETE', `/api/user/${person.id}/file/${fileId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().result.files).toEqual([]);
    expect((await call(h, ws.admin, 'GET', `/api/files/${fileId}`)).statusCode).toBe(404);
    const again = await call(h, ws.admin, 'DELETE', `/api/user/${person.id}/file/${fileId}`);
    expect(again.json().code).toBe('file_not_found');
  });

  it('deletes the files a profile change drops from the list', async () => {
    const { ws, person, fileId } = await withHrFile();
    const second = await uploadPdf(ws.admin, 'second.pdf');
    const both = await call(h, ws.admin, 'PUT', `/api/user/${person.id}`, {
      files: [
        { _id: fileId, filename: 'salary.pdf', path: '' },
        { _id: second, filename: 'second.pdf', path: '' },
      ],
    });
    expect(both.json().result.files).toHaveLength(2);
    const kept = await call(h, ws.admin, 'PUT', `/api/user/${person.id}`, {
      files: [{ _id: second, filename: 'second.pdf', path: '' }],
    });
    expect(kept.json().result.files.map((f: { _id: string }) => f._id)).toEqual([second]);
    expect((await call(h, ws.admin, 'GET', `/api/files/${fileId}`)).statusCode).toBe(404);
    expect((await call(h, ws.admin, 'GET', `/api/files/${second}`)).statusCode).toBe(200);
  });
});

describe('follow and unfollow', () => {
  it('POST /api/follow and /api/unfollow change the followers; the subscribers tab lists them', async () => {
    const ws = await makeWorkspace(h);
    const fan = await makeUser(h, ws.id, { firstName: 'Fan', lastName: 'One' });
    const url = '/api/follow';
    const first = await call(h, fan, 'POST', url, { user_id: ws.employee.id });
    expect(first.statusCode).toBe(200);
    expect(first.json().result.followers).toEqual([fan.id]);
    const twice = await call(h, fan, 'POST', url, { user_id: ws.employee.id });
    expect(twice.json().result.followers).toEqual([fan.id]);
    await call(h, ws.admin, 'POST', url, { user_id: ws.employee.id });
    await call(h, ws.employee, 'POST', url, { user_id: fan.id });

    const tab = await call(h, ws.admin, 'GET', `/api/user/${ws.employee.id}/followers`);
    expect(tab.statusCode).toBe(200);
    const { followers, following } = tab.json().result;
    expect(followers.map((p: { name: string }) => p.name)).toEqual(['Ada Admin', 'Fan One']);
    expect(following).toEqual([expect.objectContaining({ _id: fan.id, name: 'Fan One' })]);

    // Own info lists whom the person follows: the web's user feed needs it without the whole people list.
    expect((await call(h, ws.employee, 'GET', '/api/user/me')).json().result.follows).toEqual([fan.id]);

    const off = await call(h, fan, 'POST', '/api/unfollow', { user_id: ws.employee.id });
    expect(off.json().result.followers).toEqual([ws.admin.id]);
    expect((await call(h, fan, 'GET', '/api/user/me')).json().result.follows).toEqual([]);
  });

  it('refuses following oneself, a deleted person, someone of another workspace, or a bad id', async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    const gone = await makeUser(h, ws.id, { deleted: true });
    const self = await call(h, ws.employee, 'POST', '/api/follow', { user_id: ws.employee.id });
    expect(self.json()).toMatchObject({ code: 'cannot_follow_self', fields: { user_id: 'cannot_follow_self' } });
    expect((await call(h, ws.employee, 'POST', '/api/follow', { user_id: gone.id })).statusCode).toBe(404);
    expect((await call(h, ws.employee, 'POST', '/api/follow', { user_id: other.employee.id })).statusCode).toBe(404);
    expect((await call(h, ws.employee, 'POST', '/api/follow', { user_id: 'nope' })).statusCode).toBe(400);
  });
});
