import { on, once } from 'node:events';
import { FEATURES } from '@hallway/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inSystem } from '../../platform/db/tenant.js';
import { call, createHarness, type Harness, makeUser, makeWorkspace, type TestWorkspace } from '../../test/harness.js';
import { clients } from '../clients/tables.js';
import { users } from '../users/tables.js';
import { delivery } from './deliver.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ JOBS: '1' });
});
afterAll(() => h.close());

/** Resolves once the principal cache has applied a workspace's change (payload `*`: it forgets everyone). */
async function untilForgotten() {
  for await (const [payload] of on(h.platform.principals!, 'change')) if (payload === '*') return;
}

/** Resolves once the fan-out job finished the event (listening first, so a quick job is not missed). */
async function delivered(eventId: string) {
  const done = new Promise<void>((resolve) => {
    const listener = (id: string) => {
      if (id !== eventId) return;
      delivery.events.off('delivered', listener);
      resolve();
    };
    delivery.events.on('delivered', listener);
  });
  const { rows } = await h.platform.database.query('SELECT done_at FROM notification_events WHERE id = $1', [eventId]);
  if ((rows[0] as { done_at: unknown } | undefined)?.done_at) return;
  await done;
}

/**
 * Sends a notice and waits for its fan-out: through the job queue (`viaJob`), or run right here as the job would,
 * so tests about what is delivered need not wait for the queue's polls (its job then finds the event done).
 */
async function notice(ws: TestWorkspace, body: Record<string, unknown>, viaJob = false) {
  const res = await call(h, ws.admin, 'POST', '/api/notification', body);
  expect(res.statusCode, res.body).toBe(200);
  const eventId = res.json().result._id as string;
  if (viaJob) await delivered(eventId);
  else await delivery.deliver(h.platform, ws.id, eventId);
  return eventId;
}

const unread = (ws: TestWorkspace, who = ws.employee) =>
  call(h, who, 'GET', `/api/notification/unread/${ws.id}/${who.id}`).then((r) => r.json());
const section = (ws: TestWorkspace, name: string, query = '', time = 'now', who = ws.employee) =>
  call(h, who, 'GET', `/api/notification/${ws.id}/${name}/${who.id}/${time}${query}`);

