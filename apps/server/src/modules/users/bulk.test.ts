import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createHarness, type Harness, makeUser, makeWorkspace } from '../../test/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const bulk = (who: { token: string }, body: Record<string, unknown>) => call(h, who, 'POST', '/api/user/bulk', body);
const rowOf = async (id: string) => {
  const { rows } = await h.platform.database.query(
    'SELECT deletion_mark, roles, rights, token_version FROM users WHERE id = $1',
    [id],
  );
  return rows[0] as { deletion_mark: boolean; roles: string[]; rights: Record<string, boolean>; token_version: number };
};

describe('POST /api/user/bulk', () => {
  it('blocks and unblocks fifty people in one call, answering per id', async () => {
    const ws = await makeWorkspace(h);
    const people = await Promise.all(Array.from({ length: 50 }, (_, i) => makeUser(h, ws.id, { lastName: `P${i}` })));
    const ids = people.map((p) => p.id);
    const blocked = await bulk(ws.admin, { action: 'block', ids });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json().result).toHaveLength(50);
    expect(blocked.json().result.every((r: { ok: boolean }) => r.ok)).toBe(true);
    for (const id of ids) expect((await rowOf(id)).deletion_mark).toBe(true);
    // A blocked person's token stops working at once, as with the one-by-one delete.
    expect((await call(h, people[0], 'GET', '/api/user/me')).statusCode).toBe(401);
    const list = await call(h, ws.admin, 'POST', `/api/user/filter/${ws.workspace}`, { deleted: true, limit: 100 });
    expect(list.json().total).toBe(50);

    const restored = await bulk(ws.admin, { action: 'unblock', ids });
    expect(restored.json().result.filter((r: { ok: boolean }) => r.ok)).toHaveLength(50);
    for (const id of ids) expect((await rowOf(id)).deletion_mark).toBe(false);
  });

  it('keeps the one-by-one rules per person: not oneself, not another administrator, not foreign ids', async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    const admin2 = await makeUser(h, ws.id, { roles: ['admin'] });
    const nobody = '0190a0b2-7c1d-7e3f-8a9b-0c1d2e3f4a5b';
    // Another workspace's person answers exactly as nobody does: the whole selection is refused, nothing done.
    for (const stranger of [other.employee.id, nobody]) {
      const refused = await bulk(ws.admin, { action: 'block', ids: [ws.employee.id, stranger] });
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ code: 'user_not_found', message: 'User not found' });
      expect((await rowOf(ws.employee.id)).deletion_mark).toBe(false);
    }
    const res = await bulk(ws.admin, { action: 'block', ids: [ws.employee.id, ws.admin.id, admin2.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual([
      { _id: ws.employee.id, ok: true },
      { _id: ws.admin.id, ok: false, code: 'cannot_delete_self' },
      { _id: admin2.id, ok: false, code: 'cannot_delete_admin' },
    ]);
    expect((await rowOf(ws.employee.id)).deletion_mark).toBe(true);
    expect((await rowOf(admin2.id)).deletion_mark).toBe(false);
    expect((await rowOf(other.employee.id)).deletion_mark).toBe(false);

    const demote = await bulk(ws.admin, { action: 'revoke_role', role: 'admin', ids: [ws.admin.id, admin2.id] });
    expect(demote.json().result).toEqual([
      { _id: ws.admin.id, ok: false, code: 'cannot_change_own_role' },
      { _id: admin2.id, ok: false, code: 'cannot_change_admin' },
    ]);
    expect((await rowOf(admin2.id)).roles).toEqual(['admin']);
  });

  it('grants and revokes a role, and sets a right, of the selection', async () => {
    const ws = await makeWorkspace(h);
    const a = await makeUser(h, ws.id);
    const b = await makeUser(h, ws.id);
    const granted = await bulk(ws.admin, { action: 'grant_role', role: 'hr', ids: [a.id, b.id] });
    expect(granted.json().result).toEqual([
      { _id: a.id, ok: true },
      { _id: b.id, ok: true },
    ]);
    expect((await rowOf(a.id)).roles).toEqual(['hr']);
    await bulk(ws.admin, { action: 'revoke_role', role: 'hr', ids: [a.id] });
    expect((await rowOf(a.id)).roles).toEqual([]);
    expect((await rowOf(b.id)).roles).toEqual(['hr']);

    const rights = await bulk(ws.admin, { action: 'set_rights', rights: { shop: false }, ids: [a.id, b.id] });
    expect(rights.statusCode).toBe(200);
    expect((await rowOf(a.id)).rights.shop).toBe(false);
    expect((await rowOf(b.id)).rights.shop).toBe(false);
    expect((await rowOf(ws.employee.id)).rights.shop).not.toBe(false);
  });

  it('resends invitations to the invited ones only', async () => {
    const ws = await makeWorkspace(h);
    const invited = await call(h, ws.admin, 'POST', '/api/user/invite', {
      firstName: 'Ines',
      lastName: 'Invited',
      email: `ines.${Date.now().toString(36)}@example.test`,
    });
    const id = invited.json().result._id as string;
    const res = await bulk(ws.admin, { action: 'resend_invitation', ids: [id, ws.employee.id] });
    expect(res.json().result).toEqual([
      { _id: id, ok: true },
      { _id: ws.employee.id, ok: false, code: 'not_invited' },
    ]);
    const { rows } = await h.platform.database.query('SELECT count(*)::int AS n FROM outbox WHERE "to" = $1', [
      invited.json().result.email,
    ]);
    expect(rows[0]).toEqual({ n: 2 });
  });

  it('refuses bad bodies and anyone but an administrator', async () => {
    const ws = await makeWorkspace(h);
    const ids = [ws.employee.id];
    const cases: [Record<string, unknown>, number, string][] = [
      [{ action: 'block', ids: [] }, 400, 'ids'],
      [{ action: 'block', ids: ['not-a-uuid'] }, 400, 'ids.0'],
      [{ action: 'explode', ids }, 400, 'action'],
      [{ action: 'grant_role', ids }, 400, 'role'],
      [{ action: 'grant_role', role: 'superadmin', ids }, 400, 'role'],
      [{ action: 'set_rights', ids }, 400, 'rights'],
    ];
    for (const [body, status, field] of cases) {
      const res = await bulk(ws.admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(Object.keys(res.json().fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    const tooMany = Array.from({ length: 501 }, () => crypto.randomUUID());
    expect((await bulk(ws.admin, { action: 'block', ids: tooMany })).statusCode).toBe(400);
    expect((await bulk(ws.employee, { action: 'block', ids: [ws.admin.id] })).statusCode).toBe(403);
    expect((await rowOf(ws.admin.id)).deletion_mark).toBe(false);
  });
});

describe('POST /api/user/export/selected', () => {
  it('exports the chosen people; another workspace’s id refuses the export', async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    const res = await call(h, ws.admin, 'POST', '/api/user/export/selected', { ids: [ws.employee.id] });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const cells = JSON.stringify(sheet.getSheetValues());
    expect(cells).toContain(ws.employee.email);
    expect(cells).not.toContain(ws.admin.email);
    const foreign = await call(h, ws.admin, 'POST', '/api/user/export/selected', {
      ids: [ws.employee.id, other.employee.id],
    });
    expect(foreign.statusCode).toBe(404);
    expect((await call(h, ws.employee, 'POST', '/api/user/export/selected', { ids: [ws.admin.id] })).statusCode).toBe(
      403,
    );
  });
});
