import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createHarness, type Harness, makeWorkspace } from '../../test/harness.js';
import { upload } from '../users/isolation.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('workspace design values reach every member’s CSS: only strict patterns are kept', () => {
  it('refuses fonts and colours that could end the CSS value, and pictures that are not workspace files', async () => {
    const ws = await makeWorkspace(h);
    const bad: [string, Record<string, unknown>, string][] = [
      ['font', { font: 'Inter";}\nbody{background:url(https://evil.example/x)}' }, 'font_invalid'],
      ['font', { font: 'Inter\n' + 'x' }, 'font_invalid'],
      ['font', { font: "Inter'; color: red" }, 'font_invalid'],
      ['font', { font: 'Inter}' }, 'font_invalid'],
      ['font', { font: 'url(x)' }, 'font_invalid'],
      ['colors.primary', { colors: { primary: '#fff;}body{x:y' } }, 'color_invalid'],
      ['colors.accent', { colors: { accent: 'red' } }, 'color_invalid'],
      ['logo', { logo: 'https://evil.example/logo.png' }, 'validation'],
      ['header', { header: 'javascript:alert(1)' }, 'validation'],
    ];
    for (const [field, body, code] of bad) {
      const res = await call(h, ws.admin, 'PUT', `/api/clients/${ws.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields?.[field], JSON.stringify(body)).toBe(code);
    }
    const good = await call(h, ws.admin, 'PUT', `/api/clients/${ws.id}`, {
      font: 'Open Sans, PT Sans-Caption, Roboto',
      colors: { primary: '#12B886' },
      logo: '/api/files/0190a0b2-7c1d-7e3f-8a9b-0c1d2e3f4a5b',
    });
    expect(good.statusCode).toBe(200);
    expect(good.json().result).toMatchObject({ font: 'Open Sans, PT Sans-Caption, Roboto' });
    expect((await call(h, ws.admin, 'PUT', `/api/clients/${ws.id}`, { font: '' })).json().result.font).toBe('');
  });
});

describe('the workspace header image (spec portal §9: 160 px high, from 1000 px wide)', () => {
  const picture = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#1f6f5c' } })
      .jpeg()
      .toBuffer();

  it('takes a picture of the workspace of exactly that height and shows it to every member', async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    const good = await upload(h, ws.admin.token, 'header.jpg', 'image/jpeg', await picture(1280, 160));
    const res = await call(h, ws.admin, 'PUT', `/api/clients/${ws.id}`, { header: `/api/files/${good}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.header).toBe(`/api/files/${good}`);
    const me = await call(h, ws.employee, 'GET', '/api/user/me');
    expect(me.json().result.client.header).toBe(`/api/files/${good}`);

    const bad: [string, number, string][] = [
      [await upload(h, ws.admin.token, 'tall.jpg', 'image/jpeg', await picture(1280, 200)), 400, 'wrong_image_size'],
      [await upload(h, ws.admin.token, 'narrow.jpg', 'image/jpeg', await picture(900, 160)), 400, 'wrong_image_size'],
      [await upload(h, other.admin.token, 'theirs.jpg', 'image/jpeg', await picture(1280, 160)), 404, 'file_not_found'],
    ];
    for (const [file, status, code] of bad) {
      const refused = await call(h, ws.admin, 'PUT', `/api/clients/${ws.id}`, { header: `/api/files/${file}` });
      expect(refused.statusCode, code).toBe(status);
      expect(refused.json().fields).toEqual({ header: code });
    }
    expect((await call(h, ws.admin, 'PUT', `/api/clients/${ws.id}`, { header: '' })).json().result.header).toBe('');
    expect((await call(h, ws.employee, 'PUT', `/api/clients/${ws.id}`, { header: '' })).statusCode).toBe(403);
  });
});
