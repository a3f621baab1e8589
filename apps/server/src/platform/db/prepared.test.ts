import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../modules/users/tables.js';
import { createHarness, type Harness, makeWorkspace } from '../../test/harness.js';
import { prepared, slot } from './prepared.js';
import { inTenant } from './tenant.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const peopleNamed = prepared<{ clientId: string; lastName: string }, { id: string; created: Date }[]>(
  'test_people_named',
  (db) =>
    db
      .select({ id: users.id, created: users.created })
      .from(users)
      .where(and(eq(users.clientId, slot('clientId')), eq(users.lastName, slot('lastName')))),
);

describe('prepared queries', () => {
  it('run on the request transaction with its row-level security, mapped like any Drizzle query', async () => {
    const a = await makeWorkspace(h);
    const b = await makeWorkspace(h);
    for (let i = 0; i < 3; i++) {
      const rows = await inTenant(h.platform.database, { clientId: a.id }, (tx) =>
        peopleNamed(tx, { clientId: a.id, lastName: 'Employee' }),
      );
      expect(rows.map((r) => r.id)).toEqual([a.employee.id]);
      expect(rows[0].created).toBeInstanceOf(Date);
    }
    // Asking for another workspace's rows from inside A's transaction finds nothing: the database wall holds.
    const foreign = await inTenant(h.platform.database, { clientId: a.id }, (tx) =>
      peopleNamed(tx, { clientId: b.id, lastName: 'Employee' }),
    );
    expect(foreign).toEqual([]);
  });
});
