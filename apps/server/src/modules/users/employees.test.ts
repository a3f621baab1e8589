import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createHarness, type Harness, makeUser, makeWorkspace, PASSWORD } from '../../test/harness.js';
import { upload } from './isolation.js';
import { normaliseRow } from './spreadsheet.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

let serial = 0;
const person = () => {
  const tag = `${Date.now().toString(36)}${serial++}`;
  return {
    firstName: 'Nina',
    lastName: 'Novak',
    email: `nina.${tag}@example.test`,
    login: `nina${tag}`,
    password: 'long-enough',
    confirmation: 'long-enough',
  };
};

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('People');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function readXlsx(bytes: Buffer): Promise<Record<string, unknown>[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const header = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
  const rows: Record<string, unknown>[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const values = (sheet.getRow(r).values as unknown[]).slice(1);
    rows.push(Object.fromEntries(header.map((key, i) => [key, values[i] ?? ''])));
  }
  return rows;
}

describe('spec portal §5 "Employees": every refusal', () => {
  it('refuses registrations breaking the employee rules, with the field and its code', async () => {
    const ws = await makeWorkspace(h);
    const taken = await makeUser(h, ws.id);
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['name required', { firstName: '' }, 'firstName', 'required'],
      ['last name required', { lastName: '   ' }, 'lastName', 'required'],
      ['email required', { email: '' }, 'email', 'email_invalid'],
      ['email valid', { email: 'nina@' }, 'email', 'email_invalid'],
      ['email unique', { email: taken.email.toUpperCase() }, 'email', 'email_taken'],
      ['login unique', { login: taken.login }, 'login', 'login_taken'],
      ['invalid symbols in a name', { lastName: 'Novak<b>' }, 'lastName', 'invalid_symbols'],
      ['invalid symbols in a login', { login: 'nina novak' }, 'login', 'invalid_symbols'],
      ['password length', { password: 'abc12', confirmation: 'abc12' }, 'password', 'password_short'],
      ['confirmation', { confirmation: 'other-one' }, 'confirmation', 'passwords_mismatch'],
      ['short name fields', { middleName: 'M'.repeat(21) }, 'middleName', 'too_long'],
      ['INN of 10 digits', { inn: '12345678901' }, 'inn', 'inn_invalid'],
      ['INN digits only', { inn: '12345abcde' }, 'inn', 'inn_invalid'],
    ];
    for (const [rule, change, field, code] of cases) {
      const res = await call(h, ws.admin, 'POST', '/api/register', { ...person(), ...change });
      expect(res.statusCode, rule).toBeGreaterThanOrEqual(400);
      expect(res.json().fields?.[field], rule).toBe(code);
    }
  });

  it('requires the old password for a change of the own password', async () => {
    const ws = await makeWorkspace(h);
    const me = ws.employee;
    const body = { password: 'new-secret-1', confirmation: 'new-secret-1' };
    expect((await call(h, me, 'PUT', `/api/user/${me.id}`, body)).json().fields).toEqual({
      oldPassword: 'old_password_required',
    });
    const ok = await call(h, me, 'PUT', `/api/user/${me.id}`, { ...body, oldPassword: PASSWORD });
    expect(ok.statusCode).toBe(200);
  });

  it('an administrator cannot delete themselves or another administrator, nor change their own role', async () => {
    const ws = await makeWorkspace(h);
    const second = await makeUser(h, ws.id, { roles: ['admin'] });
    expect((await call(h, ws.admin, 'PUT', `/api/user/delete/${ws.admin.id}`)).json().code).toBe('cannot_delete_self');
    expect((await call(h, ws.admin, 'PUT', `/api/user/delete/${second.id}`)).json().code).toBe('cannot_delete_admin');
    expect((await call(h, ws.admin, 'DELETE', `/api/user/${ws.admin.id}/role/admin`)).json().code).toBe(
      'cannot_change_own_role',
    );
    expect((await call(h, ws.admin, 'PUT', `/api/user/${ws.admin.id}/role/hr`)).json().code).toBe(
      'cannot_change_own_role',
    );
  });
});

