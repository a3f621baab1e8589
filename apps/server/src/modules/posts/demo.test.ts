import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMPLOYEE_LOGIN, seedDemo } from '../../bootstrap/demo.js';
import { call, createHarness, type Harness } from '../../test/harness.js';

const DEMO_PASSWORD = 'demo-test-pass';
let h: Harness;
let anna: { token: string };
let clientId: string;
beforeAll(async () => {
  h = await createHarness({ DEMO_PASSWORD });
  await seedDemo(h.platform, pino({ level: 'silent' }));
  const login = await call(h, null, 'POST', '/api/login', { login: DEMO_EMPLOYEE_LOGIN, password: DEMO_PASSWORD });
  anna = { token: login.json().token };
  clientId = (await call(h, anna, 'GET', '/api/user/me')).json().result.client._id;
});
afterAll(() => h.close());

type Post = { kind: string; mustRead: boolean; likes: number; commentsCount: number; viewsCount: number };

describe('the demo workspace wall', () => {
  it('shows company posts with a must-read announcement, a thank-you post, reactions, comments and views', async () => {
    const feed = (await call(h, anna, 'GET', `/api/post/news/${clientId}/0`)).json();
    expect(feed.total).toBeGreaterThanOrEqual(6);
    const posts: Post[] = feed.result;
    expect(posts.some((p) => p.mustRead)).toBe(true);
    expect(posts.some((p) => p.kind === 'thanks')).toBe(true);
    expect(posts.every((p) => p.viewsCount > 0)).toBe(true);
    expect(posts.filter((p) => p.likes > 0).length).toBeGreaterThanOrEqual(5);
    const discussed = feed.result.find((p: Post) => p.commentsCount >= 4);
    const single = (await call(h, anna, 'GET', `/api/post/${discussed._id}`)).json().result;
    expect(single.comments.length + single.comments.flatMap((c: { answers: unknown[] }) => c.answers).length).toBe(
      discussed.commentsCount,
    );
    expect(single.comments[0].answers.length).toBeGreaterThan(0);
  });

  it("fills the thanks widget, the useful links and anna's user feed", async () => {
    const thanks = (await call(h, anna, 'GET', `/api/clients/${clientId}/all_thanks`)).json();
    expect(thanks.total).toBeGreaterThanOrEqual(2);
    const links = (await call(h, anna, 'GET', `/api/links_block/${clientId}/company`)).json().result;
    expect(links[0].links.length).toBeGreaterThanOrEqual(4);
    const me = (await call(h, anna, 'GET', '/api/user/me')).json().result.user._id;
    const mine = (await call(h, anna, 'GET', `/api/post/user_feed/${me}/0`)).json();
    // Her own and followed people's feed posts, and the posts of her demo groups and project.
    const parents = mine.result.map((p: { parent: { type: string } }) => p.parent.type);
    expect(parents.filter((type: string) => type === 'feed')).toHaveLength(2);
    expect(parents.filter((type: string) => type === 'group').length).toBeGreaterThan(0);
    expect(mine.total).toBe(parents.length);
  });
});
