// Feature and right switches close everything of their feature: its routes (the guard), what other modules reach of
// it (group posts on the wall, group audiences of events, link previews) and the public routes a secret opens on
// someone's behalf (the iCal feed, the Telegram webhook). Each case is first called with the switch on (it must
// work, so the request is real), then with it off (it must be refused as the contract says).
import type { Feature, Right } from '@hallway/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createHarness,
  type Harness,
  makeWorkspace,
  type TestUser,
  type TestWorkspace,
} from '../test/harness.js';

let h: Harness;
beforeAll(async () => {
  // Telegram's API stands nowhere: the bot's setWebhook fails at once and is only logged.
  h = await createHarness({ TELEGRAM_API_URL: 'http://127.0.0.1:9' });
});
afterAll(() => h.close());

interface Fixture {
  ws: TestWorkspace;
  post: string;
  group: string;
  groupPost: string;
  project: string;
  /** The employee's iCal feed, as a path. */
  feed: string;
  telegramSecret: string;
}

async function ok(who: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) {
  const res = await call(h, who, method, url, body);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json();
}

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/** A workspace with everything on, and one object of each kind the cases reach. */
async function fixture(): Promise<Fixture> {
  const ws = await makeWorkspace(h);
  const me = ws.employee;
  const post = (await ok(me, 'POST', '/api/post', { text: 'Company news' })).result._id;
  const group = (await ok(me, 'POST', '/api/group/', { name: 'Runners', description: 'We run', type: 'public' })).result
    ._id;
  // Someone besides the organizer, so an event for the group has a member.
  await ok(ws.admin, 'POST', `/api/group/${group}/join`);
  const groupPost = (await ok(me, 'POST', '/api/post', { text: 'Run at six', parent: { type: 'group', id: group } }))
    .result._id;
  const project = (await ok(me, 'POST', '/api/project/', { name: 'Apollo' })).result._id;
  const feed = (await ok(me, 'GET', '/api/event/settings')).result.feedUrl.replace('http://hallway.test', '');
  await ok(ws.admin, 'PUT', '/api/notification_channels', { telegram_token: '123456:switch-bot-token_abcd' });
  const channels = (await ok(ws.admin, 'GET', `/api/notification_channels/${ws.id}`)).result;
  const telegramSecret = String(channels.telegram_webhook).split('/api/telegram/webhook/')[1];
  return { ws, post, group, groupPost, project, feed, telegramSecret };
}

async function setFeature(clientId: string, code: Feature, active: boolean) {
  await h.platform.database.query(
    `UPDATE clients SET features = (SELECT jsonb_agg(CASE WHEN f->>'code' = $2
       THEN jsonb_set(f, '{active}', to_jsonb($3::boolean)) ELSE f END) FROM jsonb_array_elements(features) f)
     WHERE id = $1`,
    [clientId, code, active],
  );
}

async function setRight(userId: string, right: Right, granted: boolean) {
  await h.platform.database.query(
    `UPDATE users SET rights = jsonb_set(rights, ARRAY[$2::text], to_jsonb($3::boolean)) WHERE id = $1`,
    [userId, right, granted],
  );
}

const preview = (f: Fixture, path: string) => call(h, f.ws.employee, 'GET', `/api/link/preview?path=${path}`);
const feed = (f: Fixture) => h.app.inject({ method: 'GET', url: f.feed });
const telegram = (f: Fixture) =>
  call(h, null, 'POST', `/api/telegram/webhook/${f.telegramSecret}`, { update_id: 1, message: { text: 'hello' } });

interface Case {
  name: string;
  run(f: Fixture): Promise<LightMyRequestResponse>;
  /** How it is refused when switched off: a status with its code, or still 200 without the object `hides` names. */
  off: { status: 403 | 404; code?: string } | { hides: (f: Fixture) => string };
}

const notFound = { status: 404 } as const;
const disabled = { status: 403, code: 'feature_disabled' } as const;

