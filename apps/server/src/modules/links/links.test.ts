import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createHarness, type Harness, makeWorkspace, type TestWorkspace } from '../../test/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const toggle = (ws: TestWorkspace, body: Record<string, unknown> = {}) =>
  call(h, ws.admin, 'PUT', '/api/links_block/toggle', { client_id: ws.id, module: 'company', ...body });

describe('link blocks', () => {
  it('toggle creates the module block switched on, then switches it off and on; employees see only enabled ones', async () => {
    const ws = await makeWorkspace(h);
    const created = await toggle(ws);
    expect(created.statusCode).toBe(200);
    const block = created.json().result;
    expect(block).toMatchObject({ client_id: ws.id, module: 'company', enabled: true, links: [], can: { edit: true } });
    const list = await call(h, ws.employee, 'GET', `/api/links_block/${ws.id}/company`);
    expect(list.json().result).toEqual([{ ...block, can: { edit: false } }]);
    expect((await toggle(ws)).json().result).toMatchObject({ _id: block._id, enabled: false });
    expect((await call(h, ws.employee, 'GET', `/api/links_block/${ws.id}/company`)).json().result).toEqual([]);
    expect((await call(h, ws.employee, 'GET', `/api/links_block/${block._id}`)).statusCode).toBe(404);
    expect((await call(h, ws.admin, 'GET', `/api/links_block/${ws.id}/company`)).json().result).toHaveLength(1);
    expect((await toggle(ws, { enabled: true })).json().result.enabled).toBe(true);
    expect((await toggle(ws, { enabled: true })).json().result.enabled).toBe(true);
    expect((await call(h, ws.employee, 'GET', `/api/links_block/${ws.id}/knowl_base`)).json().result).toEqual([]);
    // A module without a block yet still says who may create one.
    expect((await call(h, ws.employee, 'GET', `/api/links_block/${ws.id}/knowl_base`)).json().can).toEqual({
      edit: false,
    });
    expect((await call(h, ws.admin, 'GET', `/api/links_block/${ws.id}/knowl_base`)).json().can).toEqual({ edit: true });
  });

  it('adds, edits and removes links; a link needs a title and a valid http(s) link', async () => {
    const ws = await makeWorkspace(h);
    const { _id: blockId } = (await toggle(ws)).json().result;
    const add = (body: Record<string, unknown>) => call(h, ws.admin, 'POST', `/api/links_block/${blockId}/link`, body);
    const first = await add({ title: 'Handbook', link: 'https://intranet.example/handbook' });
    await add({ title: 'Menu', link: 'http://canteen.example/menu?week=1' });
    expect(first.statusCode).toBe(200);
    const links = (await call(h, ws.employee, 'GET', `/api/links_block/${blockId}`)).json().result.links;
    expect(links.map((l: { title: string }) => l.title)).toEqual(['Handbook', 'Menu']);
    for (const [body, field, code] of [
      [{ title: '', link: 'https://ok.example' }, 'title', 'required'],
      [{ title: 'Bad', link: 'not a link' }, 'link', 'link_invalid'],
      [{ title: 'Bad', link: 'javascript:alert(1)' }, 'link', 'link_invalid'],
      [{ title: 'No link' }, 'link', 'required'],
    ] as const) {
      const res = await add(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields?.[field]).toBe(code);
    }
    const edited = await call(h, ws.admin, 'PUT', `/api/links_block/${blockId}/link`, {
      _id: links[1]._id,
      title: 'Canteen menu',
      link: 'https://canteen.example/menu',
    });
    expect(edited.json().result.links[1]).toEqual({
      _id: links[1]._id,
      title: 'Canteen menu',
      link: 'https://canteen.example/menu',
    });
    const missing = await call(h, ws.admin, 'PUT', `/api/links_block/${blockId}/link`, {
      _id: crypto.randomUUID(),
      title: 'x',
      link: 'https://x.example',
    });
    expect(missing.json().code).toBe('link_not_found');
    const removed = await call(h, ws.admin, 'DELETE', `/api/links_block/${blockId}/link/${links[0]._id}`);
    expect(removed.json().result.links.map((l: { title: string }) => l.title)).toEqual(['Canteen menu']);
    expect((await call(h, ws.admin, 'DELETE', `/api/links_block/${blockId}/link/${links[0]._id}`)).statusCode).toBe(
      404,
    );
  });

  it('lets only administrators edit, and only their own workspace', async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    const { _id: blockId } = (await toggle(ws)).json().result;
    const link = { title: 'Wiki', link: 'https://wiki.example' };
    expect((await call(h, ws.employee, 'POST', `/api/links_block/${blockId}/link`, link)).statusCode).toBe(403);
    expect(
      (await call(h, ws.employee, 'PUT', '/api/links_block/toggle', { client_id: ws.id, module: 'company' }))
        .statusCode,
    ).toBe(403);
    expect((await call(h, other.admin, 'POST', `/api/links_block/${blockId}/link`, link)).json().code).toBe(
      'link_block_not_found',
    );
    expect((await toggle(other, { client_id: ws.id })).statusCode).toBe(403);
    expect((await call(h, other.admin, 'GET', `/api/links_block/${ws.id}/company`)).statusCode).toBe(403);
    expect((await call(h, other.admin, 'GET', `/api/links_block/${blockId}`)).statusCode).toBe(404);
  });
});