describe('notification centre', () => {
  it('delivers a notice to the centre through the job queue; counts, lists per section with the read filter, one entry, mark read', {
    timeout: 90_000,
  }, async () => {
    const ws = await makeWorkspace(h);
    await notice(
      ws,
      {
        title: 'Fire drill at <b>noon</b>',
        text: 'Meet in the yard',
        recipients: [ws.employee.id],
        link: '/company',
      },
      true,
    );
    const counts = await unread(ws);
    expect(counts.count).toBe(1);
    expect(counts.sections).toMatchObject({ all: 1, other: 1, posts: 0, events: 0 });
    const list = (await section(ws, 'all')).json();
    expect(list.next).toBeNull();
    expect(list.result).toHaveLength(1);
    const entry = list.result[0];
    expect(entry).toMatchObject({
      code: 'notifications.message',
      section: 'other',
      title: 'Fire drill at <b>noon</b>',
      text: 'Meet in the yard',
      link: '/company',
      read: false,
      actor: { _id: ws.admin.id, name: 'Ada Admin', avatar: null },
    });
    expect((await section(ws, 'other', '?read=0')).json().result).toHaveLength(1);
    expect((await section(ws, 'posts')).json().result).toEqual([]);
    expect((await section(ws, 'other', '?read=1')).json().result).toEqual([]);
    expect((await call(h, ws.employee, 'GET', `/api/notification/${entry._id}`)).json().result).toEqual(entry);
    // The admin has no entry of their own (nobody is told of their own action) and cannot open the employee's.
    expect((await unread(ws, ws.admin)).count).toBe(0);
    expect((await call(h, ws.admin, 'GET', `/api/notification/${entry._id}`)).statusCode).toBe(404);

    const read = await call(h, ws.employee, 'PUT', '/api/notification/read', { ids: [entry._id] });
    expect(read.json()).toMatchObject({ result: { updated: 1 }, unread: { count: 0 } });
    expect((await section(ws, 'other', '?read=1')).json().result[0]).toMatchObject({ _id: entry._id, read: true });
    expect((await call(h, ws.employee, 'GET', `/api/notification/${ws.id}/all`)).json().result).toHaveLength(1);
    // The e-mail channel is off for notices by default: nothing in the outbox for the employee.
    const { rows } = await h.platform.database.query('SELECT 1 FROM outbox WHERE "to" = $1', [ws.employee.email]);
    expect(rows).toEqual([]);
  });

  it('pages a section by time and marks a whole section read', async () => {
    const ws = await makeWorkspace(h);
    for (let i = 0; i < 22; i++) {
      const res = await call(h, ws.admin, 'POST', '/api/notification', {
        title: `Notice ${i}`,
        recipients: [ws.employee.id],
      });
      // The fan-out of each notice right away, as its job would, so the 22 need not wait for the job queue's polls.
      await delivery.deliver(h.platform, ws.id, res.json().result._id);
    }
    const first = (await section(ws, 'other')).json();
    expect(first.result).toHaveLength(20);
    expect(first.result[0].title).toBe('Notice 21');
    const second = (await section(ws, 'other', '', encodeURIComponent(first.next))).json();
    expect(second.result.map((e: { title: string }) => e.title)).toEqual(['Notice 1', 'Notice 0']);
    expect(second.next).toBeNull();
    const posts = await call(h, ws.employee, 'PUT', '/api/notification/read_all', { section: 'posts' });
    expect(posts.json()).toMatchObject({ result: { updated: 0 }, unread: { count: 22 } });
    const all = await call(h, ws.employee, 'PUT', '/api/notification/read_all', { section: 'other' });
    expect(all.json()).toMatchObject({ result: { updated: 22 }, unread: { count: 0, sections: { other: 0 } } });
  });

  it('counts only the sections of modules the server runs whose feature the workspace has on', async () => {
    const ws = await makeWorkspace(h);
    await notice(ws, { title: 'Hello', recipients: [ws.employee.id] });
    // Every feature on: the sections of the modules built (no adaptation yet).
    expect(Object.keys((await unread(ws)).sections).sort()).toEqual(
      ['all', 'chat', 'events', 'groups', 'other', 'polls', 'posts', 'resp', 'services', 'shop', 'tasks'].sort(),
    );
    // The unread count's principal (with the features) comes from the principal cache: on PostgreSQL the
    // trigger's notification reaches it after the update returns, so wait until the cache has forgotten.
    const forgotten = untilForgotten();
    await inSystem(h.platform.database, (tx) =>
      tx
        .update(clients)
        .set({
          features: FEATURES.map((code) => ({
            code,
            active: !['chat', 'groups', 'knowl_base', 'polls', 'services', 'shop', 'task_tracker'].includes(code),
          })),
        })
        .where(eq(clients.id, ws.id)),
    );
    await forgotten;
    const counts = await unread(ws);
    expect(counts).toEqual({ count: 1, sections: { all: 1, events: 0, posts: 0, other: 1 } });
    // Marking read answers the same sections.
    const read = await call(h, ws.employee, 'PUT', '/api/notification/read_all', { section: 'all' });
    expect(read.json().unread).toEqual({ count: 0, sections: { all: 0, events: 0, posts: 0, other: 0 } });
  });

  it('gives the actor’s photo with each entry, in the list, one entry and the live event', async () => {
    const ws = await makeWorkspace(h);
    const photo = { src: '/api/files/ada-photo.jpg', mini: '/api/files/ada-photo-mini.jpg' };
    await inSystem(h.platform.database, (tx) =>
      tx
        .update(users)
        .set({ pics: [photo] })
        .where(eq(users.id, ws.admin.id)),
    );
    const emit = vi.spyOn(h.platform.realtime, 'emit');
    await notice(ws, { title: 'Cake in the kitchen', recipients: [ws.employee.id] });
    const actor = { _id: ws.admin.id, name: 'Ada Admin', avatar: photo.mini };
    const [entry] = (await section(ws, 'all')).json().result;
    expect(entry.actor).toEqual(actor);
    expect((await call(h, ws.employee, 'GET', `/api/notification/${entry._id}`)).json().result.actor).toEqual(actor);
    const event = emit.mock.calls.find((c) => c[2] === 'notification.new')?.[3] as { notification: { actor: unknown } };
    emit.mockRestore();
    expect(event.notification.actor).toEqual(actor);
  });

  it('refuses unknown sections, times and another person’s centre', async () => {
    const ws = await makeWorkspace(h);
    const bad = await section(ws, 'gossip');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ section: 'notification_section_unknown' });
    expect((await section(ws, 'all', '', 'yesterday')).statusCode).toBe(400);
    expect((await call(h, ws.employee, 'PUT', '/api/notification/read_all', { section: 'gossip' })).statusCode).toBe(
      400,
    );
    const other = await call(h, ws.employee, 'GET', `/api/notification/unread/${ws.id}/${ws.admin.id}`);
    expect(other.statusCode).toBe(403);
    expect((await call(h, ws.employee, 'GET', `/api/notification/${ws.id}/all/${ws.admin.id}/now`)).statusCode).toBe(
      403,
    );
    expect((await call(h, ws.employee, 'POST', '/api/notification', { title: 'Hi' })).statusCode).toBe(403);
    const stranger = await call(h, ws.admin, 'POST', '/api/notification', {
      title: 'Hi',
      recipients: [crypto.randomUUID()],
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().fields).toEqual({ recipients: 'unknown_recipients' });
  });
});

