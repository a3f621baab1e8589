import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMPLOYEE_LOGIN, seedDemo } from '../../bootstrap/demo.js';
import { call, createHarness, type Harness } from '../../test/harness.js';

const DEMO_PASSWORD = 'demo-test-pass';
let h: Harness;
beforeAll(async () => {
  h = await createHarness({ DEMO_PASSWORD });
  await seedDemo(h.platform, pino({ level: 'silent' }));
});
afterAll(() => h.close());

describe('the demo workspace notifications', () => {
  it('anna finds the wall’s mentions, comments and must-read posts in her centre, the latest unread', async () => {
    const login = await call(h, null, 'POST', '/api/login', { login: DEMO_EMPLOYEE_LOGIN, password: DEMO_PASSWORD });
    const anna = { token: login.json().token as string };
    const own = (await call(h, anna, 'GET', '/api/user/me')).json().result;
    const me = { _id: own.user._id as string, client: own.client };
    const list = await call(h, anna, 'GET', `/api/notification/${me.client._id}/all/${me._id}/now`);
    expect(list.statusCode, list.body).toBe(200);
    const entries = list.json().result as { code: string; title: string; link: string; read: boolean }[];
    expect(new Set(entries.map((e) => e.code))).toEqual(new Set(['posts.must_read', 'posts.mention', 'posts.comment']));
    expect(entries.every((e) => e.link.startsWith('/post/') && !e.title.includes('@['))).toBe(true);
    const unread = (await call(h, anna, 'GET', `/api/notification/unread/${me.client._id}/${me._id}`)).json();
    expect(unread.count).toBe(entries.filter((e) => !e.read).length);
  });
});
