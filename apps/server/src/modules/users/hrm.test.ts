import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createHarness, type Harness, makeUser, makeWorkspace, type TestWorkspace } from '../../test/harness.js';
import { upload } from './isolation.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

let serial = 0;
const email = () => `hr.${Date.now().toString(36)}${serial++}@example.test`;

async function loadCsv(ws: TestWorkspace, csv: string) {
  const fileId = await upload(h, ws.admin.token, 'hrm.csv', 'text/csv', Buffer.from(csv));
  return call(h, ws.admin, 'POST', '/api/user/load_hrm', { file_id: fileId });
}

describe('POST /api/user/load_hrm', () => {
  it('updates employees found by INN, creates the others, and reports each bad row', async () => {
    const ws = await makeWorkspace(h);
    const known = await makeUser(h, ws.id, { inn: '1111111111', position: 'Intern', department: 'Old' });
    const newcomer = email();
    const csv = [
      'inn,firstName,lastName,email,position,department,workingSince',
      '1111111111,,,,Senior Analyst,Finance,2019-05-06',
      `2222222222,Hanna,Hrova,${newcomer},Accountant,Finance,2024-01-15`,
      `12345,Bad,Inn,${email()},,,`,
      `,No,Inn,${email()},,,`,
      `2222222222,Twice,Listed,${email()},,,`,
      '3333333333,No,Email,,,,',
    ].join('\n');
    const res = await loadCsv(ws, csv);
    expect(res.statusCode).toBe(200);
    const { created, updated, errors } = res.json().result;
    expect(updated).toEqual([{ row: 2, _id: known.id, inn: '1111111111' }]);
    expect(created).toEqual([{ row: 3, _id: expect.any(String), inn: '2222222222' }]);
    expect(errors).toEqual([
      { row: 4, fields: { inn: 'inn_invalid' }, message: 'Validation error' },
      { row: 5, fields: { inn: 'required' }, message: 'Validation error' },
      { row: 6, fields: { inn: 'inn_duplicate' }, message: 'This INN appears more than once' },
      { row: 7, fields: { email: 'required' }, message: 'Some data fields are empty' },
    ]);
    const updatedOne = (await call(h, ws.admin, 'GET', `/api/user/${known.id}`)).json().result;
    expect(updatedOne).toMatchObject({ position: 'Senior Analyst', department: 'Finance', workingSince: '2019-05-06' });
    expect(updatedOne.firstName).toBe('Test');
    const createdOne = (await call(h, ws.admin, 'GET', `/api/user/${created[0]._id}`)).json().result;
    expect(createdOne).toMatchObject({ email: newcomer, inn: '2222222222', position: 'Accountant' });
  });

  it('reads XLSX with numeric INNs and real dates', async () => {
    const ws = await makeWorkspace(h);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('HR');
    sheet.addRow(['ИНН', 'Имя', 'Фамилия', 'E-mail', 'Дата рождения']);
    sheet.addRow([987654321, 'Олег', 'Кадров', email(), new Date(Date.UTC(1985, 6, 1))]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const fileId = await upload(h, ws.admin.token, 'hrm.xlsx', 'application/octet-stream', bytes);
    const res = await call(h, ws.admin, 'POST', '/api/user/load_hrm', { file_id: fileId });
    const [created] = res.json().result.created;
    expect(created.inn).toBe('0987654321');
    const person = (await call(h, ws.admin, 'GET', `/api/user/${created._id}`)).json().result;
    expect(person).toMatchObject({ firstName: 'Олег', lastName: 'Кадров', birthDate: '1985-07-01' });
  });

  it("answers 'loading_hrm_error' for an unreadable file or one without INNs", async () => {
    const ws = await makeWorkspace(h);
    const noInn = await loadCsv(ws, `firstName,lastName,email\nA,B,${email()}\n`);
    expect(noInn.statusCode).toBe(400);
    expect(noInn.json()).toMatchObject({ code: 'loading_hrm_error', message: 'Error loading data from the HR system' });
    const binary = await upload(h, ws.admin.token, 'x.bin', 'application/octet-stream', Buffer.from([0, 1, 2, 3, 0]));
    const unreadable = await call(h, ws.admin, 'POST', '/api/user/load_hrm', { file_id: binary });
    expect(unreadable.json().code).toBe('loading_hrm_error');
    const other = await makeWorkspace(h);
    const foreign = await upload(h, other.admin.token, 'x.csv', 'text/csv', Buffer.from('inn\n1234567890\n'));
    expect((await call(h, ws.admin, 'POST', '/api/user/load_hrm', { file_id: foreign })).statusCode).toBe(404);
    expect((await call(h, ws.employee, 'POST', '/api/user/load_hrm', { file_id: binary })).statusCode).toBe(403);
  });
});

describe('POST /api/user/reset_to_hrm', () => {
  it("puts back the fields of the employee's last HR row", async () => {
    const ws = await makeWorkspace(h);
    const person = await makeUser(h, ws.id, { inn: '4444444444' });
    await loadCsv(ws, 'inn,position,department,city\n4444444444,Engineer,R&D,Riga\n');
    await call(h, ws.admin, 'PUT', `/api/user/${person.id}`, { position: 'Changed', city: 'Oslo', about: 'Mine' });
    const res = await call(h, ws.admin, 'POST', '/api/user/reset_to_hrm', { user_id: person.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ position: 'Engineer', department: 'R&D', city: 'Riga', about: 'Mine' });
  });

  it('lists who came from an HR import, so the web offers "Restore" only for them', async () => {
    const ws = await makeWorkspace(h);
    const imported = await makeUser(h, ws.id, { inn: '5555555555' });
    await loadCsv(ws, 'inn,position\n5555555555,Engineer\n');
    const list = await call(h, ws.admin, 'GET', `/api/user/for_client/${ws.id}`);
    const byId = new Map(list.json().result.map((p: { _id: string; from_hrm: boolean }) => [p._id, p.from_hrm]));
    expect(byId.get(imported.id)).toBe(true);
    expect(byId.get(ws.employee.id)).toBe(false);
  });

  it("answers 'reseting_hrm_error' for someone never imported; refuses employees", async () => {
    const ws = await makeWorkspace(h);
    const res = await call(h, ws.admin, 'POST', '/api/user/reset_to_hrm', { user_id: ws.employee.id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'reseting_hrm_error',
      message: 'Error restoring data from the HR system',
    });
    const refused = await call(h, ws.employee, 'POST', '/api/user/reset_to_hrm', { user_id: ws.employee.id });
    expect(refused.statusCode).toBe(403);
  });
});