describe('notification settings', () => {
  it('a person overrides the workspace defaults; without the centre channel nothing is listed', async () => {
    const ws = await makeWorkspace(h);
    const defaults = await call(h, ws.employee, 'GET', `/api/user/notifications/client/${ws.id}`);
    expect(defaults.json().result.notifications).toContainEqual({
      name: 'posts.mention',
      section: 'posts',
      channel: ['center', 'system'],
      default: ['center', 'system'],
    });
    const workspace = await call(h, ws.admin, 'PUT', '/api/user/notifications', {
      client_id: ws.id,
      notifications: [{ name: 'notifications.message', channel: ['center', 'email'] }],
    });
    expect(workspace.statusCode, workspace.body).toBe(200);
    const mine = await call(h, ws.employee, 'GET', `/api/user/notifications/${ws.employee.id}`);
    expect(mine.json().result.notifications).toContainEqual({
      name: 'notifications.message',
      section: 'other',
      channel: ['center', 'email'],
      default: ['center', 'email'],
    });
    await notice(ws, { title: 'Payday <script>x</script>', recipients: [ws.employee.id] });
    const { rows } = await h.platform.database.query('SELECT subject, html FROM outbox WHERE "to" = $1', [
      ws.employee.email,
    ]);
    expect(rows).toHaveLength(1);
    expect((rows[0] as { html: string }).html).toContain('Payday &lt;script&gt;x&lt;/script&gt;');
    expect((rows[0] as { html: string }).html).not.toContain('<script>');

    const saved = await call(h, ws.employee, 'PUT', '/api/user/notifications', {
      user_id: ws.employee.id,
      notifications: [{ name: 'notifications.message', channel: [] }],
    });
    expect(saved.json().result.notifications).toContainEqual({
      name: 'notifications.message',
      section: 'other',
      channel: [],
      default: ['center', 'email'],
    });
    await notice(ws, { title: 'Silent', recipients: [ws.employee.id] });
    expect((await unread(ws)).count).toBe(1);
    expect((await section(ws, 'all')).json().result.map((e: { title: string }) => e.title)).toEqual([
      'Payday <script>x</script>',
    ]);
  });

  it('refuses unknown codes and channels, and another person’s settings', async () => {
    const ws = await makeWorkspace(h);
    const put = (who: typeof ws.admin, body: object) => call(h, who, 'PUT', '/api/user/notifications', body);
    const code = await put(ws.employee, { notifications: [{ name: 'posts.gossip', channel: ['center'] }] });
    expect(code.statusCode).toBe(400);
    expect(code.json().fields).toEqual({ 'notifications.0.name': 'notification_code_unknown' });
    const channel = await put(ws.employee, { notifications: [{ name: 'posts.mention', channel: ['pigeon'] }] });
    expect(channel.statusCode).toBe(400);
    expect(channel.json().fields).toMatchObject({ 'notifications.0.channel.0': 'notification_channel_unknown' });
    expect((await put(ws.employee, { user_id: ws.admin.id, notifications: [] })).statusCode).toBe(403);
    expect((await put(ws.admin, { user_id: ws.employee.id, notifications: [] })).statusCode).toBe(403);
    expect((await put(ws.employee, { client_id: ws.id, notifications: [] })).statusCode).toBe(403);
    expect((await call(h, ws.employee, 'GET', `/api/user/notifications/${ws.admin.id}`)).statusCode).toBe(403);
    expect((await call(h, ws.admin, 'GET', `/api/user/notifications/${ws.employee.id}`)).statusCode).toBe(200);
  });
});

