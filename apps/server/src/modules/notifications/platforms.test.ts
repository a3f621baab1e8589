import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createHarness, type Harness, makeUser, makeWorkspace } from '../../test/harness.js';
import { delivery, dispatcherOf } from './deliver.js';

// Two apps in one process: the one with jobs built first, so a delivery bound to the last-built platform (the one
// without jobs) would never run.
let withJobs: Harness;
let other: Harness;
beforeAll(async () => {
  withJobs = await createHarness({ JOBS: '1', DEFAULT_LANG: 'ua' });
  other = await createHarness({ JOBS: '0' });
});
afterAll(async () => {
  await other?.close();
  await withJobs?.close();
});

async function deliveredThroughJob(h: Harness, eventId: string) {
  const done = new Promise<void>((resolve) => {
    const listener = (id: string) => {
      if (id !== eventId) return;
      delivery.events.off('delivered', listener);
      resolve();
    };
    delivery.events.on('delivered', listener);
  });
  const { rows } = await h.platform.database.query('SELECT done_at FROM notification_events WHERE id = $1', [eventId]);
  if (!(rows[0] as { done_at: unknown } | undefined)?.done_at) await done;
}

describe('notification delivery per platform', () => {
  it('gives each platform its own dispatcher', () => {
    expect(dispatcherOf(withJobs.platform)).not.toBe(dispatcherOf(other.platform));
    expect(dispatcherOf(withJobs.platform)).toBe(dispatcherOf(withJobs.platform));
  });

  it('delivers through the jobs of the app that wrote the event, in the workspace language when the person has none', {
    timeout: 60_000,
  }, async () => {
    const ws = await makeWorkspace(withJobs);
    await withJobs.platform.database.query(`UPDATE clients SET lang = 'ru' WHERE id = $1`, [ws.id]);
    const bob = await makeUser(withJobs, ws.id, { firstName: 'Bob', lang: null });
    const res = await call(withJobs, ws.admin, 'POST', '/api/follow', { user_id: bob.id });
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = await withJobs.platform.database.query(
      `SELECT id FROM notification_events WHERE client_id = $1 ORDER BY created DESC LIMIT 1`,
      [ws.id],
    );
    expect(rows.length).toBe(1);
    await deliveredThroughJob(withJobs, (rows[0] as { id: string }).id);
    const list = await call(withJobs, bob, 'GET', `/api/notification/${ws.id}/all/${bob.id}/now`);
    expect(list.json().result[0].title).toBe('Ada Admin подписался(лась) на вас');
  });
});
