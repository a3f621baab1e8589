import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../bootstrap/demo.js';
import { call, createHarness, type Harness } from '../../test/harness.js';

const DEMO_PASSWORD = 'demo-test-pass';
let h: Harness;
beforeAll(async () => {
  h = await createHarness({ DEMO_PASSWORD });
  await seedDemo(h.platform, pino({ level: 'silent' }));
});
afterAll(() => h.close());

const signIn = async (login: string) => {
  const res = await call(h, null, 'POST', '/api/login', { login, password: DEMO_PASSWORD });
  return { token: res.json().token as string };
};

describe('the demo workspace', () => {
  it('asks for today’s mood and has two weeks of answers an administrator reads by department', async () => {
    const { rows } = await h.platform.database.query("SELECT id, client_id FROM users WHERE login = 'tom'");
    const { id, client_id: clientId } = rows[0] as { id: string; client_id: string };
    const tom = await signIn('tom');
    expect((await call(h, tom, 'GET', `/api/mood/check/${id}`)).json()).toEqual({ need: true });
    const admin = await signIn('admin');
    const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
    const stat = (await call(h, admin, 'GET', `/api/mood/stat/${clientId}/${day(13)}/${day(0)}`)).json().result;
    expect(stat.count).toBeGreaterThan(200);
    expect(stat.average).toBeGreaterThan(4);
    expect(stat.departments.map((d: { name: string }) => d.name)).toContain('Engineering');
    expect(stat.comments.length).toBeGreaterThan(0);
  });

  it('has ideas in every status and reports, signed and anonymous, in Hannah’s inboxes', async () => {
    const hannah = await signIn('hannah');
    const ideas = (await call(h, hannah, 'GET', '/api/ideas/inbox')).json();
    expect(new Set(ideas.items.map((i: { status: string }) => i.status))).toEqual(
      new Set(['new', 'review', 'accepted', 'declined']),
    );
    const reports = (await call(h, hannah, 'GET', '/api/reports/inbox')).json();
    expect(reports.items.map((r: { anonymous: boolean }) => r.anonymous).sort()).toEqual([false, true]);
    const lukas = await signIn('lukas');
    const mine = (await call(h, lukas, 'GET', '/api/ideas/mine')).json();
    expect(mine.items[0].messages).toBe(1);
  });
});
