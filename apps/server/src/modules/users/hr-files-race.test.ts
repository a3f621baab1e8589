import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inSystem } from '../../platform/db/tenant.js';
import { files } from '../../platform/files/tables.js';
import { call, createHarness, type Harness, makeWorkspace } from '../../test/harness.js';
import { upload } from './isolation.js';
import { users } from './tables.js';

/**
 * Two saves of one profile's HR file list at the same moment (a race only PostgreSQL can have; on PGlite the
 * transactions run one after the other anyway). Each drops a different file; whatever order they take, the
 * profile must never name a deleted file and no uploaded file may be left that nothing names.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const TRIALS = 12;

describe('concurrent changes of a profile’s HR files', () => {
  it('leave no reference to a deleted file and no orphaned file', async () => {
    const ws = await makeWorkspace(h);
    const target = ws.employee.id;
    const pdf = (name: string) =>
      upload(h, ws.admin.token, name, 'application/pdf', Buffer.from(`%PDF-1.4\n% ${name}\n`));
    const ref = (id: string) => ({ _id: id, filename: 'x.pdf', path: '' });
    const outcomes = new Set<string>();
    for (let trial = 0; trial < TRIALS; trial++) {
      const [keep, first, second] = await Promise.all([pdf('keep.pdf'), pdf('first.pdf'), pdf('second.pdf')]);
      const all = [keep, first, second];
      const set = await call(h, ws.admin, 'PUT', `/api/user/${target}`, { files: all.map(ref) });
      expect(set.statusCode, set.body).toBe(200);
      // One drops `second`, the other drops `first`.
      const [a, b] = await Promise.all([
        call(h, ws.admin, 'PUT', `/api/user/${target}`, { files: [ref(keep), ref(first)] }),
        call(h, ws.admin, 'PUT', `/api/user/${target}`, { files: [ref(keep), ref(second)] }),
      ]);
      outcomes.add(`${a.statusCode}/${b.statusCode}`);
      // The later save finds a file the earlier one deleted: refused, not saved as a dangling reference.
      for (const res of [a, b]) expect([200, 400, 404], res.body).toContain(res.statusCode);

      const { named, stored } = await inSystem(h.platform.database, async (tx) => {
        const [row] = await tx.select({ files: users.files }).from(users).where(eq(users.id, target));
        const present = await tx
          .select({ id: files.id })
          .from(files)
          .where(and(eq(files.clientId, ws.id), inArray(files.id, all)));
        return { named: row.files.map((f) => f._id), stored: present.map((f) => f.id) };
      });
      expect(
        named.every((id) => stored.includes(id)),
        `profile names deleted files: ${named} vs ${stored}`,
      ).toBe(true);
      expect(
        stored.every((id) => named.includes(id)),
        `orphaned files: ${stored} vs ${named}`,
      ).toBe(true);
      expect(named).toContain(keep);
    }
    console.info(`HR file races (statuses of the two saves): ${[...outcomes].join(', ')}`);
  });
});
