// Fixtures of the platform's own objects (the suite loads this file and every module's isolation.ts).
import { inTenant } from '../../platform/db/tenant.js';
import { domainEventRuns, domainEvents } from '../../platform/events/tables.js';
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

// The outbox of domain events (platform/events): no route reads it; a handled event of A with its run marker, so
// the check that every tenant table holds a row of A covers it too (a route reading it later is then tested).
registerObject('domain_event', async (h, a) => {
  const [event] = await inTenant(h.platform.database, { clientId: a.id }, async (tx) => {
    const rows = await tx
      .insert(domainEvents)
      .values({ clientId: a.id, type: 'isolation.fixture', payload: { of: 'A' }, doneAt: new Date() })
      .returning({ id: domainEvents.id });
    await tx.insert(domainEventRuns).values({ eventId: rows[0].id, subscriber: 'isolation', clientId: a.id });
    return rows;
  });
  return event.id;
});