describe('fan-out', () => {
  it('reaches every employee account of the workspace once, in batches, even when a batch runs again', {
    timeout: 90_000,
  }, async () => {
    const ws = await makeWorkspace(h);
    const gone = await makeUser(h, ws.id, { deleted: true });
    await h.platform.database.query(
      `INSERT INTO users (id, client_id, login, rights, first_name, last_name)
       SELECT gen_random_uuid(), $1, 'bulk-' || $2 || '-' || g, '{}'::jsonb, 'Bulk', 'Person ' || g FROM generate_series(1, 1500) g`,
      [ws.id, ws.workspace],
    );
    const other = await makeWorkspace(h);
    const eventId = await notice(ws, { title: 'Everyone, please' }, true);
    const count = async (sql: string, params: unknown[]) =>
      Number(((await h.platform.database.query(sql, params)).rows[0] as { n: number }).n);
    // 1500 + the employee; not the sender, not the deleted account, nobody of the other workspace.
    expect(await count('SELECT count(*)::int AS n FROM notifications WHERE event_id = $1', [eventId])).toBe(1501);
    expect(
      await count('SELECT count(*)::int AS n FROM notifications WHERE user_id = ANY($1::uuid[])', [
        [gone.id, ws.admin.id, other.employee.id],
      ]),
    ).toBe(0);
    // A crash before the cursor moved: the batch runs again and inserts nothing twice.
    await h.platform.database.query('UPDATE notification_events SET cursor = NULL, done_at = NULL WHERE id = $1', [
      eventId,
    ]);
    await delivery.deliver(h.platform, ws.id, eventId);
    expect(await count('SELECT count(*)::int AS n FROM notifications WHERE event_id = $1', [eventId])).toBe(1501);
    expect((await unread(ws)).count).toBe(1);
  });
});

describe('waiting for events', () => {
  it('a listener added after delivery still resolves', async () => {
    const ws = await makeWorkspace(h);
    const res = await call(h, ws.admin, 'POST', '/api/message', { recipients: [ws.employee.id], text: 'Lunch?' });
    const eventId = res.json().result._id;
    await Promise.race([once(delivery.events, 'delivered'), delivered(eventId)]);
    await delivered(eventId);
    expect((await section(ws, 'all')).json().result[0]).toMatchObject({
      title: 'Ada Admin',
      text: 'Lunch?',
      link: `/user/${ws.admin.id}`,
    });
  });
});

describe('PUT api/notification', () => {
  it('e-mails an event to everyone it reached; employees and unknown events are refused', async () => {
    const ws = await makeWorkspace(h);
    const eventId = await notice(ws, { title: 'Office closed on Friday', recipients: [ws.employee.id] });
    expect((await call(h, ws.employee, 'PUT', '/api/notification', { _id: eventId })).statusCode).toBe(403);
    expect((await call(h, ws.admin, 'PUT', '/api/notification', { _id: crypto.randomUUID() })).statusCode).toBe(404);
    const mailed = new Promise((resolve) => delivery.events.once('mailed', resolve));
    const res = await call(h, ws.admin, 'PUT', '/api/notification', { _id: eventId });
    expect(res.json()).toEqual({ result: { queued: 1 } });
    expect(await mailed).toBe(eventId);
    const { rows } = await h.platform.database.query('SELECT subject FROM outbox WHERE "to" = $1', [ws.employee.email]);
    expect(rows).toEqual([{ subject: 'Office closed on Friday' }]);
  });
});
