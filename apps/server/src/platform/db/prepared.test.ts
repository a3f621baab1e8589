import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../modules/users/tables.js';
import { createHarness, type Harness, makeWorkspace } from '../../test/harness.js';
import { prepared, slot } from './prepared.js';
import { CALLER } from './security.js';
import { inlineTrip, inTenant, oneTripInTenant, type TripStatement } from './tenant.js';

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

describe('one-trip statements kept prepared', () => {
  const named = (lastNames: string[], note: string): TripStatement => ({
    name: 'test_people_named',
    types: ['text[]', 'text'],
    text: `SELECT u.id, $2 AS note FROM users u WHERE u.client_id = ${CALLER.tenant} AND u.last_name = ANY($1) ORDER BY u.id`,
    values: [lastNames, note],
  });

  it('answer the same as their text, again and again, with quoted values, under the caller settings', async () => {
    const a = await makeWorkspace(h);
    const b = await makeWorkspace(h);
    const note = `O'Brien's "quote" \\ and {braces}`;
    const statement = named(['Employee', 'Admin', 'No"body\\'], note);
    const expected = [a.admin.id, a.employee.id].sort().map((id) => ({ id, note }));
    // More runs than the pool has connections: each prepares it once, then executes it.
    for (let i = 0; i < 30; i++) {
      const [rows, again] = await oneTripInTenant(h.platform.database, { clientId: a.id }, statement, statement);
      expect(rows).toEqual(expected);
      expect(again).toEqual(expected);
    }
    const [inline] = await oneTripInTenant(h.platform.database, { clientId: a.id }, inlineTrip(statement));
    expect(inline).toEqual(expected);
    // Another workspace's settings read its own rows with the same prepared statement.
    const [other] = await oneTripInTenant(h.platform.database, { clientId: b.id }, statement);
    expect(other.map((r) => r.id).sort()).toEqual([b.admin.id, b.employee.id].sort());
  });

  it('leave no connection behind that a failed statement could confuse', async () => {
    const a = await makeWorkspace(h);
    const failing: TripStatement = { name: 'test_failing', types: ['int'], text: 'SELECT 1 / $1 AS v', values: [0] };
    for (let i = 0; i < 5; i++) {
      await expect(oneTripInTenant(h.platform.database, { clientId: a.id }, failing)).rejects.toThrow(
        /division by zero/,
      );
      const [rows] = await oneTripInTenant(h.platform.database, { clientId: a.id }, { ...failing, values: [2] });
      expect(rows).toEqual([{ v: 0 }]);
    }
  });
});