describe('export', () => {
  it('POST /api/user/export/{id} answers a real xlsx of the employee', async () => {
    const ws = await makeWorkspace(h);
    const nina = await makeUser(h, ws.id, {
      firstName: 'Нина',
      lastName: 'Новак',
      inn: '0123456789',
      birthDate: '1990-04-05',
      position: 'Analyst',
    });
    const res = await call(h, ws.admin, 'POST', `/api/user/export/${nina.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="employee-.+\.xlsx"/);
    const [row] = await readXlsx(res.rawPayload);
    expect(row).toMatchObject({
      login: nina.login,
      firstName: 'Нина',
      lastName: 'Новак',
      inn: '0123456789',
      birthDate: '1990-04-05',
      position: 'Analyst',
    });
    expect(row).not.toHaveProperty('password');
  });

  it('writes text that a spreadsheet would take for a formula with a leading apostrophe, which an import drops', async () => {
    const ws = await makeWorkspace(h);
    const risky = {
      position: '=HYPERLINK("https://evil.example","Open")',
      phone: '+351 910 000 000',
      department: '-2+3',
      city: '@SUM(A1)',
      about: '\tindented',
    };
    const person = await makeUser(h, ws.id, { ...risky, lastName: 'Risky' });
    const res = await call(h, ws.admin, 'POST', `/api/user/export/${person.id}`);
    const [row] = await readXlsx(res.rawPayload);
    for (const [column, text] of Object.entries(risky)) expect(row[column], column).toBe(`'${text}`);
    expect(row.lastName).toBe('Risky');
    // Imported again, the cells read as they were typed.
    expect(normaliseRow(row)).toMatchObject(risky);
  });

  it('POST /api/user/export/all/{clientId} answers everyone, deleted people marked', async () => {
    const ws = await makeWorkspace(h);
    await makeUser(h, ws.id, { lastName: 'Gone', deleted: true });
    const res = await call(h, ws.admin, 'POST', `/api/user/export/all/${ws.id}`);
    expect(res.headers['content-disposition']).toContain(`employees-${ws.workspace}-`);
    const rows = await readXlsx(res.rawPayload);
    expect(rows.map((r) => [r.lastName, r.deleted])).toEqual([
      ['Admin', ''],
      ['Employee', ''],
      ['Gone', 'yes'],
    ]);
  });

  it('refuses employees and other workspaces', async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    expect((await call(h, ws.employee, 'POST', `/api/user/export/${ws.admin.id}`)).statusCode).toBe(403);
    expect((await call(h, ws.employee, 'POST', `/api/user/export/all/${ws.id}`)).statusCode).toBe(403);
    expect((await call(h, ws.admin, 'POST', `/api/user/export/all/${other.id}`)).statusCode).toBe(403);
    expect((await call(h, ws.admin, 'POST', `/api/user/export/${other.employee.id}`)).statusCode).toBe(404);
  });
});

