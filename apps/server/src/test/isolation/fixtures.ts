// Fixtures of the platform's own objects (the suite loads this file and every module's isolation.ts).
import { call, superadmin } from '../harness.js';
import { registerBody, registerObject } from './registry.js';

registerObject('client', async (h, a) => {
  // The superadmin reading A from outside it writes a journal row of A (the system path records why).
  const res = await call(h, await superadmin(h), 'GET', `/api/clients/${a.id}`);
  if (res.statusCode !== 200) throw new Error(`client fixture: ${res.statusCode} ${res.body}`);
  return a.id;
});
registerObject('user', async (_h, a) => a.employee.id);
registerObject('workspace', async (_h, a) => a.workspace);

let created = 0;
registerBody('POST /api/clients', () => ({ name: 'Isolation Ltd', workspace: `isol${process.pid}x${created++}` }));
registerBody('PUT /api/clients/:clientId/rights', () => ({ rights: { polls: false } }));
