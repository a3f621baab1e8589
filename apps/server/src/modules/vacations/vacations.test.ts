import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inSystem } from '../../platform/db/tenant.js';
import { call, createHarness, type Harness, makeUser, makeWorkspace, type TestUser } from '../../test/harness.js';
import { delivery } from '../notifications/deliver.js';
import { addDays, daysOf, today } from './calendar.js';
import { vacations } from './tables.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

/** The first Monday of March next year, and days counted from it. */
const year = Number(today().slice(0, 4)) + 1;
const monday = (() => {
  let day = `${year}-03-01`;
  while (new Date(`${day}T00:00:00Z`).getUTCDay() !== 1) day = addDays(day, 1);
  return day;
})();
const d = (n: number) => addDays(monday, n);

const request = (who: TestUser, body: object) => call(h, who, 'POST', '/api/user/vacation', body);

async function events(clientId: string, code: string) {
  const { rows } = await h.platform.database.query(
    'SELECT id, recipients, vars FROM notification_events WHERE client_id = $1 AND code = $2 ORDER BY id',
    [clientId, code],
  );
  return rows as { id: string; recipients: { ids: string[] }; vars: Record<string, unknown> }[];
}

async function team(balance = 20) {
  const ws = await makeWorkspace(h);
  const chief = await makeUser(h, ws.id, { firstName: 'Carl', lastName: 'Chief' });
  const me = await makeUser(h, ws.id, { firstName: 'Mia', lastName: 'Member', chief: chief.id, vacationDays: balance });
  return { ws, chief, me };
}

