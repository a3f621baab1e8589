import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness, makeWorkspace } from '../../test/harness.js';
import { rowsOf } from './client.js';
import { inSystem, inTenant } from './tenant.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

/** The database wall: even a query that forgets its `client_id` filter sees one workspace only. */
describe('row-level security', () => {
  it('shows a tenant transaction only its own rows, whatever the query asks', async () => {
    const a = await makeWorkspace(h);
    const b = await makeWorkspace(h);
    const seen = await inTenant(h.platform.database, { clientId: a.id }, (tx) =>
      rowsOf<{ client_id: string }>(tx, sql`SELECT client_id FROM users`),
    );
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen.map((r) => r.client_id))).toEqual(new Set([a.id]));
    const clients = await inTenant(h.platform.database, { clientId: a.id }, (tx) =>
      rowsOf<{ id: string }>(tx, sql`SELECT id FROM clients`),
    );
    expect(clients.map((c) => c.id)).toEqual([a.id]);
    expect(b.id).not.toBe(a.id);
  });

  it('refuses to write a row of another workspace', async () => {
    const a = await makeWorkspace(h);
    const b = await makeWorkspace(h);
    const write = inTenant(h.platform.database, { clientId: a.id }, (tx) =>
      tx.execute(sql`INSERT INTO module_visits (id, client_id, user_id, module, visited_at)
                     VALUES (gen_random_uuid(), ${b.id}, ${b.employee.id}, 'x', now())`),
    );
    await expect(write).rejects.toMatchObject({ cause: { message: expect.stringMatching(/row-level security/) } });
    const update = await inTenant(h.platform.database, { clientId: a.id }, (tx) =>
      rowsOf(tx, sql`UPDATE users SET about = 'pwned' WHERE client_id = ${b.id} RETURNING id`),
    );
    expect(update).toHaveLength(0);
  });

  it('sees nothing without a tenant, and a system table only on the system path', async () => {
    await makeWorkspace(h);
    const none = await inTenant(h.platform.database, { clientId: null }, (tx) => rowsOf(tx, sql`SELECT id FROM users`));
    expect(none).toHaveLength(0);
    const secret = await inTenant(h.platform.database, { clientId: null }, (tx) =>
      rowsOf(tx, sql`SELECT key FROM system_settings`),
    );
    expect(secret).toHaveLength(0);
    const system = await inSystem(h.platform.database, (tx) => rowsOf(tx, sql`SELECT key FROM system_settings`));
    expect(system.length).toBeGreaterThan(0);
  });

  it('forces security on every table of the schema', async () => {
    const { rows } = await h.platform.database.query(`
      SELECT c.relname, c.relrowsecurity, c.relforcerowsecurity
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'r'`);
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows)
      expect(row, String(row.relname)).toMatchObject({ relrowsecurity: true, relforcerowsecurity: true });
  });

  it('runs requests as a role that is not a superuser', async () => {
    const [me] = await inTenant(h.platform.database, { clientId: null }, (tx) =>
      rowsOf<{ role: string; superuser: boolean }>(
        tx,
        sql`SELECT current_user AS role, (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AS superuser`,
      ),
    );
    expect(me).toEqual({ role: 'hallway_app', superuser: false });
  });
});
