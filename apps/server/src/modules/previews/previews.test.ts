import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createHarness, type Harness, makeUser, makeWorkspace, type TestWorkspace } from '../../test/harness.js';

let h: Harness;
let ws: TestWorkspace;
let other: TestWorkspace;
beforeAll(async () => {
  h = await createHarness();
  ws = await makeWorkspace(h);
  other = await makeWorkspace(h);
});
afterAll(() => h.close());

const preview = (who: TestWorkspace['admin'], path: string) =>
  call(h, who, 'GET', `/api/link/preview?path=${encodeURIComponent(path)}`);
const ok = async (who: TestWorkspace['admin'], path: string) => {
  const res = await preview(who, path);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result;
};
const group = async (type: 'public' | 'closed' | 'private', name: string) => {
  const res = await call(h, ws.admin, 'POST', '/api/group/', { name, description: `The ${name} group`, type });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result._id as string;
};

describe('link previews', () => {
  it('shows a group: name and members; a closed or private group the caller is not in is 404', async () => {
    const id = await group('public', 'Cyclists');
    expect(await ok(ws.employee, `/group/${id}`)).toEqual({
      kind: 'group',
      title: 'Cyclists',
      members: 1,
      path: `/group/${id}`,
    });
    // Upper case and a trailing slash name the same page, in the id and in the kind (the web's routes match both).
    expect((await ok(ws.employee, `/group/${id.toUpperCase()}/`)).path).toBe(`/group/${id}`);
    expect(await ok(ws.employee, `/GROUP/${id}`)).toMatchObject({ kind: 'group', path: `/group/${id}` });
    for (const type of ['closed', 'private'] as const) {
      const hidden = await group(type, `Board ${type}`);
      expect((await ok(ws.admin, `/group/${hidden}`)).title).toBe(`Board ${type}`);
      const res = await preview(ws.employee, `/group/${hidden}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
  });

  it('shows a profile (position · department), a post (author, first 120 characters) and a project', async () => {
    const person = await makeUser(h, ws.id, {
      firstName: 'Lena',
      lastName: 'Stone',
      position: 'Designer',
      department: 'Product',
    });
    expect(await ok(ws.employee, `/profile/${person.id}`)).toMatchObject({
      kind: 'profile',
      title: expect.stringContaining('Lena'),
      subtitle: 'Designer · Product',
      path: `/profile/${person.id}`,
    });

    const text = `Hello @[Lena Stone](user:${person.id})\n${'word '.repeat(60)}`;
    const post = await call(h, ws.admin, 'POST', '/api/post', {
      text,
      mentions: [person.id],
      parent: { type: 'company' },
    });
    expect(post.statusCode, post.body).toBe(200);
    const card = await ok(ws.employee, `/post/${post.json().result._id}`);
    expect(card).toMatchObject({ kind: 'post', path: `/post/${post.json().result._id}` });
    expect(card.title).not.toBe('');
    expect(card.subtitle.startsWith('Hello @Lena Stone word word')).toBe(true);
    expect(card.subtitle.length).toBeLessThanOrEqual(120);
    expect(await ok(ws.employee, `/POST/${post.json().result._id}`)).toEqual(card);

    const project = await call(h, ws.admin, 'POST', '/api/project', { name: 'Launch' });
    expect(project.statusCode, project.body).toBe(200);
    const projectId = project.json().result._id;
    expect(await ok(ws.employee, `/project/${projectId}`)).toEqual({
      kind: 'project',
      title: 'Launch',
      path: `/project/${projectId}`,
    });
  });

  it('answers the same 404 for a foreign, unknown or deleted object, and for a post in a group the caller cannot read', async () => {
    const id = await group('public', 'Secret of A');
    const foreign = await preview(other.employee, `/group/${id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('Secret of A');
    expect((await preview(other.admin, `/profile/${ws.employee.id}`)).statusCode).toBe(404);
    expect((await preview(ws.employee, '/project/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);

    const gone = await makeUser(h, ws.id, { firstName: 'Gone', deleted: true });
    expect((await preview(ws.employee, `/profile/${gone.id}`)).statusCode).toBe(404);

    const hidden = await group('private', 'Private room');
    const post = await call(h, ws.admin, 'POST', '/api/post', { text: 'Quiet', parent: { type: 'group', id: hidden } });
    expect(post.statusCode, post.body).toBe(200);
    const res = await preview(ws.employee, `/post/${post.json().result._id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });

  it('refuses a path that is no intranet page: 400 with the field', async () => {
    for (const path of [
      '/groups',
      '/group/not-an-id',
      'https://evil.example/group/x',
      '/wiki/00000000-0000-4000-8000-000000000000',
    ]) {
      const res = await preview(ws.employee, path);
      expect(res.statusCode, path).toBe(400);
      expect(res.json().fields?.path).toBe('validation');
    }
    expect((await call(h, ws.employee, 'GET', '/api/link/preview')).statusCode).toBe(400);
  });
});