describe('vacation requests', () => {
  it('counts working days without weekends and holidays, and asks the chief', async () => {
    const { ws, chief, me } = await team();
    const holidays = await call(h, ws.admin, 'PUT', '/api/vacations/holidays', {
      year,
      days: [{ date: d(2), name: 'Founders day' }],
    });
    expect(holidays.json()).toEqual({ result: [{ date: d(2), name: 'Founders day' }], can: { edit: true } });
    const res = await request(me, { start: d(0), end: d(13), comment: 'Alps' });
    expect(res.statusCode, res.body).toBe(200);
    // Two weeks: ten weekdays, one of them a holiday.
    expect(res.json().result).toMatchObject({
      start: d(0),
      end: d(13),
      days: 9,
      status: 'requested',
      approver: null,
      comment: 'Alps',
      user: { _id: me.id, name: 'Mia Member' },
      can: { edit: true, delete: true, decide: false },
    });
    expect(await events(ws.id, 'vacations.requested')).toEqual([
      {
        id: expect.any(String),
        recipients: { ids: [chief.id] },
        vars: expect.objectContaining({ actor: 'Mia Member', days: '9', start: { day: d(0) }, end: { day: d(13) } }),
      },
    ]);
    const mine = await call(h, me, 'GET', `/api/user/${me.id}/vacations`);
    expect(mine.json()).toMatchObject({ result: { balance: 20, used: 9, left: 11 }, can: { create: true } });
    expect((await call(h, chief, 'GET', `/api/user/${me.id}/vacations`)).statusCode).toBe(200);
    expect((await call(h, ws.employee, 'GET', `/api/user/${me.id}/vacations`)).statusCode).toBe(403);
    const employeeHolidays = await call(h, ws.employee, 'GET', `/api/vacations/holidays?year=${year}`);
    expect(employeeHolidays.json().can).toEqual({ edit: false });
    expect((await call(h, ws.employee, 'PUT', '/api/vacations/holidays', { year, days: [] })).statusCode).toBe(403);
    const unnamed = await call(h, ws.admin, 'PUT', '/api/vacations/holidays', {
      year,
      days: [{ date: d(2), name: '  ' }],
    });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().fields).toEqual({ 'days.0.name': 'required' });
  });

  // Issue 27 item 5: the chief read "2027-03-01 – 2027-03-14" whatever their language.
  it("tells the chief the days in the chief's language", async () => {
    const { ws, chief, me } = await team();
    expect((await call(h, chief, 'PUT', `/api/user/${chief.id}`, { lang: 'ru' })).statusCode).toBe(200);
    expect((await request(me, { start: d(0), end: d(4) })).statusCode).toBe(200);
    const [event] = await events(ws.id, 'vacations.requested');
    await delivery.deliver(h.platform, ws.id, event.id);
    const centre = await call(h, chief, 'GET', `/api/notification/${ws.id}/all/${chief.id}/now`);
    const inRussian = (day: string) =>
      new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
        Date.parse(`${day}T00:00:00Z`),
      );
    expect(centre.json().result[0]).toMatchObject({
      code: 'vacations.requested',
      text: `${inRussian(d(0))} – ${inRussian(d(4))}, рабочих дней: 5`,
    });
    expect(centre.json().result[0].text).toMatch(/^\d+ марта \d{4} г\. – /);
  });

  it('refuses a start not later than now, an end before the start, no working days, overlaps and overdrafts', async () => {
    const { me } = await team(5);
    const refusals: [object, string, string][] = [
      [{ start: today(), end: addDays(today(), 3) }, 'vacation_start_past', 'start'],
      [{ start: addDays(today(), -5), end: addDays(today(), 3) }, 'vacation_start_past', 'start'],
      [{ start: d(4), end: d(1) }, 'vacation_end_before_start', 'end'],
      [{ start: d(5), end: d(6) }, 'vacation_no_days', 'end'],
      [{ start: d(0), end: d(7) }, 'vacation_over_balance', 'end'],
    ];
    for (const [body, code, field] of refusals) {
      const res = await request(me, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code, fields: { [field]: code } });
    }
    expect((await request(me, { start: d(0), end: d(7) })).json().params).toEqual({ left: 5 });
    expect((await request(me, { start: d(0), end: d(2) })).statusCode).toBe(200);
    const overlap = await request(me, { start: d(2), end: d(3) });
    expect(overlap.json()).toMatchObject({ code: 'vacation_overlap', fields: { start: 'vacation_overlap' } });
    const over = await request(me, { start: d(7), end: d(9) });
    expect(over.json()).toMatchObject({ code: 'vacation_over_balance', params: { left: 2 } });
    expect((await request(me, { start: d(7), end: d(8) })).statusCode).toBe(200);
    const bad = await request(me, { start: 'soon', end: d(8) });
    expect(bad.json().fields).toEqual({ start: 'validation' });
  });

  it('refuses dates outside the years it takes and too long ranges, answering at once (year 9999 once hung it)', async () => {
    const { ws, me } = await team();
    const far = '9999-12-31';
    const outOfRange = { start: 'date_out_of_range', end: 'date_out_of_range' };
    const own = await request(me, { start: far, end: far });
    expect(own.statusCode, own.body).toBe(400);
    expect(own.json()).toMatchObject({ code: 'validation', fields: outOfRange });
    const forSomeone = await request(ws.admin, { start: far, end: far, user: me.id });
    expect(forSomeone.json().fields).toEqual(outOfRange);
    const planned = (await request(me, { start: d(0), end: d(2) })).json().result;
    const moved = await call(h, me, 'PUT', `/api/user/vacation/${planned._id}`, {
      _id: planned._id,
      start: far,
      end: far,
    });
    expect(moved.json().fields).toEqual(outOfRange);
    expect((await request(me, { start: '1899-12-31', end: d(2) })).json().fields).toEqual({
      start: 'date_out_of_range',
    });
    for (const url of [
      `/api/user/vacations?from=${far}&to=${far}`,
      `/api/user/vacations/export?from=${far}&to=${far}`,
      `/api/vacations/calendar?from=${far}&to=${far}`,
    ]) {
      const res = await call(h, ws.employee, 'GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().fields, url).toEqual({ from: 'date_out_of_range', to: 'date_out_of_range' });
    }
    const holiday = await call(h, ws.admin, 'PUT', '/api/vacations/holidays', {
      year,
      days: [{ date: far, name: 'Far' }],
    });
    expect(holiday.json().fields).toEqual({ 'days.0.date': 'date_out_of_range' });

    // The last years taken work, days counted across the turn of the year.
    const last = await request(me, { start: '2200-12-28', end: '2201-01-02' });
    expect(last.json().fields).toEqual({ end: 'date_out_of_range' });
    expect((await request(me, { start: '2200-12-25', end: '2200-12-31' })).json().result).toMatchObject({ days: 5 });
    expect(daysOf('2200-12-30', '2201-01-02', 366)).toEqual(['2200-12-30', '2200-12-31', '2201-01-01', '2201-01-02']);
    // Every loop over days is bounded by its count, whatever the dates.
    expect(daysOf('2024-01-01', '2030-01-01', 366)).toHaveLength(366);
    expect(daysOf(far, far, 366)).toEqual([far]);

    const long = await request(me, { start: d(0), end: d(366) });
    expect(long.json()).toMatchObject({
      code: 'vacation_too_long',
      params: { days: 366 },
      fields: { end: 'vacation_too_long' },
    });
    for (const url of [
      `/api/user/vacations?from=${d(0)}&to=${d(366)}`,
      `/api/user/vacations/export?from=${d(0)}&to=${d(366)}`,
      `/api/vacations/calendar?from=${d(0)}&to=${d(366)}`,
    ]) {
      const res = await call(h, ws.employee, 'GET', url);
      expect(res.json(), url).toMatchObject({
        code: 'range_too_long',
        params: { days: 366 },
        fields: { to: 'range_too_long' },
      });
    }
  });

  it('never overlaps or overdraws under 50 concurrent requests', { timeout: 60_000 }, async () => {
    const { me } = await team(10);
    // Fifty one-day requests on fifty different weekdays: the balance admits ten.
    const weekdays: string[] = [];
    for (let day = d(0); weekdays.length < 50; day = addDays(day, 1)) {
      const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
      if (weekday !== 0 && weekday !== 6) weekdays.push(day);
    }
    const spread = await Promise.all(weekdays.map((day) => request(me, { start: day, end: day })));
    expect(spread.filter((r) => r.statusCode === 200)).toHaveLength(10);
    expect(new Set(spread.filter((r) => r.statusCode !== 200).map((r) => r.json().code))).toEqual(
      new Set(['vacation_over_balance']),
    );
    // Fifty identical requests of another person: one goes through, the others overlap it.
    const { me: other } = await team(30);
    const same = await Promise.all(Array.from({ length: 50 }, () => request(other, { start: d(0), end: d(4) })));
    expect(same.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(same.filter((r) => r.json().code === 'vacation_overlap')).toHaveLength(49);
    const left = await call(h, other, 'GET', `/api/user/${other.id}/vacations`);
    expect(left.json().result).toMatchObject({ used: 5, left: 25 });
    const mine = await call(h, me, 'GET', `/api/user/${me.id}/vacations`);
    expect(mine.json().result).toMatchObject({ used: 10, left: 0 });
  });
});