const byFeature: Partial<Record<Feature, Case[]>> = {
  wall: [
    { name: 'a post', run: (f) => call(h, f.ws.employee, 'GET', `/api/post/${f.post}`), off: disabled },
    { name: 'the preview of a post', run: (f) => preview(f, `/post/${f.post}`), off: notFound },
    { name: 'the preview of a group post', run: (f) => preview(f, `/post/${f.groupPost}`), off: notFound },
    {
      name: 'a comment under a post',
      run: (f) => call(h, f.ws.employee, 'POST', '/api/comment', { parent: { type: 'post', id: f.post }, text: 'Hi' }),
      off: disabled,
    },
  ],
  groups: [
    { name: 'a group', run: (f) => call(h, f.ws.employee, 'GET', `/api/group/${f.group}`), off: disabled },
    { name: 'a project', run: (f) => call(h, f.ws.employee, 'GET', `/api/project/${f.project}`), off: disabled },
    { name: 'a group post', run: (f) => call(h, f.ws.employee, 'GET', `/api/post/${f.groupPost}`), off: notFound },
    {
      name: 'the group feed',
      run: (f) => call(h, f.ws.employee, 'GET', `/api/post/group/${f.group}`),
      off: notFound,
    },
    {
      name: 'posting to a group',
      run: (f) =>
        call(h, f.ws.employee, 'POST', '/api/post', { text: 'Again', parent: { type: 'group', id: f.group } }),
      off: notFound,
    },
    {
      name: 'a reaction to a group post',
      run: (f) => call(h, f.ws.employee, 'POST', '/api/post/like', { like_type: 'post', id: f.groupPost }),
      off: notFound,
    },
    {
      name: 'a comment under a group post',
      run: (f) =>
        call(h, f.ws.employee, 'POST', '/api/comment', { parent: { type: 'post', id: f.groupPost }, text: 'Hi' }),
      off: notFound,
    },
    {
      name: 'an event for a group',
      run: (f) =>
        call(h, f.ws.employee, 'POST', '/api/event/', {
          name: 'Morning run',
          date: tomorrow(),
          startTime: '06:00',
          endTime: '07:00',
          groups: [f.group],
        }),
      off: notFound,
    },
    { name: 'the preview of a group', run: (f) => preview(f, `/group/${f.group}`), off: notFound },
    { name: 'the preview of a project', run: (f) => preview(f, `/project/${f.project}`), off: notFound },
    { name: 'the preview of a group post', run: (f) => preview(f, `/post/${f.groupPost}`), off: notFound },
    {
      name: "the author's feed",
      run: (f) => call(h, f.ws.employee, 'GET', `/api/post/user/${f.ws.employee.id}`),
      off: { hides: (f) => f.groupPost },
    },
    {
      name: "the person's combined feed",
      run: (f) => call(h, f.ws.employee, 'GET', `/api/post/user_feed/${f.ws.employee.id}/0`),
      off: { hides: (f) => f.groupPost },
    },
  ],
  calendar: [
    { name: 'the calendar settings', run: (f) => call(h, f.ws.employee, 'GET', '/api/event/settings'), off: disabled },
    { name: 'the iCal feed', run: feed, off: disabled },
  ],
  notifications: [
    {
      name: 'the notification channels',
      run: (f) => call(h, f.ws.admin, 'GET', `/api/notification_channels/${f.ws.id}`),
      off: disabled,
    },
    { name: 'the Telegram webhook', run: telegram, off: disabled },
  ],
};

const byRight: Partial<Record<Right, Case[]>> = {
  calendar: [
    {
      name: 'the calendar settings',
      run: (f) => call(h, f.ws.employee, 'GET', '/api/event/settings'),
      off: { status: 403, code: 'no_access' },
    },
    { name: 'the iCal feed', run: feed, off: { status: 403, code: 'no_access' } },
  ],
};

async function expectWorks(f: Fixture, c: Case) {
  const res = await c.run(f);
  expect(res.statusCode, `${c.name}, switched on: ${res.body}`).toBe(200);
  if ('hides' in c.off) expect(res.body, `${c.name}, switched on`).toContain(c.off.hides(f));
}

async function expectRefused(f: Fixture, c: Case) {
  const res = await c.run(f);
  if ('hides' in c.off) {
    expect(res.statusCode, `${c.name}, switched off: ${res.body}`).toBe(200);
    expect(res.body, `${c.name}, switched off`).not.toContain(c.off.hides(f));
    return;
  }
  expect(res.statusCode, `${c.name}, switched off: ${res.body}`).toBe(c.off.status);
  if (c.off.code) expect(res.json().code, `${c.name}, switched off`).toBe(c.off.code);
}

describe('a switched-off feature closes every route and preview of it', () => {
  for (const [feature, cases] of Object.entries(byFeature) as [Feature, Case[]][]) {
    it(`${feature}: ${cases.map((c) => c.name).join('; ')}`, { timeout: 120_000 }, async () => {
      const f = await fixture();
      for (const c of cases) await expectWorks(f, c);
      await setFeature(f.ws.id, feature, false);
      for (const c of cases) await expectRefused(f, c);
      // Switched on again, it all comes back.
      await setFeature(f.ws.id, feature, true);
      for (const c of cases) await expectWorks(f, c);
    });
  }
});

describe("a person's right taken away closes what it opens", () => {
  for (const [right, cases] of Object.entries(byRight) as [Right, Case[]][]) {
    it(`${right}: ${cases.map((c) => c.name).join('; ')}`, { timeout: 120_000 }, async () => {
      const f = await fixture();
      for (const c of cases) await expectWorks(f, c);
      await setRight(f.ws.employee.id, right, false);
      for (const c of cases) await expectRefused(f, c);
      await setRight(f.ws.employee.id, right, true);
      for (const c of cases) await expectWorks(f, c);
    });
  }
});

describe('a blocked workspace', () => {
  it('serves neither its people’s iCal feeds nor its Telegram bot’s webhook', { timeout: 120_000 }, async () => {
    const f = await fixture();
    const blocked: Case[] = [
      { name: 'the iCal feed', run: feed, off: { status: 403, code: 'company_blocked' } },
      { name: 'the Telegram webhook', run: telegram, off: { status: 403, code: 'company_blocked' } },
      { name: 'a preview', run: (x) => preview(x, `/post/${x.post}`), off: { status: 403, code: 'company_blocked' } },
    ];
    for (const c of blocked) await expectWorks(f, c);
    await h.platform.database.query(`UPDATE clients SET status = 'blocked' WHERE id = $1`, [f.ws.id]);
    for (const c of blocked) await expectRefused(f, c);
    // A wrong token still learns nothing: the same bare 404 as ever.
    const wrong = f.feed.replace(/\/[A-Za-z0-9_-]{43}\.ics$/, `/${'A'.repeat(43)}.ics`);
    expect((await h.app.inject({ method: 'GET', url: wrong })).statusCode).toBe(404);
  });
});
