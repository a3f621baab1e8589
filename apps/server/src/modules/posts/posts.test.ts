import { MB, mentionMarkup } from '@hallway/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inSystem } from '../../platform/db/tenant.js';
import {
  call,
  createHarness,
  type Harness,
  makeUser,
  makeWorkspace,
  roundTrips,
  storedFileOfSize,
  type TestUser,
} from '../../test/harness.js';
import { clients } from '../clients/tables.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const mention = (u: TestUser, name = 'Someone') => mentionMarkup(u.id, name);

async function upload(user: TestUser, name = 'photo.png') {
  const image = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c0ffee' } })
    .png()
    .toBuffer();
  const boundary = '----hallwayPosts';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`;
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/upload?purpose=attachment',
    headers: { authorization: `Bearer ${user.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), image, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
  expect(res.statusCode).toBe(200);
  return res.json().results[0];
}

/** A file row as big as the test needs, without sending its bytes (uploads have their own tests). */

const post = (user: TestUser, body: Record<string, unknown>) => call(h, user, 'POST', '/api/post', body);

describe('POST /api/post', () => {
  it('publishes a company post with a mention and an image attachment, with its preview', async () => {
    const ws = await makeWorkspace(h);
    const colleague = await makeUser(h, ws.id, { firstName: 'Carla', lastName: 'Colleague', position: 'Designer' });
    const uploaded = await upload(ws.employee);
    const res = await post(ws.employee, {
      text: `Welcome ${mention(colleague, 'Carla Colleague')}! The new office plan is attached.`,
      attachments: [uploaded.file._id],
    });
    expect(res.statusCode).toBe(200);
    const { result } = res.json();
    expect(result).toMatchObject({
      kind: 'post',
      parent: { type: 'company', id: ws.id, where: '' },
      author: { _id: ws.employee.id, name: 'Eve Employee' },
      mentions: [{ _id: colleague.id, name: 'Carla Colleague', position: 'Designer' }],
      likes: 0,
      myReaction: null,
      reactions: { like: 0, love: 0, laugh: 0, wow: 0, sad: 0, celebrate: 0 },
      commentsCount: 0,
      viewsCount: 0,
      viewed: false,
      mustRead: false,
      acknowledged: false,
      edited: false,
      can: { edit: true, delete: true, mustRead: false },
    });
    expect(result.attachments).toEqual([expect.objectContaining({ _id: uploaded.file._id, name: 'photo.png' })]);
    expect(result.attachments[0].mini).toBe(uploaded.thumb);
    const thumb = await call(h, colleague, 'GET', result.attachments[0].mini);
    expect(thumb.statusCode).toBe(200);
  });

  it('takes mentions from the list and from the markup, each once', async () => {
    const ws = await makeWorkspace(h);
    const res = await post(ws.employee, { text: `Ping ${mention(ws.admin)}`, mentions: [ws.admin.id, ws.admin.id] });
    expect(res.json().result.mentions.map((m: { _id: string }) => m._id)).toEqual([ws.admin.id]);
  });

  it('writes a plain post in one statement once the person is known; a mention takes the transaction', async () => {
    const ws = await makeWorkspace(h);
    const doc = {
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Bold news', marks: [{ type: 'bold' }] }] }],
    };
    // Any signed-in request keeps the person's principal for the one-statement routes.
    expect((await call(h, ws.employee, 'GET', `/api/post/news/${ws.id}/0`)).json().total).toBe(0);
    const plain: [Record<string, unknown>, Record<string, unknown>][] = [
      [{ text: "It's O'Brien's day" }, { text: "It's O'Brien's day", parent: { type: 'company', id: ws.id } }],
      [
        { text: 'ignored', doc },
        { text: 'Bold news', doc },
      ],
      [{ text: 'Mine', parent: { type: 'feed', where: 'Kyiv' } }, { parent: { type: 'feed', id: ws.employee.id } }],
    ];
    for (const [body, expected] of plain) {
      const res = await roundTrips(h, () => post(ws.employee, body));
      expect(res.result.statusCode, res.result.body).toBe(200);
      expect({ transactions: res.transactions, queries: res.queries }).toEqual({ transactions: 0, queries: 1 });
      expect(res.result.json().result).toMatchObject({
        ...expected,
        author: { _id: ws.employee.id, name: 'Eve Employee' },
        likes: 0,
        myReaction: null,
        mentions: [],
        can: { edit: true, delete: true },
      });
    }
    const refused = await roundTrips(h, () =>
      post(ws.employee, { text: 'Elsewhere', parent: { type: 'feed', id: ws.admin.id } }),
    );
    expect(refused.result.json()).toMatchObject({ code: 'post_parent_invalid' });
    expect({ transactions: refused.transactions, queries: refused.queries }).toEqual({ transactions: 0, queries: 0 });
    const mentioning = await roundTrips(h, () => post(ws.employee, { text: `Hi ${mention(ws.admin)}` }));
    expect(mentioning.result.json().result.mentions).toMatchObject([{ _id: ws.admin.id }]);
    expect(mentioning.transactions).toBe(1);
    // The counters moved with each: the company feed holds three, the person's feed one.
    const news = (await call(h, ws.admin, 'GET', `/api/post/news/${ws.id}/0`)).json();
    expect({ total: news.total, texts: news.result.map((p: { text: string }) => p.text) }).toEqual({
      total: 3,
      texts: [`Hi ${mention(ws.admin)}`, 'Bold news', "It's O'Brien's day"],
    });
    expect((await call(h, ws.employee, 'GET', `/api/post/user_feed/${ws.employee.id}/0`)).json().total).toBe(1);
  });

  it('places posts on the own feed, and refuses other places', async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    const feed = await post(ws.employee, { text: 'On my feed', parent: { type: 'feed' } });
    expect(feed.json().result.parent).toMatchObject({ type: 'feed', id: ws.employee.id });
    const cases: [Record<string, unknown>, number, string][] = [
      [{ type: 'feed', id: ws.admin.id }, 400, 'post_parent_invalid'],
      [{ type: 'company', id: other.id }, 400, 'post_parent_invalid'],
      [{ type: 'group', id: ws.id }, 404, 'group_not_found'],
      [{ type: 'group' }, 400, 'post_parent_invalid'],
      [{ type: 'system' }, 403, 'no_access'],
    ];
    for (const [parent, status, code] of cases) {
      const res = await post(ws.employee, { text: 'Somewhere', parent });
      expect(res.statusCode, JSON.stringify(parent)).toBe(status);
      expect(res.json().code).toBe(code);
    }
    const system = await post(ws.admin, {
      text: 'Office closed on Friday',
      parent: { type: 'system' },
      mustRead: true,
    });
    expect(system.json().result).toMatchObject({ parent: { type: 'system', id: ws.id }, mustRead: true });
  });

  it('refuses empty or too long text, strangers in mentions and foreign files', async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    const gone = await makeUser(h, ws.id, { deleted: true });
    const foreignFile = await upload(other.employee);
    const cases: [Record<string, unknown>, number, string, string?][] = [
      [{ text: '   ' }, 400, 'validation', 'text'],
      [{ text: 'x'.repeat(20_001) }, 400, 'validation', 'text'],
      [{ text: 'Hi', mentions: [other.employee.id] }, 400, 'validation', 'mentions'],
      [{ text: `Hi ${mention(other.admin)}` }, 400, 'validation', 'mentions'],
      [{ text: 'Hi', mentions: [gone.id] }, 400, 'validation', 'mentions'],
      [{ text: 'Hi', attachments: [foreignFile.file._id] }, 404, 'file_not_found'],
      [{ text: 'Hi', mustRead: true }, 403, 'no_access'],
    ];
    for (const [body, status, code, field] of cases) {
      const res = await post(ws.employee, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(res.json().code).toBe(code);
      if (field) expect(res.json().fields?.[field]).toBeDefined();
    }
    expect((await post(ws.employee, { text: `Hi ${mention(gone)}` })).json().fields).toEqual({
      mentions: 'mention_unknown',
    });
  });

  it('refuses attachments above 20 MB with the catalogue message', async () => {
    const ws = await makeWorkspace(h);
    const huge = await storedFileOfSize(h, ws.employee, 20 * MB + 1);
    const fits = await storedFileOfSize(h, ws.employee, 20 * MB);
    const res = await post(ws.employee, { text: 'Our product video', attachments: [huge] });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'attachment_too_big', message: 'Files above 20 MB cannot be attached' });
    expect((await post(ws.employee, { text: 'Our product video', attachments: [fits] })).statusCode).toBe(200);
  });

  it('needs the wall right and the wall feature', async () => {
    const ws = await makeWorkspace(h);
    const reader = await makeUser(h, ws.id, { rights: { wall: false } });
    const refused = await post(reader, { text: 'Let me in' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('no_access');
    // Reading stays open to people without the right to publish.
    expect((await call(h, reader, 'GET', `/api/post/news/${ws.id}/0`)).statusCode).toBe(200);
    await inSystem(h.platform.database, (tx) =>
      tx
        .update(clients)
        .set({ features: [{ code: 'wall', active: false }] })
        .where(eq(clients.id, ws.id)),
    );
    const off = await post(ws.admin, { text: 'Anyone?' });
    expect(off.statusCode).toBe(403);
    expect(off.json().code).toBe('feature_disabled');
    expect((await call(h, ws.employee, 'GET', `/api/post/news/${ws.id}/0`)).json().code).toBe('feature_disabled');
  });
});