describe('decisions, changes and cancellations', () => {
  it('lets the chief approve or decline, and tells the person', async () => {
    const { ws, chief, me } = await team();
    const first = (await request(me, { start: d(0), end: d(1) })).json().result;
    const second = (await request(me, { start: d(7), end: d(8) })).json().result;
    const decide = (who: TestUser, id: string, status: string) =>
      call(h, who, 'PUT', `/api/user/vacation/${id}/decision`, { status, comment: 'ok' });
    expect((await decide(ws.employee, first._id, 'approved')).statusCode).toBe(403);
    expect((await decide(me, first._id, 'approved')).statusCode).toBe(403);
    const requests = await call(h, chief, 'GET', '/api/user/vacations/requests');
    expect(requests.json()).toMatchObject({ total: 2, pages: 1 });
    expect(requests.json().result[0]).toMatchObject({ _id: first._id, can: { decide: true } });
    expect((await call(h, ws.employee, 'GET', '/api/user/vacations/requests')).json().total).toBe(0);
    // Entering a vacation for someone else is `vacations_edit`'s: the requests page says so.
    expect(requests.json().can).toEqual({ createForOthers: false });
    expect((await call(h, ws.admin, 'GET', '/api/user/vacations/requests')).json().can).toEqual({
      createForOthers: true,
    });
    const approved = await decide(chief, first._id, 'approved');
    expect(approved.json().result).toMatchObject({ status: 'approved', approver: { _id: chief.id } });
    expect((await decide(chief, first._id, 'declined')).json().code).toBe('edit_vac_error');
    expect((await decide(ws.admin, second._id, 'declined')).json().result.status).toBe('declined');
    expect(await events(ws.id, 'vacations.approved')).toEqual([
      expect.objectContaining({ recipients: { ids: [me.id] } }),
    ]);
    expect(await events(ws.id, 'vacations.declined')).toEqual([
      expect.objectContaining({ recipients: { ids: [me.id] } }),
    ]);
    const other = await makeWorkspace(h);
    expect((await decide(other.admin, first._id, 'approved')).statusCode).toBe(404);
  });

  it('lets the owner change or cancel before the start; vacations_edit acts on anyone', async () => {
    const { ws, chief, me } = await team();
    const hr = await makeUser(h, ws.id, { rights: { vacations_edit: true } });
    const created = (await request(me, { start: d(0), end: d(1) })).json().result;
    await call(h, chief, 'PUT', `/api/user/vacation/${created._id}/decision`, { status: 'approved' });
    const put = (who: TestUser, body: object) => call(h, who, 'PUT', `/api/user/vacation/${created._id}`, body);
    const changed = await put(me, { _id: created._id, start: d(1), end: d(3) });
    expect(changed.json().result).toMatchObject({ status: 'requested', days: 3, approver: null });
    expect((await put(ws.employee, { _id: created._id, start: d(1), end: d(2) })).statusCode).toBe(403);
    expect((await put(me, { _id: crypto.randomUUID(), start: d(1), end: d(2) })).json().fields).toEqual({
      _id: 'validation',
    });
    const byHr = await put(hr, { _id: created._id, start: d(1), end: d(4) });
    expect(byHr.json().result).toMatchObject({ status: 'requested', days: 4 });
    // HR enters a vacation for someone else: approved at once; the employee may not.
    expect((await request(ws.employee, { user: me.id, start: d(14), end: d(15) })).statusCode).toBe(403);
    const entered = await request(hr, { user: me.id, start: d(14), end: d(15) });
    expect(entered.json().result).toMatchObject({ status: 'approved', approver: { _id: hr.id } });

    const cancel = (who: TestUser, user: string) => call(h, who, 'DELETE', `/api/user/vacation/${user}/${created._id}`);
    expect((await cancel(ws.employee, me.id)).statusCode).toBe(403);
    expect((await cancel(me, ws.employee.id)).statusCode).toBe(404);
    const cancelled = await cancel(me, me.id);
    expect(cancelled.json().result).toMatchObject({ status: 'cancelled', can: { edit: false, delete: false } });
    expect((await cancel(me, me.id)).json().code).toBe('del_vac_error');
    expect((await put(hr, { _id: created._id, start: d(1), end: d(2) })).json().code).toBe('edit_vac_error');
    // Its days are free again.
    expect((await call(h, me, 'GET', `/api/user/${me.id}/vacations`)).json().result).toMatchObject({
      used: 2,
      left: 18,
    });
  });

  it('keeps started vacations from their owner', async () => {
    const { ws, me } = await team();
    const [started] = await inSystem(h.platform.database, (tx) =>
      tx
        .insert(vacations)
        .values({
          clientId: ws.id,
          userId: me.id,
          start: addDays(today(), -2),
          end: addDays(today(), 2),
          days: 3,
          status: 'approved',
        })
        .returning(),
    );
    const edit = await call(h, me, 'PUT', `/api/user/vacation/${started.id}`, {
      _id: started.id,
      start: d(0),
      end: d(1),
    });
    expect(edit.json().code).toBe('edit_vac_error');
    expect((await call(h, me, 'DELETE', `/api/user/vacation/${me.id}/${started.id}`)).json().code).toBe(
      'del_vac_error',
    );
    const away = await call(h, ws.employee, 'GET', '/api/user/vacations/away');
    expect(away.json().result).toEqual([{ user_id: me.id, end: addDays(today(), 2) }]);
  });
});

