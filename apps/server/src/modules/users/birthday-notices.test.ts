import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness, makeUser, makeWorkspace } from '../../test/harness.js';
import { sendBirthdayNotices } from './birthday-notices.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const log = { info: () => undefined, warn: () => undefined, error: () => undefined } as never;
const at = (iso: string) => new Date(iso);

async function notices(clientId: string) {
  const { rows } = await h.platform.database.query(
    `SELECT recipients, vars, link FROM notification_events WHERE client_id = $1 AND code = 'users.birthday_today'`,
    [clientId],
  );
  return rows as { recipients: unknown; vars: Record<string, string>; link: string }[];
}

describe("a colleague's birthday today", () => {
  it('tells everyone once a day from 09:00 in the workspace’s zone, naming whose birthday it is', async () => {
    const ws = await makeWorkspace(h, { settings: { timeZone: 'Asia/Tokyo' } });
    await makeUser(h, ws.id, { firstName: 'Bea', lastName: 'Born', birthDate: '1991-03-14' });
    await makeUser(h, ws.id, { firstName: 'Cal', lastName: 'Cake', birthDate: '1985-03-14' });
    await makeUser(h, ws.id, { firstName: 'Gone', lastName: 'Away', birthDate: '1985-03-14', deleted: true });
    await makeUser(h, ws.id, { firstName: 'Ned', lastName: 'Notyet', birthDate: '1985-03-15' });
    const quiet = await makeWorkspace(h, { settings: { timeZone: 'Asia/Tokyo' } });
    await makeUser(h, quiet.id, { firstName: 'Ola', lastName: 'Other', birthDate: '1990-07-01' });

    // 23:30 UTC on the 13th is 08:30 on the 14th in Tokyo: too early.
    await sendBirthdayNotices(h.platform, h.app.services, log, at('2031-03-13T23:30:00Z'));
    expect(await notices(ws.id)).toEqual([]);
    // 09:30 in Tokyo, twice at once and once more later that day: one notification.
    await Promise.all([
      sendBirthdayNotices(h.platform, h.app.services, log, at('2031-03-14T00:30:00Z')),
      sendBirthdayNotices(h.platform, h.app.services, log, at('2031-03-14T00:30:00Z')),
    ]);
    await sendBirthdayNotices(h.platform, h.app.services, log, at('2031-03-14T08:00:00Z'));
    expect(await notices(ws.id)).toEqual([
      {
        recipients: { everyone: true },
        vars: { actor: '', names: 'Bea Born, Cal Cake', count: '2' },
        link: '/birthdays/',
      },
    ]);
    expect(await notices(quiet.id)).toEqual([]);
    // The next day has no birthday but Ned's.
    await sendBirthdayNotices(h.platform, h.app.services, log, at('2031-03-15T01:00:00Z'));
    expect((await notices(ws.id)).map((n) => n.vars.names)).toEqual(['Bea Born, Cal Cake', 'Ned Notyet']);
  });

  it('greets 29 February birthdays on the 28th outside leap years', async () => {
    const ws = await makeWorkspace(h);
    await makeUser(h, ws.id, { firstName: 'Leap', lastName: 'Year', birthDate: '1996-02-29' });
    await sendBirthdayNotices(h.platform, h.app.services, log, at('2031-02-28T10:00:00Z'));
    expect((await notices(ws.id)).map((n) => n.vars.names)).toEqual(['Leap Year']);
  });
});