describe('thank-you posts', () => {
  const thanks = (user: TestUser, text: string, mentions: string[] = []) =>
    post(user, { kind: 'thanks', text, mentions });

  it('needs more than 30 characters of plain text', async () => {
    const ws = await makeWorkspace(h);
    const name = mention(ws.admin, 'Ada');
    // The markup is long, but the reader sees "@Ada" plus the words: 30 characters exactly.
    const exactly30 = `${name} thank you for the help!!!`;
    expect(`@Ada thank you for the help!!!`).toHaveLength(30);
    const short = await thanks(ws.employee, exactly30);
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      code: 'thanks_text_short',
      message: 'A thank-you post needs more than 30 characters',
      fields: { text: 'thanks_text_short' },
    });
    const ok = await thanks(ws.employee, `${exactly30}!`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result).toMatchObject({ kind: 'thanks', mentions: [{ _id: ws.admin.id }] });
  });

  it('mentions exactly one person, who is not the author', async () => {
    const ws = await makeWorkspace(h);
    const third = await makeUser(h, ws.id);
    const text = 'Thank you so much for staying late to fix the release!';
    const none = await thanks(ws.employee, text);
    expect(none.json()).toMatchObject({ code: 'thanks_one_person', fields: { mentions: 'thanks_one_person' } });
    const two = await thanks(ws.employee, `${mention(ws.admin)} and ${mention(third)}: ${text}`);
    expect(two.statusCode).toBe(400);
    expect(two.json()).toMatchObject({
      code: 'thanks_one_person',
      message: 'A thank-you post must mention exactly one person',
    });
    const self = await thanks(ws.employee, text, [ws.employee.id]);
    expect(self.json().code).toBe('thanks_self');
    const system = await post(ws.admin, { kind: 'thanks', text, mentions: [third.id], parent: { type: 'system' } });
    expect(system.json().code).toBe('thanks_parent_invalid');
    expect((await thanks(ws.employee, text, [third.id])).statusCode).toBe(200);
  });

  it('keeps the rules when edited', async () => {
    const ws = await makeWorkspace(h);
    const created = await thanks(ws.employee, 'Thank you for the wonderful onboarding week!', [ws.admin.id]);
    const id = created.json().result._id;
    const shortened = await call(h, ws.employee, 'PUT', `/api/post/${id}`, {
      text: 'Thanks!',
      mentions: [ws.admin.id],
    });
    expect(shortened.json().code).toBe('thanks_text_short');
    const retargeted = await call(h, ws.employee, 'PUT', `/api/post/${id}`, { mentions: [] });
    expect(retargeted.json().code).toBe('thanks_one_person');
  });
});