describe('the absence chart', () => {
  it('pages people grouped by department, filters by department and search, exports xlsx', async () => {
    const { ws, chief, me } = await team();
    const root = (await call(h, ws.admin, 'GET', `/api/structure/byClient/${ws.id}`)).json().result[0].root._id;
    const dept = (await call(h, ws.admin, 'POST', '/api/structure', { parent: root, name: 'Atelier' })).json().result;
    const sub = (await call(h, ws.admin, 'POST', '/api/structure', { parent: dept._id, name: 'Zinc' })).json().result;
    await call(h, ws.admin, 'PUT', '/api/dept_users', { dept_id: dept._id, users: [chief.id] });
    await call(h, ws.admin, 'PUT', '/api/dept_users', { dept_id: sub._id, users: [me.id] });
    await request(me, { start: d(0), end: d(4) });
    const range = `from=${d(-3)}&to=${d(10)}`;

    const res = await call(h, ws.employee, 'GET', `/api/user/vacations?${range}`);
    expect(res.statusCode, res.body).toBe(200);
    const chart = res.json();
    expect(chart).toMatchObject({ page: 0, pages: 1, total: 4, from: d(-3), to: d(10) });
    expect(chart.result.map((g: { dept: { name: string } | null }) => g.dept?.name ?? null)).toEqual([
      'Atelier',
      'Zinc',
      null,
    ]);
    expect(chart.result[1].people).toEqual([
      {
        user: expect.objectContaining({ _id: me.id }),
        vacations: [expect.objectContaining({ start: d(0), status: 'requested' })],
      },
    ]);
    // The order follows a renamed department (the tree writes its name to its people).
    await call(h, ws.admin, 'PUT', `/api/structure/${sub._id}`, { name: 'Abacus' });
    const renamed = (await call(h, ws.employee, 'GET', `/api/user/vacations?${range}`)).json();
    expect(renamed.result.map((g: { dept: { name: string } | null }) => g.dept?.name ?? null)).toEqual([
      'Abacus',
      'Atelier',
      null,
    ]);
    await call(h, ws.admin, 'PUT', `/api/structure/${sub._id}`, { name: 'Zinc' });
    const filtered = await call(h, ws.employee, 'GET', `/api/user/vacations?${range}&dept=${dept._id}`);
    expect(filtered.json().total).toBe(2);
    const searched = await call(h, ws.employee, 'GET', `/api/user/vacations?${range}&search=member`);
    expect(searched.json().result).toEqual([{ dept: { _id: sub._id, name: 'Zinc' }, people: [expect.anything()] }]);
    const outside = await call(h, ws.employee, 'GET', `/api/user/vacations?from=${d(20)}&to=${d(30)}&search=member`);
    expect(outside.json().result[0].people[0].vacations).toEqual([]);
    expect((await call(h, ws.employee, 'GET', `/api/user/vacations?from=${d(5)}&to=${d(1)}`)).json().fields).toEqual({
      to: 'validation',
    });

    const file = await call(h, ws.employee, 'GET', `/api/user/vacations/export?${range}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain(`vacations-${d(-3)}-${d(10)}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).getCell(4).value).toBe(d(-3).slice(5));
    const row = sheet.getRows(2, 4)!.find((r) => r.getCell(2).value === 'Mia Member')!;
    expect(row.getCell(3 + 4).value).toBe('R');
    expect(row.getCell(3 + 3).value).toBeNull();

    const noRight = await makeUser(h, ws.id, { rights: { vacations: false } });
    expect((await call(h, noRight, 'GET', `/api/user/vacations?${range}`)).statusCode).toBe(403);
    expect((await call(h, noRight, 'POST', '/api/user/vacation', { start: d(0), end: d(1) })).statusCode).toBe(403);
    const other = await makeWorkspace(h);
    expect((await call(h, other.admin, 'GET', `/api/user/vacations?dept=${dept._id}`)).statusCode).toBe(404);
  });
});

