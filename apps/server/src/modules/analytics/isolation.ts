// Isolation-suite fixtures of analytics: a visit and a module visit of A's employee.
import { call } from '../../test/harness.js';
import { registerBody, registerObject } from '../../test/isolation/registry.js';

const visit = (a: { id: string; employee: { id: string } }) => ({
  sessionStart: Date.now() - 60_000,
  currentTime: Date.now(),
  userId: a.employee.id,
  clientId: a.id,
});
const moduleVisit = (a: { id: string; employee: { id: string } }) => ({
  module: 'company',
  date: Date.now(),
  userId: a.employee.id,
  clientId: a.id,
});

registerObject('visit', async (h, a) => {
  for (const [url, body] of [
    ['/api/analytics/visitors', visit(a)],
    ['/api/analytics/modules', moduleVisit(a)],
  ] as const) {
    const res = await call(h, a.employee, 'POST', url, body);
    if (res.statusCode !== 200) throw new Error(`analytics fixture: ${url} ${res.statusCode} ${res.body}`);
  }
  return a.employee.id;
});

registerBody('POST /api/analytics/visitors', ({ a }) => visit(a));
registerBody('POST /api/analytics/modules', ({ a }) => moduleVisit(a));
