// Isolation-suite fixtures of vacations: A's employee with a balance, an approved vacation (edited and cancelled
// by the suite's own calls), a request waiting for a decision, and a holiday of A's calendar.
import type { Harness } from '../../test/harness.js';
import { type FixtureWorkspace, registerBody, registerObject, valueParams } from '../../test/isolation/registry.js';

async function as(h: Harness, token: string, method: 'POST' | 'PUT', url: string, payload: object) {
  const res = await h.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });
  if (res.statusCode !== 200)
    throw new Error(`vacations fixture: ${method} ${url} answered ${res.statusCode} ${res.body}`);
  return res.json().result;
}

/** Dates of next year: always later than now. */
const next = Number(new Date().toISOString().slice(0, 4)) + 1;
const day = (md: string) => `${next}-${md}`;

// The calendar layer's range: A's approved vacation is in it.
valueParams.vacation_from = day('01-01');
valueParams.vacation_to = day('06-30');

async function withBalance(h: Harness, a: FixtureWorkspace) {
  await as(h, a.admin.token, 'PUT', `/api/user/${a.employee.id}`, { vacationDays: 60 });
}

registerObject('vacation', async (h, a) => {
  await withBalance(h, a);
  await as(h, a.admin.token, 'PUT', '/api/vacations/holidays', {
    year: next,
    days: [{ date: day('12-25'), name: `Holiday ${a.mark}` }],
  });
  const vacation = await as(h, a.admin.token, 'POST', '/api/user/vacation', {
    user: a.employee.id,
    start: day('03-02'),
    end: day('03-06'),
    comment: `Secret trip ${a.mark}`,
  });
  return vacation._id as string;
});
registerObject('vacation_owner', async (_h, a) => a.employee.id);
registerObject('vacation_request', async (h, a) => {
  const request = await as(h, a.employee.token, 'POST', '/api/user/vacation', {
    start: day('06-01'),
    end: day('06-05'),
  });
  return request._id as string;
});

registerBody('POST /api/user/vacation', ({ a }) => ({ user: a.employee.id, start: day('09-01'), end: day('09-02') }));
registerBody('PUT /api/user/vacation/:id', ({ objects }) => ({
  _id: objects.vacation,
  start: day('03-09'),
  end: day('03-10'),
}));
registerBody('PUT /api/user/vacation/:id/decision', () => ({ status: 'approved' }));
registerBody('PUT /api/vacations/holidays', () => ({ year: next, days: [{ date: day('12-25'), name: 'Holiday' }] }));
