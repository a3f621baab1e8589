import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createHarness, type Harness, makeWorkspace } from '../../test/harness.js';

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
