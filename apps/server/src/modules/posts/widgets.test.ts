import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inSystem } from '../../platform/db/tenant.js';
import { call, createHarness, type Harness, makeUser, makeWorkspace } from '../../test/harness.js';
import { clients } from '../clients/tables.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('GET /api/clients/{id}/all_thanks', () => {
  it('answers recent thank-you posts, newest first, in pages', async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    const helper = await makeUser(h, ws.id, { firstName: 'Hana', lastName: 'Helper' });
    for (const n of [1, 2]) {
      const res = await call(h, ws.employee, 'POST', '/api/post', {
        kind: 'thanks',
        text: `Thank you for the help with release number ${n}, it went smoothly!`,
        mentions: [helper.id],
      });
      expect(res.statusCode).toBe(200);
    }
    await call(h, ws.employee, 'POST', '/api/post', { text: 'An ordinary post' });
    const res = await call(h, ws.admin, 'GET', `/api/clients/${ws.id}/all_thanks`);
    expect(res.json()).toMatchObject({ total: 2, pages: 1, page: 0 });
    expect(res.json().result.map((p: { text: string }) => p.text)).toEqual([
      expect.stringContaining('number 2'),
      expect.stringContaining('number 1'),
    ]);
    expect(res.json().result[0]).toMatchObject({ kind: 'thanks', mentions: [{ _id: helper.id, name: 'Hana Helper' }] });
    expect((await call(h, other.admin, 'GET', `/api/clients/${ws.id}/all_thanks`)).statusCode).toBe(403);
  });
});

describe('GET /api/clients/{id}/birthdays', () => {
  it('lists this month and next in calendar order, flags today, and skips deleted people', async () => {
    const ws = await makeWorkspace(h);
    const people = {
      today: await makeUser(h, ws.id, { firstName: 'Tara', birthDate: '1990-01-31' }),
      earlier: await makeUser(h, ws.id, { firstName: 'Ella', birthDate: '1985-01-02' }),
      leap: await makeUser(h, ws.id, { firstName: 'Leo', birthDate: '1992-02-29' }),
      later: await makeUser(h, ws.id, { firstName: 'Mars', birthDate: '1980-03-01' }),
      gone: await makeUser(h, ws.id, { firstName: 'Gone', birthDate: '1980-01-31', deleted: true }),
    };
    const res = await call(h, ws.employee, 'GET', `/api/clients/${ws.id}/birthdays?date=2027-01-31`);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual([
      expect.objectContaining({ _id: people.earlier.id, birthday: '01-02', date: '2027-01-02', today: false }),
      expect.objectContaining({ _id: people.today.id, name: 'Tara Person', birthday: '01-31', today: true }),
      expect.objectContaining({ _id: people.leap.id, birthday: '02-29', date: '2027-02-28', today: false }),
    ]);
    const december = await call(h, ws.employee, 'GET', `/api/clients/${ws.id}/birthdays?date=2027-12-15`);
    expect(december.json().result.map((b: { _id: string; date: string }) => [b._id, b.date])).toEqual([
      [people.earlier.id, '2028-01-02'],
      [people.today.id, '2028-01-31'],
    ]);
    expect((await call(h, ws.employee, 'GET', `/api/clients/${ws.id}/birthdays?date=31.01.2027`)).statusCode).toBe(400);
  });

  it('follows the birthdays feature', async () => {
    const ws = await makeWorkspace(h);
    await inSystem(h.platform.database, (tx) =>
      tx
        .update(clients)
        .set({ features: [{ code: 'birthdays', active: false }] })
        .where(eq(clients.id, ws.id)),
    );
    expect((await call(h, ws.employee, 'GET', `/api/clients/${ws.id}/birthdays`)).json().code).toBe('feature_disabled');
  });
});

describe('GET /api/clients/{id}/anniversaries', () => {
  it('lists whole years at the company this month and next, flags today, skips newcomers and deleted people', async () => {
    const ws = await makeWorkspace(h);
    const people = {
      today: await makeUser(h, ws.id, { firstName: 'Tara', workingSince: '2022-01-31' }),
      earlier: await makeUser(h, ws.id, { firstName: 'Ella', workingSince: '2026-01-02' }),
      leap: await makeUser(h, ws.id, { firstName: 'Leo', workingSince: '2016-02-29' }),
      newcomer: await makeUser(h, ws.id, { firstName: 'Nina', workingSince: '2027-01-10' }),
      later: await makeUser(h, ws.id, { firstName: 'Mars', workingSince: '2010-03-01' }),
      gone: await makeUser(h, ws.id, { firstName: 'Gone', workingSince: '2020-01-31', deleted: true }),
      none: await makeUser(h, ws.id, { firstName: 'Olga', birthDate: '1990-01-31' }),
    };
    const res = await call(h, ws.employee, 'GET', `/api/clients/${ws.id}/anniversaries?date=2027-01-31`);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual([
      expect.objectContaining({
        _id: people.earlier.id,
        since: '2026-01-02',
        date: '2027-01-02',
        years: 1,
        today: false,
      }),
      expect.objectContaining({ _id: people.today.id, name: 'Tara Person', years: 5, date: '2027-01-31', today: true }),
      expect.objectContaining({
        _id: people.leap.id,
        since: '2016-02-29',
        date: '2027-02-28',
        years: 11,
        today: false,
      }),
    ]);
    const december = await call(h, ws.employee, 'GET', `/api/clients/${ws.id}/anniversaries?date=2027-12-15`);
    expect(
      december.json().result.map((a: { _id: string; date: string; years: number }) => [a._id, a.date, a.years]),
    ).toEqual([
      [people.earlier.id, '2028-01-02', 2],
      [people.newcomer.id, '2028-01-10', 1],
      [people.today.id, '2028-01-31', 6],
    ]);
    const leapYear = await call(h, ws.employee, 'GET', `/api/clients/${ws.id}/anniversaries?date=2028-02-01`);
    expect(leapYear.json().result).toEqual([
      expect.objectContaining({ _id: people.leap.id, date: '2028-02-29', years: 12 }),
      expect.objectContaining({ _id: people.later.id, date: '2028-03-01', years: 18 }),
    ]);
    expect((await call(h, ws.employee, 'GET', `/api/clients/${ws.id}/anniversaries?date=31.01.2027`)).statusCode).toBe(
      400,
    );
  });

  it('refuses another workspace and follows the birthdays feature', async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    await makeUser(h, ws.id, { workingSince: '2020-01-31' });
    expect((await call(h, other.admin, 'GET', `/api/clients/${ws.id}/anniversaries`)).statusCode).toBe(403);
    await inSystem(h.platform.database, (tx) =>
      tx
        .update(clients)
        .set({ features: [{ code: 'birthdays', active: false }] })
        .where(eq(clients.id, ws.id)),
    );
    expect((await call(h, ws.employee, 'GET', `/api/clients/${ws.id}/anniversaries`)).json().code).toBe(
      'feature_disabled',
    );
  });
});
