// Fixtures of the platform's own objects; each module adds its file to the list in isolation.test.ts.
import { registerBody, registerObject } from './registry.js';

registerObject('client', async (_h, a) => a.id);
registerObject('user', async (_h, a) => a.employee.id);
registerObject('workspace', async (_h, a) => a.workspace);

registerBody('POST /api/reset_password_hard', ({ a }) => ({ user_id: a.employee.id, password: 'hijacked-1' }));
registerBody('POST /api/analytics/visitors', ({ a }) => ({
  sessionStart: Date.now() - 60_000,
  currentTime: Date.now(),
  userId: a.employee.id,
  clientId: a.id,
}));
registerBody('POST /api/analytics/modules', ({ a }) => ({
  module: 'company',
  date: Date.now(),
  userId: a.employee.id,
  clientId: a.id,
}));
