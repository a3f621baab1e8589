import { FEATURES } from '@hallway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createHarness, type Harness, makeWorkspace, superadmin, type TestUser } from '../../test/harness.js';

let h: Harness;
let root: TestUser;
beforeAll(async () => {
  h = await createHarness();
  root = await superadmin(h);
});
afterAll(() => h.close());

const code = () => `acme${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

describe('workspaces (superadmin)', () => {
  it('creates a workspace with every feature on and its first administrator', async () => {
    const workspace = code();
    const res = await call(h, root, 'POST', '/api/clients', {
      workspace,
      name: 'Acme',
      city: 'Oslo',
      admin: { email: `boss@${workspace}.test`, password: 'boss-pass', firstName: 'Bo', lastName: 'Ss' },
    });
    expect(res.statusCode).toBe(200);
    const client = res.json().result;
    expect(client).toMatchObject({ workspace, name: 'Acme', city: 'Oslo', status: 'active', start_page: 'company' });
    expect(client.features).toHaveLength(FEATURES.length);
    expect(client.features.every((f: { active: boolean }) => f.active)).toBe(true);
    const login = await call(h, null, 'POST', '/api/loginPage', {
      login: `boss@${workspace}.test`,
      password: 'boss-pass',
      workspace,
    });
    expect(login.json().result.roles).toEqual(['admin']);
  });

  it('refuses a code with other than Latin letters and digits, and a taken code', async () => {
    const bad = await call(h, root, 'POST', '/api/clients', { workspace: 'ac-me', name: 'X' });
    expect(bad.json()).toMatchObject({ code: 'validation', fields: { workspace: 'workspace_code_invalid' } });
    const cyrillic = await call(h, root, 'POST', '/api/clients', { workspace: 'фирма', name: 'X' });
    expect(cyrillic.json().fields.workspace).toBe('workspace_code_invalid');
    const ws = await makeWorkspace(h);
    const taken = await call(h, root, 'POST', '/api/clients', { workspace: ws.workspace.toUpperCase(), name: 'X' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields).toEqual({ workspace: 'workspace_taken' });
  });

  it('lists workspaces with search and status, counting people', async () => {
    const ws = await makeWorkspace(h);
    const res = await call(h, root, 'GET', `/api/clients?search=${ws.workspace}`);
    expect(res.json().result).toEqual([expect.objectContaining({ _id: ws.id, usersCount: 2, storageUsed: 0 })]);
    await call(h, root, 'PUT', `/api/clients/${ws.id}`, { status: 'blocked' });
    const blocked = await call(h, root, 'GET', '/api/clients?status=blocked');
    expect(blocked.json().result.map((c: { _id: string }) => c._id)).toContain(ws.id);
    const active = await call(h, root, 'GET', '/api/clients?status=active');
    expect(active.json().result.map((c: { _id: string }) => c._id)).not.toContain(ws.id);
  });

  it('blocking a workspace stops its people; activating lets them back', async () => {
    const ws = await makeWorkspace(h);
    await call(h, root, 'PUT', `/api/clients/${ws.id}`, { status: 'blocked' });
    expect((await call(h, ws.employee, 'GET', '/api/user/me')).json().code).toBe('company_blocked');
    await call(h, root, 'PUT', `/api/clients/${ws.id}`, { status: 'active' });
    expect((await call(h, ws.employee, 'GET', '/api/user/me')).statusCode).toBe(200);
  });

  it('switches a feature and answers the features', async () => {
    const ws = await makeWorkspace(h);
    const res = await call(h, root, 'PUT', `/api/clients/features/switch/${ws.id}/chat`);
    expect(res.json().features).toContainEqual({ code: 'chat', active: false });
    const again = await call(h, root, 'PUT', `/api/clients/features/switch/${ws.id}/chat`);
    expect(again.json().features).toContainEqual({ code: 'chat', active: true });
    expect((await call(h, root, 'PUT', `/api/clients/features/switch/${ws.id}/teleport`)).statusCode).toBe(400);
    expect((await call(h, ws.admin, 'PUT', `/api/clients/features/switch/${ws.id}/chat`)).statusCode).toBe(403);
  });

  it('enters a workspace with X-COMPANY-ID', async () => {
    const ws = await makeWorkspace(h);
    const none = await call(h, root, 'GET', `/api/user/for_client/${ws.id}`);
    expect(none.json().code).toBe('workspace_required');
    const inside = await call(h, root, 'GET', `/api/user/for_client/${ws.id}`, undefined, { 'x-company-id': ws.id });
    expect(inside.json().total).toBe(2);
    const me = await call(h, root, 'GET', '/api/user/me', undefined, { 'x-company-id': ws.id });
    expect(me.json().result.client._id).toBe(ws.id);
  });

  it('writes the journal for cross-workspace operations', async () => {
    await call(h, root, 'GET', '/api/clients');
    const { rows } = await h.platform.database.query(
      "SELECT action FROM journal WHERE user_id = $1 AND action = 'clients.list'",
      [root.id],
    );
    expect(rows.length).toBeGreaterThan(0);
  });
});

describe('workspaces (administrators and employees)', () => {
  it('an administrator reads and edits their own workspace but not its status or quota', async () => {
    const ws = await makeWorkspace(h);
    const res = await call(h, ws.admin, 'PUT', `/api/clients/${ws.id}`, {
      name: 'Renamed',
      colors: { primary: '#12b886' },
      settings: { hideMoodMeter: true, defaultRights: { wall: false } },
      menu: [{ code: 'wall', name: 'News', order: 1 }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({
      name: 'Renamed',
      colors: { primary: '#12b886' },
      settings: { hideMoodMeter: true, defaultRights: { wall: false, chat: true } },
    });
    expect((await call(h, ws.admin, 'PUT', `/api/clients/${ws.id}`, {})).json().result.name).toBe('Renamed');
    const status = await call(h, ws.admin, 'PUT', `/api/clients/${ws.id}`, { status: 'blocked' });
    expect(status.statusCode).toBe(403);
    expect((await call(h, ws.employee, 'PUT', `/api/clients/${ws.id}`, { name: 'x' })).statusCode).toBe(403);
    expect((await call(h, ws.employee, 'GET', `/api/clients/${ws.id}`)).statusCode).toBe(200);
  });

  it('nobody but the superadmin reads or edits another workspace', async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    expect((await call(h, ws.admin, 'GET', `/api/clients/${other.id}`)).statusCode).toBe(403);
    expect((await call(h, ws.admin, 'PUT', `/api/clients/${other.id}`, { name: 'mine' })).statusCode).toBe(403);
    expect((await call(h, ws.admin, 'GET', '/api/clients')).statusCode).toBe(403);
    expect((await call(h, ws.admin, 'POST', '/api/clients', { workspace: code(), name: 'x' })).statusCode).toBe(403);
    expect((await call(h, root, 'GET', `/api/clients/${other.id}`)).statusCode).toBe(200);
  });

  it('GET /api/clients/by_ws answers public branding only', async () => {
    const ws = await makeWorkspace(h, { settings: { openRegistration: true } });
    const res = await call(h, null, 'GET', `/api/clients/by_ws/${ws.workspace.toUpperCase()}`);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().result).sort()).toEqual(
      ['_id', 'colors', 'font', 'lang', 'logo', 'name', 'openRegistration', 'status', 'workspace'].sort(),
    );
    expect(res.json().result.openRegistration).toBe(true);
    expect((await call(h, null, 'GET', '/api/clients/by_ws/nope404')).statusCode).toBe(404);
  });

  it('GET /api/clients/features/all lists the catalogue', async () => {
    const ws = await makeWorkspace(h);
    const res = await call(h, ws.employee, 'GET', '/api/clients/features/all');
    expect(res.json().result.map((f: { code: string }) => f.code)).toEqual([...FEATURES]);
  });
});
