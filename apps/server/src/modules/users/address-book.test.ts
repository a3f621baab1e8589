import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createHarness, type Harness, makeUser, makeWorkspace, type TestWorkspace } from '../../test/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const names = (res: { json(): { result: { lastName: string }[] } }) => res.json().result.map((u) => u.lastName);

async function office(): Promise<TestWorkspace> {
  const ws = await makeWorkspace(h);
  await makeUser(h, ws.id, {
    firstName: 'Olga',
    lastName: 'Orlova',
    position: 'Designer',
    department: 'Product',
    city: 'Riga',
    phone: '+371 2000 1111',
  });
  await makeUser(h, ws.id, {
    firstName: 'Oleg',
    lastName: 'Orlov',
    position: 'Engineer',
    department: 'R&D',
    city: 'Tallinn',
    hrData: { salary: 'secret' },
  });
  await makeUser(h, ws.id, {
    firstName: 'Gone',
    lastName: 'Away',
    department: 'Archive',
    city: 'Nowhere',
    deleted: true,
  });
  return ws;
}

describe('GET /api/user/for_client/{id}', () => {
  it('answers list items with their followers: no rights, HR data or long texts', async () => {
    const ws = await office();
    await call(h, ws.admin, 'POST', '/api/follow', { user_id: ws.employee.id });
    const res = await call(h, ws.employee, 'GET', `/api/user/for_client/${ws.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(4);
    const olga = res.json().result.find((u: { lastName: string }) => u.lastName === 'Orlova');
    expect(olga).toMatchObject({ fullName: 'Olga Orlova', position: 'Designer', phone: '+371 2000 1111' });
    for (const hidden of ['rights', 'hrData', 'files', 'about', 'inn', 'social'])
      expect(olga, hidden).not.toHaveProperty(hidden);
    const eve = res.json().result.find((u: { _id: string }) => u._id === ws.employee.id);
    expect(eve.followers).toEqual([ws.admin.id]);
    expect(olga.followers).toEqual([]);
    const paged = await call(h, ws.employee, 'GET', `/api/user/for_client/${ws.id}?limit=2`);
    expect(paged.json().result.every((u: { followers?: string[] }) => Array.isArray(u.followers))).toBe(true);
    const filtered = await call(h, ws.employee, 'POST', `/api/user/filter/${ws.workspace}`, {});
    expect(filtered.json().result[0]).not.toHaveProperty('followers');
  });

  it('pages with limit and page, keeping the total', async () => {
    const ws = await office();
    const first = await call(h, ws.employee, 'GET', `/api/user/for_client/${ws.id}?limit=3&page=0`);
    const second = await call(h, ws.employee, 'GET', `/api/user/for_client/${ws.id}?limit=3&page=1`);
    expect(first.json().total).toBe(4);
    expect(second.json().total).toBe(4);
    expect(first.json().result).toHaveLength(3);
    expect(second.json().result).toHaveLength(1);
    expect(new Set([...names(first), ...names(second)]).size).toBe(4);
    expect((await call(h, ws.employee, 'GET', `/api/user/for_client/${ws.id}?limit=501`)).statusCode).toBe(400);
  });

  it('says on every page whether the reader pins people, as the pin call decides it', async () => {
    const ws = await office();
    const can = async (who: { token: string }) => ({
      book: (await call(h, who, 'GET', `/api/user/for_client/${ws.id}?limit=2`)).json().can,
      filtered: (await call(h, who, 'POST', `/api/user/filter/${ws.workspace}`, {})).json().can,
    });
    expect(await can(ws.employee)).toEqual({ book: { pin: false }, filtered: { pin: false } });
    expect(await can(ws.admin)).toEqual({ book: { pin: true }, filtered: { pin: true } });
    expect((await call(h, ws.employee, 'PUT', `/api/user/pin/${ws.admin.id}`)).statusCode).toBe(403);
    expect((await call(h, ws.admin, 'PUT', `/api/user/pin/${ws.employee.id}`)).statusCode).toBe(200);
  });
});

describe('POST /api/user/filter/{workspace}', () => {
  it('searches name, position, department, phone and e-mail', async () => {
    const ws = await office();
    const search = async (text: string) =>
      names(await call(h, ws.employee, 'POST', `/api/user/filter/${ws.workspace}`, { search: text }));
    expect(await search('olga')).toEqual(['Orlova']);
    expect(await search('ENGINEER')).toEqual(['Orlov']);
    expect(await search('r&d')).toEqual(['Orlov']);
    expect(await search('2000 1111')).toEqual(['Orlova']);
    expect(await search(ws.employee.email.toUpperCase())).toEqual(['Employee']);
    expect(await search('away')).toEqual([]);
  });

  it('filters by department and city; deleted people only for administrators', async () => {
    const ws = await office();
    const url = `/api/user/filter/${ws.workspace}`;
    expect(names(await call(h, ws.employee, 'POST', url, { city: 'tallinn' }))).toEqual(['Orlov']);
    expect(names(await call(h, ws.employee, 'POST', url, { department: 'Product', city: 'Riga' }))).toEqual(['Orlova']);
    expect((await call(h, ws.employee, 'POST', url, { deleted: true })).statusCode).toBe(403);
    expect(names(await call(h, ws.admin, 'POST', url, { deleted: true }))).toEqual(['Away']);
    const other = await makeWorkspace(h);
    expect((await call(h, ws.employee, 'POST', `/api/user/filter/${other.workspace}`, {})).statusCode).toBe(403);
  });
});

describe('GET /api/user/filters/{clientId}', () => {
  it('answers the departments and cities of active people, sorted', async () => {
    const ws = await office();
    const res = await call(h, ws.employee, 'GET', `/api/user/filters/${ws.id}`);
    expect(res.json().result).toEqual({ departments: ['Product', 'R&D'], cities: ['Riga', 'Tallinn'] });
    const other = await makeWorkspace(h);
    expect((await call(h, ws.employee, 'GET', `/api/user/filters/${other.id}`)).statusCode).toBe(403);
  });
});

describe('pins', () => {
  it('PUT /api/user/pin/{id} pins people first in their order and unpins them', async () => {
    const ws = await office();
    const list = async () =>
      names(await call(h, ws.employee, 'POST', `/api/user/filter/${ws.workspace}`, {})).slice(0, 2);
    const olga = (await call(h, ws.admin, 'POST', `/api/user/filter/${ws.workspace}`, { search: 'olga' })).json()
      .result[0]._id;
    const first = await call(h, ws.admin, 'PUT', `/api/user/pin/${ws.employee.id}`);
    expect(first.json().result).toEqual({ _id: ws.employee.id, pinned_num: 1 });
    const second = await call(h, ws.admin, 'PUT', `/api/user/pin/${olga}`);
    expect(second.json().result.pinned_num).toBe(2);
    expect(await list()).toEqual(['Employee', 'Orlova']);

    const moved = await call(h, ws.admin, 'PUT', '/api/user/pin_move', { from: ws.employee.id, to: olga });
    expect(moved.json().result).toEqual([
      { _id: ws.employee.id, pinned_num: 2 },
      { _id: olga, pinned_num: 1 },
    ]);
    expect(await list()).toEqual(['Orlova', 'Employee']);

    const unpinned = await call(h, ws.admin, 'PUT', `/api/user/pin/${olga}`);
    expect(unpinned.json().result.pinned_num).toBeNull();
    expect(await list()).toEqual(['Employee', 'Admin']);
  });

  it('refuses employees, unpinned people in a move, deleted people and strangers', async () => {
    const ws = await office();
    const other = await makeWorkspace(h);
    expect((await call(h, ws.employee, 'PUT', `/api/user/pin/${ws.admin.id}`)).statusCode).toBe(403);
    expect(
      (await call(h, ws.employee, 'PUT', '/api/user/pin_move', { from: ws.admin.id, to: ws.employee.id })).statusCode,
    ).toBe(403);
    await call(h, ws.admin, 'PUT', `/api/user/pin/${ws.employee.id}`);
    const unpinned = await call(h, ws.admin, 'PUT', '/api/user/pin_move', { from: ws.employee.id, to: ws.admin.id });
    expect(unpinned.json()).toMatchObject({ code: 'not_pinned', fields: { to: 'not_pinned' } });
    const same = await call(h, ws.admin, 'PUT', '/api/user/pin_move', { from: ws.employee.id, to: ws.employee.id });
    expect(same.statusCode).toBe(400);
    const gone = await makeUser(h, ws.id, { deleted: true });
    expect((await call(h, ws.admin, 'PUT', `/api/user/pin/${gone.id}`)).statusCode).toBe(404);
    expect((await call(h, ws.admin, 'PUT', `/api/user/pin/${other.employee.id}`)).statusCode).toBe(404);
  });
});
