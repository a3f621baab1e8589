import { mentionMarkup } from '@hallway/shared';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inSystem } from '../../platform/db/tenant.js';
import { call, createHarness, type Harness, makeUser, makeWorkspace, type TestUser } from '../../test/harness.js';
import { users } from '../users/tables.js';
import { publishDuePosts } from './scheduled.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const log = pino({ level: 'silent' });
const HOUR = 60 * 60 * 1000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
/** The publishing job's pass, run directly as if the clock read `now`. */
const runJob = (now: number) => publishDuePosts(h.platform, h.app.services, log, now);

const newsIds = async (user: TestUser) =>
  (await call(h, user, 'GET', `/api/post/news/${user.clientId}/0`)).json().result.map((p: { _id: string }) => p._id);
const scheduledOf = async (user: TestUser) => (await call(h, user, 'GET', '/api/post/scheduled')).json().result;

/** Realtime events the platform sends while `work` runs (the real emitter is still called). */
async function emitted(work: () => Promise<unknown>) {
  const events: { clientId: string; event: string; payload: { _id: string } }[] = [];
  const realtime = h.platform.realtime;
  const original = realtime.emit;
  realtime.emit = (clientId, room, event, payload) => {
    events.push({ clientId, event, payload: payload as { _id: string } });
    return original.call(realtime, clientId, room, event, payload);
  };
  try {
    await work();
  } finally {
    realtime.emit = original;
  }
  return events;
}

async function notificationsOf(clientId: string) {
  const { rows } = await h.platform.database.query(
    'SELECT code, link, actor_id, recipients FROM notification_events WHERE client_id = $1 ORDER BY created',
    [clientId],
  );
  return rows as { code: string; link: string; actor_id: string; recipients: { ids?: string[] } }[];
}