describe('POST /api/user/import', () => {
  it('imports the good rows of an xlsx sheet and reports each bad row by its sheet row', async () => {
    const ws = await makeWorkspace(h);
    const [a, b, c] = [person(), person(), person()];
    const sheet = await xlsx([
      ['First name', 'Last name', 'E-mail', 'INN', 'Birth date', 'Position', 'Password'],
      [a.firstName, 'Good', a.email, 123456789, new Date(Date.UTC(1991, 0, 2)), 'Analyst', 'pass-word-1'],
      [b.firstName, 'Bad', 'not-an-email', '', '', '', ''],
      [],
      [c.firstName, 'Also good', c.email, '', '', 'Designer', ''],
    ]);
    const fileId = await upload(h, ws.admin.token, 'people.xlsx', 'application/octet-stream', sheet);
    const res = await call(h, ws.admin, 'POST', '/api/user/import', { file_id: fileId });
    expect(res.statusCode).toBe(200);
    const { created, errors } = res.json().result;
    expect(created.map((r: { row: number }) => r.row)).toEqual([2, 5]);
    expect(errors).toEqual([{ row: 3, fields: { email: 'email_invalid' }, message: 'Validation error' }]);
    const good = (await call(h, ws.admin, 'GET', `/api/user/${created[0]._id}`)).json().result;
    expect(good).toMatchObject({ lastName: 'Good', inn: '0123456789', birthDate: '1991-01-02', position: 'Analyst' });
    const signIn = await call(h, null, 'POST', '/api/login', { login: a.email, password: 'pass-word-1' });
    expect(signIn.statusCode).toBe(200);
  });

  it('reads CSV with semicolons and gives imported people the workspace default rights', async () => {
    const ws = await makeWorkspace(h);
    await call(h, ws.admin, 'PUT', `/api/clients/${ws.id}`, {
      settings: { defaultRights: { chat: false, shop: false } },
    });
    const a = person();
    const csv = `firstName;lastName;email;city\n"${a.firstName}";"Semi; Colon";${a.email};Riga\n`;
    const fileId = await upload(h, ws.admin.token, 'people.csv', 'text/csv', Buffer.from(`\uFEFF${csv}`));
    const res = await call(h, ws.admin, 'POST', '/api/user/import', { file_id: fileId });
    expect(res.json().result.errors).toEqual([
      { row: 2, fields: { lastName: 'invalid_symbols' }, message: 'Validation error' },
    ]);
    const ok = `firstName,lastName,email,city\n${a.firstName},Comma,${a.email},Riga\n`;
    const second = await upload(h, ws.admin.token, 'people.csv', 'text/csv', Buffer.from(ok));
    const report = (await call(h, ws.admin, 'POST', '/api/user/import', { file_id: second })).json().result;
    expect(report.errors).toEqual([]);
    const imported = (await call(h, ws.admin, 'GET', `/api/user/${report.created[0]._id}`)).json().result;
    expect(imported).toMatchObject({ city: 'Riga', rights: { chat: false, shop: false, wall: true } });
  });

  it('refuses a file that is not a spreadsheet, and employees', async () => {
    const ws = await makeWorkspace(h);
    const png = await upload(h, ws.admin.token, 'x.png', 'image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 1]));
    const res = await call(h, ws.admin, 'POST', '/api/user/import', { file_id: png });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('import_file_invalid');
    const noColumns = await upload(h, ws.admin.token, 'x.csv', 'text/csv', Buffer.from('foo,bar\n1,2\n'));
    expect((await call(h, ws.admin, 'POST', '/api/user/import', { file_id: noColumns })).json().code).toBe(
      'import_file_invalid',
    );
    expect((await call(h, ws.employee, 'POST', '/api/user/import', { file_id: noColumns })).statusCode).toBe(403);
  });

  it('keeps POST /api/register_many working beside it', async () => {
    const ws = await makeWorkspace(h);
    const res = await call(h, ws.admin, 'POST', '/api/register_many', { users: [person(), { firstName: 'X' }] });
    expect(res.json().result.created).toHaveLength(1);
    expect(res.json().result.errors[0]).toMatchObject({ row: 2 });
  });
});

describe('workspace settings an administrator edits (other settings and company data tabs)', () => {
  it('saves company data and settings, merging default rights', async () => {
    const ws = await makeWorkspace(h);
    const res = await call(h, ws.admin, 'PUT', `/api/clients/${ws.id}`, {
      name: 'Renamed',
      fullName: 'Renamed Ltd',
      city: 'Riga',
      director: 'D. Irector',
      inn: '1234567890',
      start_page: 'addressBook',
      lang: 'ru',
      settings: { openRegistration: true, hideMoodMeter: true, defaultRights: { chat: false } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({
      name: 'Renamed',
      start_page: 'addressBook',
      settings: { openRegistration: true, hideMoodMeter: true, defaultRights: { chat: false, wall: true } },
    });
    expect((await call(h, ws.admin, 'PUT', `/api/clients/${ws.id}`, { storageSize: 1 })).statusCode).toBe(403);
  });
});
