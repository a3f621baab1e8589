import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createHarness, type Harness, makeUser, makeWorkspace, PASSWORD } from '../../test/harness.js';
import { upload } from './isolation.js';
import { EMPLOYEE_COLUMNS } from './spreadsheet.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

async function workbookOf(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook.worksheets[0];
}

const noteText = (note: ExcelJS.Comment | string | undefined) =>
  typeof note === 'string' ? note : (note?.texts ?? []).map((part) => part.text).join('');

describe('GET /api/user/import/template', () => {
  it('gives administrators an xlsx of every column the import reads, required first, with an example row', async () => {
    const ws = await makeWorkspace(h);
    const res = await call(h, ws.admin, 'GET', '/api/user/import/template');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain('employees-import-template.xlsx');
    const sheet = await workbookOf(res.rawPayload);
    const header = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
    expect(header.slice(0, 3)).toEqual(['firstName', 'lastName', 'email']);
    expect([...header].sort()).toEqual([...EMPLOYEE_COLUMNS].sort());
    expect(sheet.rowCount).toBe(2);
    const example = Object.fromEntries(header.map((key, i) => [key, sheet.getRow(2).getCell(i + 1).value]));
    expect(example).toMatchObject({ firstName: 'Maria', lastName: 'Example', email: 'maria.example@example.com' });
    expect(noteText(sheet.getRow(1).getCell(1).note)).toContain('Row 2 is an example');
    const gender = header.indexOf('gender') + 1;
    expect(noteText(sheet.getRow(1).getCell(gender).note)).toBe('man, woman or not selected.');
  });

  it("writes its notes in the administrator's language", async () => {
    const ws = await makeWorkspace(h);
    const russian = await makeUser(h, ws.id, { roles: ['admin'], lang: 'ru' });
    const sheet = await workbookOf((await call(h, russian, 'GET', '/api/user/import/template')).rawPayload);
    expect(sheet.name).toBe('Сотрудники');
    expect(noteText(sheet.getRow(1).getCell(1).note)).toContain('Строка 2 — пример');
  });

  it('is importable as it is: the example row goes in', async () => {
    const ws = await makeWorkspace(h);
    const bytes = (await call(h, ws.admin, 'GET', '/api/user/import/template')).rawPayload;
    const fileId = await upload(h, ws.admin.token, 'template.xlsx', 'application/octet-stream', bytes);
    const res = await call(h, ws.admin, 'POST', '/api/user/import', { file_id: fileId });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.errors).toEqual([]);
    const [created] = res.json().result.created;
    const person = (await call(h, ws.admin, 'GET', `/api/user/${created._id}`)).json().result;
    expect(person).toMatchObject({
      fullName: 'Maria Example',
      birthDate: '1990-04-21',
      gender: 'woman',
      vacationDays: 28,
      inn: '7700000000',
    });
  });

  it('is for administrators only', async () => {
    const ws = await makeWorkspace(h);
    const res = await call(h, ws.employee, 'GET', '/api/user/import/template');
    expect(res.statusCode).toBe(403);
    expect((await call(h, null, 'GET', '/api/user/import/template')).statusCode).toBe(401);
  });
});

describe('last sign-in in the employees list', () => {
  const listed = async (who: { token: string }, workspace: string, login: string) => {
    const res = await call(h, who, 'POST', `/api/user/filter/${workspace}`, { search: login });
    return (res.json().result as { login: string; last_sign_in: string | null; status: string }[]).find(
      (one) => one.login === login,
    );
  };

  it('is recorded at sign-in and shown to administrators only', async () => {
    const ws = await makeWorkspace(h);
    const person = await makeUser(h, ws.id, { firstName: 'Lena', lastName: 'Login' });
    expect((await listed(ws.admin, ws.workspace, person.login))?.last_sign_in).toBeNull();

    const before = Date.now();
    const login = await call(h, null, 'POST', '/api/login', { login: person.login, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    const row = await listed(ws.admin, ws.workspace, person.login);
    expect(row?.status).toBe('active');
    const at = Date.parse(row?.last_sign_in ?? '');
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);

    // A colleague sees the person, not when they last signed in.
    expect((await listed(ws.employee, ws.workspace, person.login))?.last_sign_in).toBeNull();
  });

  it('is not moved by a failed sign-in', async () => {
    const ws = await makeWorkspace(h);
    const person = await makeUser(h, ws.id);
    const wrong = await call(h, null, 'POST', '/api/login', { login: person.login, password: 'wrong-password' });
    expect(wrong.statusCode).toBe(400);
    expect((await listed(ws.admin, ws.workspace, person.login))?.last_sign_in).toBeNull();
  });
});