describe('GET api/user/vacations/export', () => {
  it('writes text that a spreadsheet would take for a formula with a leading apostrophe', async () => {
    const ws = await makeWorkspace(h);
    await makeUser(h, ws.id, { firstName: '=cmd', lastName: 'Formula', position: '+1 Support' });
    const file = await call(h, ws.employee, 'GET', `/api/user/vacations/export?from=${d(0)}&to=${d(2)}`);
    expect(file.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const row = sheet.getRows(2, sheet.rowCount - 1)!.find((r) => String(r.getCell(2).value).includes('Formula'))!;
    expect([row.getCell(2).value, row.getCell(3).value]).toEqual(["'=cmd Formula", "'+1 Support"]);
  });
});

describe('GET api/vacations/calendar', () => {
  it('lists the approved vacations crossing the range, with the person, for people with the right', async () => {
    const { ws, chief, me } = await team();
    const approved = (await request(me, { start: d(7), end: d(11) })).json().result;
    expect(
      (await call(h, chief, 'PUT', `/api/user/vacation/${approved._id}/decision`, { status: 'approved' })).statusCode,
    ).toBe(200);
    const waiting = await request(me, { start: d(21), end: d(22) });
    expect(waiting.statusCode, waiting.body).toBe(200);
    const other = await makeWorkspace(h);
    const range = (who: TestUser, from: string, to: string) =>
      call(h, who, 'GET', `/api/vacations/calendar?from=${from}&to=${to}`);

    const res = await range(ws.employee, d(0), d(30));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      result: [
        {
          _id: approved._id,
          user: expect.objectContaining({ _id: me.id, name: 'Mia Member' }),
          start: d(7),
          end: d(11),
        },
      ],
      page: 0,
      pages: 1,
      total: 1,
      from: d(0),
      to: d(30),
    });
    // Crossing at either edge counts; outside the range, another workspace or a requested vacation do not.
    expect((await range(ws.employee, d(11), d(12))).json().total).toBe(1);
    expect((await range(ws.employee, d(0), d(7))).json().total).toBe(1);
    expect((await range(ws.employee, d(12), d(30))).json().total).toBe(0);
    expect((await range(other.admin, d(0), d(30))).json().total).toBe(0);
    expect((await range(ws.employee, d(5), d(1))).json()).toMatchObject({
      code: 'validation',
      fields: { to: 'validation' },
    });
    expect((await range(ws.employee, d(0), d(400))).statusCode).toBe(400);
  });
});
