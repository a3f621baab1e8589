import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createHarness, type Harness, makeWorkspace } from '../../test/harness.js';
import { upload } from './isolation.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

let serial = 0;
const person = () => {
  const n = `${Date.now().toString(36)}${serial++}`;
  return {
    firstName: 'Nora',
    lastName: 'New',
    email: `nora.${n}@example.test`,
    login: `nora${n}`,
    password: 'long-enough',
  };
};
const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();

describe('open registration takes only what a newcomer may say about themselves', () => {
  it('refuses HR-owned fields, rights, chief and pictures; accepts names and contacts', async () => {
    const ws = await makeWorkspace(h, { settings: { openRegistration: true } });
    const base = { ...person(), workspace: ws.workspace };
    const refused: Record<string, unknown> = {
      position: 'Director',
      department: 'Board',
      workingSince: '2001-01-01',
      vacationDays: 900,
      chief: ws.admin.id,
      pics: [{ src: 'https://evil.example/a.png' }],
      cover: 'https://evil.example/c.png',
      rights: { admin: true },
      hrData: { salary: '1' },
      inn: '1234567890',
    };
    for (const [field, value] of Object.entries(refused)) {
      const res = await call(h, null, 'POST', '/api/register', { ...base, [field]: value });
      expect(res.statusCode, field).toBe(403);
      expect(res.json().fields, field).toEqual({ [field]: 'no_access' });
    }
    const ok = await call(h, null, 'POST', '/api/register', { ...base, phone: '+1 555', city: 'Riga' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result).toMatchObject({ position: '', chief: null, pics: [], city: 'Riga' });
  });
});

describe('an administrator registers people with references of their own workspace only', () => {
  it('checks chief, pictures, cover and HR files of register and register_many against the workspace', async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    const foreignFile = await upload(h, other.admin.token, 'x.png', 'image/png', await png());
    const ownFile = await upload(h, ws.admin.token, 'me.png', 'image/png', await png());
    const ownDoc = await upload(h, ws.admin.token, 'contract.pdf', 'application/pdf', Buffer.from('%PDF-1.4\n'));
    const bad: [string, Record<string, unknown>][] = [
      ['chief', { chief: other.employee.id }],
      ['pics', { pics: [{ src: 'https://evil.example/a.png' }] }],
      ['pics', { pics: [{ src: `/api/files/${foreignFile}` }] }],
      ['cover', { cover: 'https://evil.example/c.png' }],
      ['files', { files: [{ _id: foreignFile, filename: 'x.png', path: '/etc/passwd' }] }],
    ];
    for (const [field, extra] of bad) {
      const res = await call(h, ws.admin, 'POST', '/api/register', { ...person(), ...extra });
      expect(res.statusCode, field).toBe(404);
      const many = await call(h, ws.admin, 'POST', '/api/register_many', { users: [{ ...person(), ...extra }] });
      expect(many.json().result.created, field).toEqual([]);
      expect(many.json().result.errors, field).toHaveLength(1);
    }

    // Own files are kept as the server knows them, whatever path the caller wrote.
    const good = {
      ...person(),
      chief: ws.employee.id,
      pics: [{ src: `/api/files/${ownFile}` }],
      files: [{ _id: ownDoc, filename: 'contract.pdf', path: 'https://evil.example/steal' }],
    };
    const res = await call(h, ws.admin, 'POST', '/api/register', good);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({
      chief: ws.employee.id,
      pics: [{ src: `/api/files/${ownFile}` }],
      files: [{ _id: ownDoc, path: `/api/files/${ownDoc}` }],
    });
    const many = await call(h, ws.admin, 'POST', '/api/register_many', {
      users: [{ ...person(), files: [{ _id: ownDoc, filename: 'c.pdf', path: '../../etc/passwd' }] }],
    });
    const created = many.json().result.created[0]._id;
    const saved = (await call(h, ws.admin, 'GET', `/api/user/${created}`)).json().result;
    expect(saved.files).toEqual([expect.objectContaining({ _id: ownDoc, path: `/api/files/${ownDoc}` })]);
  });
});