describe('scheduled posts', () => {
  it('stay with their author until the job publishes them, then reach everyone with notifications and realtime', async () => {
    const ws = await makeWorkspace(h);
    const colleague = await makeUser(h, ws.id, { firstName: 'Carla', lastName: 'Colleague' });
    const publishAt = inHours(2);
    const events = await emitted(async () => {
      const res = await call(h, ws.admin, 'POST', '/api/post', {
        text: `Town hall on Monday, ${mentionMarkup(colleague.id, 'Carla')} presents`,
        publishAt,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().result).toMatchObject({
        parent: { type: 'company', id: ws.id },
        publishAt: new Date(publishAt).toISOString(),
        mentions: [{ _id: colleague.id }],
        can: { edit: true, delete: true },
      });
    });
    expect(events).toEqual([]);
    const [scheduled] = await scheduledOf(ws.admin);
    const id = scheduled._id as string;
    // Nobody else sees it anywhere yet; no notification went out.
    expect(await scheduledOf(ws.employee)).toEqual([]);
    expect(await newsIds(ws.employee)).not.toContain(id);
    expect(await newsIds(ws.admin)).not.toContain(id);
    expect((await call(h, ws.employee, 'GET', `/api/post/${id}`)).statusCode).toBe(404);
    expect(await notificationsOf(ws.id)).toEqual([]);

    // The job before its time leaves it alone.
    expect(await runJob(Date.now() + HOUR)).toBe(0);
    expect(await scheduledOf(ws.admin)).toHaveLength(1);

    const published = await emitted(async () => expect(await runJob(Date.now() + 3 * HOUR)).toBe(1));
    expect(published).toEqual([
      expect.objectContaining({
        clientId: ws.id,
        event: 'post.created',
        payload: expect.objectContaining({ _id: id }),
      }),
    ]);
    expect(await scheduledOf(ws.admin)).toEqual([]);
    expect((await newsIds(ws.employee))[0]).toBe(id);
    const post = (await call(h, ws.employee, 'GET', `/api/post/${id}`)).json().result;
    expect(post).toMatchObject({ _id: id, publishAt: null, author: { _id: ws.admin.id } });
    expect(Date.now() - new Date(post.created).getTime()).toBeLessThan(60_000);
    expect(await notificationsOf(ws.id)).toEqual([
      { code: 'posts.mention', link: `/post/${id}`, actor_id: ws.admin.id, recipients: { ids: [colleague.id] } },
    ]);
    // Run again: nothing left to publish.
    expect(await runJob(Date.now() + 3 * HOUR)).toBe(0);
  });

  it('lets the author cancel; checks the rules when scheduled and again when published', async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    const post = async (user: TestUser, body: Record<string, unknown>) => call(h, user, 'POST', '/api/post', body);

    const far = await post(ws.employee, { text: 'Next year', publishAt: inHours(24 * 400) });
    expect(far.statusCode).toBe(400);
    expect(far.json().code).toBe('post_publish_at_invalid');
    expect((await post(ws.employee, { text: 'Soon', publishAt: 'tomorrow' })).statusCode).toBe(400);
    const mustRead = await post(ws.employee, { text: 'Read it', mustRead: true, publishAt: inHours(1) });
    expect(mustRead.statusCode).toBe(403);
    // A time already past publishes at once.
    const past = await post(ws.employee, { text: 'Right away', publishAt: inHours(-1) });
    expect(past.json().result.publishAt).toBeNull();
    expect((await newsIds(ws.employee))[0]).toBe(past.json().result._id);

    const id = (await post(ws.employee, { text: 'Cancel me', publishAt: inHours(1) })).json().result._id;
    expect((await call(h, ws.admin, 'DELETE', `/api/post/scheduled/${id}`)).statusCode).toBe(404);
    expect((await call(h, other.admin, 'DELETE', `/api/post/scheduled/${id}`)).statusCode).toBe(404);
    expect((await call(h, ws.employee, 'DELETE', `/api/post/scheduled/${id}`)).statusCode).toBe(200);
    expect(await scheduledOf(ws.employee)).toEqual([]);

    // A mentioned person who left before the time: the post is dropped, not retried forever.
    const leaving = await makeUser(h, ws.id, { firstName: 'Lea', lastName: 'Leaving' });
    const doomed = await post(ws.employee, { text: `Bye ${mentionMarkup(leaving.id, 'Lea')}`, publishAt: inHours(1) });
    expect(doomed.statusCode, doomed.body).toBe(200);
    await inSystem(h.platform.database, (tx) =>
      tx.update(users).set({ deletionMark: true }).where(eq(users.id, leaving.id)),
    );
    expect(await runJob(Date.now() + 2 * HOUR)).toBe(0);
    expect(await scheduledOf(ws.employee)).toEqual([]);
    expect(await newsIds(ws.employee)).not.toContain(doomed.json().result._id);
  });

  it('lets the author change the text and time: the job keeps to the new time, publishes once, never a cancelled one', async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    const carla = await makeUser(h, ws.id, { firstName: 'Carla', lastName: 'Colleague' });
    const edit = (user: TestUser, id: string, body: Record<string, unknown>) =>
      call(h, user, 'PUT', `/api/post/scheduled/${id}`, body);
    const id = (await call(h, ws.employee, 'POST', '/api/post', { text: 'Draft', publishAt: inHours(1) })).json().result
      ._id as string;

    // Only its author: others 404, and a foreign workspace's people too.
    for (const stranger of [ws.admin, other.admin, other.employee]) {
      expect((await edit(stranger, id, { text: 'Mine now' })).statusCode).toBe(404);
    }
    const formatted = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Launch', marks: [{ type: 'bold' }] },
            { type: 'text', text: ` with ${mentionMarkup(carla.id, 'Carla')}` },
          ],
        },
      ],
    };
    const moved = await edit(ws.employee, id, { text: 'x', doc: formatted, publishAt: inHours(5) });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().result).toMatchObject({
      _id: id,
      text: `Launch with ${mentionMarkup(carla.id, 'Carla')}`,
      doc: formatted,
      mentions: [{ _id: carla.id }],
      publishAt: expect.any(String),
    });
    expect(new Date(moved.json().result.publishAt).getTime()).toBeGreaterThan(Date.now() + 4 * HOUR);
    // The rules hold on the change: a thank-you-sized refusal, a bad time, a bad link.
    expect((await edit(ws.employee, id, { publishAt: inHours(24 * 400) })).json().code).toBe('post_publish_at_invalid');
    const js = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] }],
        },
      ],
    };
    expect((await edit(ws.employee, id, { doc: js })).statusCode).toBe(400);

    // The run queued for the old time finds nothing due; the new time publishes it, once.
    expect(await runJob(Date.now() + 2 * HOUR)).toBe(0);
    expect(await scheduledOf(ws.employee)).toHaveLength(1);
    expect(await runJob(Date.now() + 6 * HOUR)).toBe(1);
    expect(await runJob(Date.now() + 6 * HOUR)).toBe(0);
    const published = (await call(h, carla, 'GET', `/api/post/${id}`)).json().result;
    expect(published).toMatchObject({
      _id: id,
      text: `Launch with ${mentionMarkup(carla.id, 'Carla')}`,
      doc: formatted,
    });
    expect((await newsIds(ws.employee)).filter((p: string) => p === id)).toHaveLength(1);
    // Published: no more editing as a scheduled post.
    expect((await edit(ws.employee, id, { text: 'Late' })).json().code).toBe('scheduled_post_not_found');

    // Publish now: published at once with its id and announced; the job has nothing left of it.
    const soon = (await call(h, ws.employee, 'POST', '/api/post', { text: 'Soon', publishAt: inHours(3) })).json()
      .result._id as string;
    const events = await emitted(async () => {
      const now = await edit(ws.employee, soon, { publishAt: null, text: 'Now instead' });
      expect(now.statusCode, now.body).toBe(200);
      expect(now.json().result).toMatchObject({ _id: soon, text: 'Now instead', publishAt: null, doc: null });
    });
    expect(events).toEqual([
      expect.objectContaining({ event: 'post.created', payload: expect.objectContaining({ _id: soon }) }),
    ]);
    expect((await newsIds(ws.employee))[0]).toBe(soon);
    expect(await runJob(Date.now() + 4 * HOUR)).toBe(0);

    // Cancelled: never published, not even by a run at its time.
    const gone = (await call(h, ws.employee, 'POST', '/api/post', { text: 'Never', publishAt: inHours(1) })).json()
      .result._id as string;
    expect((await call(h, ws.employee, 'DELETE', `/api/post/scheduled/${gone}`)).statusCode).toBe(200);
    expect(await runJob(Date.now() + 2 * HOUR)).toBe(0);
    expect((await call(h, ws.employee, 'GET', `/api/post/${gone}`)).statusCode).toBe(404);
  });
});