describe('PUT and DELETE /api/post/{id}', () => {
  it('lets the author edit and delete their post, marks it edited and keeps the feed count right', async () => {
    const ws = await makeWorkspace(h);
    const id = (await post(ws.employee, { text: 'Lunch at 12?' })).json().result._id;
    const edited = await call(h, ws.employee, 'PUT', `/api/post/${id}`, { text: `Lunch at 13, ${mention(ws.admin)}?` });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().result).toMatchObject({ text: expect.stringContaining('13'), edited: true });
    expect(edited.json().result.mentions).toHaveLength(1);
    expect((await call(h, ws.employee, 'GET', `/api/post/news/${ws.id}/0`)).json().total).toBe(1);
    const gone = await call(h, ws.employee, 'DELETE', `/api/post/${id}`);
    expect(gone.json()).toEqual({ result: { _id: id } });
    expect((await call(h, ws.employee, 'GET', `/api/post/${id}`)).statusCode).toBe(404);
    const feed = (await call(h, ws.employee, 'GET', `/api/post/news/${ws.id}/0`)).json();
    expect(feed).toMatchObject({ result: [], total: 0, pages: 0 });
  });

  it('tells each reader what the wall lets them do, as the server decides it', async () => {
    const ws = await makeWorkspace(h);
    const author = await makeUser(h, ws.id);
    const id = (await post(author, { text: 'Quarterly plan' })).json().result._id;
    const can = async (who: TestUser) => (await call(h, who, 'GET', `/api/post/${id}`)).json().result.can;
    // Its author follows the reading of their post; others do not; administrators do everything.
    expect(await can(author)).toEqual({ edit: true, delete: true, mustRead: false, pin: false, readReport: true });
    expect((await can(ws.employee)).readReport).toBe(false);
    expect((await can(ws.admin)).readReport).toBe(true);
    // Every feed page says what the reader may do beyond its posts: the composer and posts announced in realtime.
    const feedCan = async (who: TestUser) => (await call(h, who, 'GET', `/api/post/news/${ws.id}/0`)).json().can;
    expect(await feedCan(ws.employee)).toEqual({ systemPost: false, mustRead: false, pin: false, moderate: false });
    expect(await feedCan(ws.admin)).toEqual({ systemPost: true, mustRead: true, pin: true, moderate: true });
    const empty = await call(h, ws.employee, 'GET', `/api/post/group/user/${author.id}`);
    expect(empty.json()).toMatchObject({ total: 0, can: { moderate: false } });
  });

  it("refuses someone else's post to employees; administrators moderate any", async () => {
    const ws = await makeWorkspace(h);
    const colleague = await makeUser(h, ws.id);
    const id = (await post(colleague, { text: 'My post' })).json().result._id;
    const asOther = await call(h, ws.employee, 'GET', `/api/post/${id}`);
    expect(asOther.json().result.can).toEqual({
      edit: false,
      delete: false,
      mustRead: false,
      pin: false,
      readReport: false,
    });
    expect((await call(h, ws.employee, 'PUT', `/api/post/${id}`, { text: 'Hijacked' })).statusCode).toBe(403);
    expect((await call(h, ws.employee, 'DELETE', `/api/post/${id}`)).statusCode).toBe(403);
    expect((await call(h, ws.admin, 'GET', `/api/post/${id}`)).json().result.can).toEqual({
      edit: true,
      delete: true,
      mustRead: true,
      pin: true,
      readReport: true,
    });
    expect((await call(h, ws.admin, 'PUT', `/api/post/${id}`, { text: 'Moderated' })).json().result.text).toBe(
      'Moderated',
    );
    expect((await call(h, ws.admin, 'DELETE', `/api/post/${id}`)).statusCode).toBe(200);
  });

  it("never finds another workspace's post", async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    const id = (await post(other.employee, { text: 'Internal numbers' })).json().result._id;
    for (const [method, url, body] of [
      ['GET', `/api/post/${id}`, undefined],
      ['PUT', `/api/post/${id}`, { text: 'x' }],
      ['DELETE', `/api/post/${id}`, undefined],
    ] as const) {
      const res = await call(h, ws.admin, method, url, body);
      expect(res.statusCode, method).toBe(404);
      expect(res.json().code).toBe('post_not_found');
      expect(res.body).not.toContain('Internal numbers');
    }
  });
});
