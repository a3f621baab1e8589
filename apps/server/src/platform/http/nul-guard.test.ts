import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createHarness, type Harness, makeWorkspace } from '../../test/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('a NUL character anywhere in a request', () => {
  it('is refused with 400 nul_character in path parameters, query and body, before any query runs', async () => {
    const ws = await makeWorkspace(h);
    const cases: [string, 'GET' | 'POST' | 'PUT', string, unknown, string][] = [
      ['body of a search', 'POST', `/api/user/filter/${ws.workspace}`, { search: 'a\u0000b' }, 'search'],
      ['body of a profile', 'PUT', `/api/user/${ws.employee.id}`, { about: 'x\u0000' }, 'about'],
      ['nested body', 'POST', '/api/register_many', { users: [{ firstName: 'A', city: '\u0000' }] }, 'users.0.city'],
      [
        'a key of the body',
        'PUT',
        `/api/user/${ws.employee.id}`,
        { social: { 'x\u0000': 'https://a.b' } },
        'social.x\u0000',
      ],
      ['query', 'GET', `/api/user/for_client/${ws.id}?deleted=%00`, undefined, 'deleted'],
      ['path parameter', 'POST', '/api/user/filter/ws%00x', {}, 'workspace'],
      ['sign-in', 'POST', '/api/login', { login: 'admin\u0000', password: 'x' }, 'login'],
    ];
    for (const [what, method, url, body, field] of cases) {
      const res = await call(h, ws.admin, method, url, body);
      expect(res.statusCode, what).toBe(400);
      expect(res.json(), what).toMatchObject({ code: 'nul_character', fields: { [field]: 'nul_character' } });
    }
    // Text without NUL goes through as before.
    expect((await call(h, ws.admin, 'POST', `/api/user/filter/${ws.workspace}`, { search: 'ab' })).statusCode).toBe(
      200,
    );
  });
});

describe('half of a surrogate pair anywhere in a JSON body', () => {
  it('is refused with 400 broken_character (jsonb cannot store it), whole pairs go through', async () => {
    const ws = await makeWorkspace(h);
    // JSON.stringify writes a lone surrogate as the escape `"\ud800"`: valid JSON that parses back to it.
    expect(JSON.stringify('\ud800')).toBe('"\\ud800"');
    const send = (url: string, body: Record<string, unknown>) => call(h, ws.admin, 'POST', url, body);
    const cases: [string, string, Record<string, unknown>, string][] = [
      ['notification text', '/api/notification', { title: 'Drill', text: 'at noon \ud800' }, 'text'],
      ['notification title', '/api/notification', { title: '\udc00 Drill' }, 'title'],
      ['message text', '/api/message', { recipients: [ws.employee.id], text: 'hi \ud83d' }, 'text'],
      ['a key', '/api/message', { recipients: [ws.employee.id], text: 'hi', '\ud800': 1 }, '\ud800'],
    ];
    for (const [what, url, body, field] of cases) {
      const res = await send(url, body);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
      expect(res.json(), what).toMatchObject({ code: 'broken_character', fields: { [field]: 'broken_character' } });
    }
    const whole = await send('/api/message', { recipients: [ws.employee.id], text: 'hi 😀' });
    expect(whole.statusCode, whole.body).toBe(200);
  });
});
