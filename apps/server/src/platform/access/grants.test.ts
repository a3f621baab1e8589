import type { AudienceGrant, GrantLevel } from '@hallway/shared';
import { audienceGrant } from '@hallway/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../modules/users/tables.js';
import { createHarness, type Harness, makeUser, makeWorkspace, superadmin, type TestUser } from '../../test/harness.js';
import { rowsOf } from '../db/client.js';
import { inTenant } from '../db/tenant.js';
import { createContext, type RequestContext } from '../http/context.js';
import { grantedSql, grantLevel, grantPerson, grantRecipients, setGrants } from './grants.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

/** Runs `work` in a tenant transaction of the workspace as `who`, the way a request does. */
async function as<T>(who: TestUser, work: (ctx: RequestContext) => Promise<T>): Promise<T> {
  return inTenant(h.platform.database, { clientId: who.clientId!, userId: who.id }, (tx) =>
    work(
      createContext({
        db: tx,
        user: {
          id: who.id,
          clientId: who.clientId,
          login: who.login,
          roles: who.row.roles,
          rights: who.row.rights,
          firstName: who.row.firstName,
          lastName: who.row.lastName,
          lang: null,
          deletionMark: false,
          tokenVersion: 0,
        },
        client: { id: who.clientId!, workspace: 'w', status: 'active', features: [] },
        log: h.app.log,
        afterCommit: () => undefined,
      }),
    ),
  );
}

const monthsAgo = (months: number, extraDays = 0) => {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - months);
  d.setUTCDate(d.getUTCDate() - extraDays);
  return d.toISOString().slice(0, 10);
};

describe('audience grants (the grants policy)', () => {
  let ws: Awaited<ReturnType<typeof makeWorkspace>>;
  let boss: TestUser;
  let dev: TestUser;
  let designer: TestUser;
  let newcomer: TestUser;
  let veteran: TestUser;
  const object = crypto.randomUUID();

  beforeAll(async () => {
    ws = await makeWorkspace(h);
    boss = await makeUser(h, ws.id, { position: 'Head of Product', department: 'Product', city: 'Berlin' });
    dev = await makeUser(h, ws.id, {
      position: 'Developer',
      department: 'Engineering',
      city: 'Kyiv',
      chief: boss.id,
      workingSince: monthsAgo(30),
    });
    designer = await makeUser(h, ws.id, {
      position: ' Designer ',
      department: 'design',
      city: 'berlin',
      workingSince: monthsAgo(5),
    });
    newcomer = await makeUser(h, ws.id, { department: 'Engineering', workingSince: monthsAgo(0) });
    veteran = await makeUser(h, ws.id, { department: 'Sales', workingSince: monthsAgo(120) });
  });

  const cases: {
    name: string;
    grants: () => AudienceGrant[];
    expect: () => [TestUser, GrantLevel | null][];
  }[] = [
    {
      name: 'all: everyone reads',
      grants: () => [{ audience: 'all', values: [], level: 'read' }],
      expect: () => [
        [boss, 'read'],
        [dev, 'read'],
        [veteran, 'read'],
      ],
    },
    {
      name: 'heads: only people who are somebody’s chief',
      grants: () => [{ audience: 'heads', values: [], level: 'write' }],
      expect: () => [
        [boss, 'write'],
        [dev, null],
      ],
    },
    {
      name: 'by_head: the people of a chief',
      grants: () => [{ audience: 'by_head', values: [boss.id], level: 'read' }],
      expect: () => [
        [dev, 'read'],
        [boss, null],
        [designer, null],
      ],
    },
    {
      name: 'name and manual: the people named',
      grants: () => [
        { audience: 'name', values: [designer.id], level: 'write' },
        { audience: 'manual', values: [veteran.id], level: 'read' },
      ],
      expect: () => [
        [designer, 'write'],
        [veteran, 'read'],
        [dev, null],
      ],
    },
    {
      name: 'position, department and city: case-insensitive, trimmed',
      grants: () => [
        { audience: 'position', values: ['designer'], level: 'read' },
        { audience: 'department', values: ['ENGINEERING'], level: 'write' },
        { audience: 'city', values: ['Berlin '], level: 'read' },
      ],
      expect: () => [
        [designer, 'read'],
        [dev, 'write'],
        [newcomer, 'write'],
        [boss, 'read'],
        [veteran, null],
      ],
    },
    {
      name: 'working_time: tenure in whole months, bounds inclusive; no date never matches',
      grants: () => [
        { audience: 'working_time', values: [], from: 3, to: 30, level: 'read' },
        { audience: 'working_time', values: [], from: 100, level: 'write' },
      ],
      expect: () => [
        [designer, 'read'],
        [dev, 'read'],
        [newcomer, null],
        [veteran, 'write'],
        [boss, null],
      ],
    },
    {
      name: 'the highest level wins; a matching none wins over everything',
      grants: () => [
        { audience: 'all', values: [], level: 'read' },
        { audience: 'department', values: ['Engineering'], level: 'write' },
        { audience: 'manual', values: [newcomer.id], level: 'none' },
      ],
      expect: () => [
        [dev, 'write'],
        [newcomer, 'none'],
        [veteran, 'read'],
      ],
    },
  ];

  for (const c of cases) {
    it(c.name, async () => {
      await as(ws.admin, (ctx) => setGrants(ctx, 'test', object, c.grants()));
      for (const [who, level] of c.expect()) {
        const got = await as(ws.admin, (ctx) => grantLevel(ctx, 'test', object, who.id));
        expect(got, `${who.row.firstName} ${who.row.department} ${who.row.position}`).toBe(level);
        expect(await as(ws.admin, async (ctx) => (await grantLevel(ctx, 'test', object, who.id)) ?? 'none')).toBe(
          level ?? 'none',
        );
      }
      // The recipients query agrees with the evaluator, person by person.
      const readers = await as(ws.admin, (ctx) => grantRecipients(ctx, 'test', object));
      for (const [who, level] of c.expect()) {
        expect(readers.includes(who.id), who.id).toBe(level === 'read' || level === 'write');
      }
    });
  }

  it('follows a person who changes department at once', async () => {
    const mover = await makeUser(h, ws.id, { department: 'Support' });
    await as(ws.admin, (ctx) =>
      setGrants(ctx, 'test', object, [{ audience: 'department', values: ['Finance'], level: 'write' }]),
    );
    expect(await as(ws.admin, async (ctx) => (await grantLevel(ctx, 'test', object, mover.id)) ?? 'none')).toBe('none');
    await inTenant(h.platform.database, { clientId: ws.id, userId: ws.admin.id }, (tx) =>
      tx.update(users).set({ department: 'Finance' }).where(eq(users.id, mover.id)),
    );
    expect(await as(ws.admin, async (ctx) => (await grantLevel(ctx, 'test', object, mover.id)) ?? 'none')).toBe(
      'write',
    );
    expect(await as(ws.admin, (ctx) => grantRecipients(ctx, 'test', object))).toEqual([mover.id]);
  });

  it('compiles to an SQL predicate over many objects with the person bound once', async () => {
    const open = crypto.randomUUID();
    const closed = crypto.randomUUID();
    const denied = crypto.randomUUID();
    await as(ws.admin, async (ctx) => {
      await setGrants(ctx, 'doc', open, [{ audience: 'city', values: ['Kyiv'], level: 'read' }]);
      await setGrants(ctx, 'doc', closed, [{ audience: 'heads', values: [], level: 'write' }]);
      await setGrants(ctx, 'doc', denied, [
        { audience: 'all', values: [], level: 'write' },
        { audience: 'by_head', values: [boss.id], level: 'none' },
      ]);
    });
    const readable = async (who: TestUser, level: 'read' | 'write') =>
      as(ws.admin, async (ctx) => {
        const person = (await grantPerson(ctx, who.id))!;
        const rows = await rowsOf<{ id: string }>(
          ctx.db,
          sql`SELECT o.id FROM unnest(${sql.param([open, closed, denied])}::uuid[]) AS o(id)
              WHERE ${grantedSql(ctx.tenant(), 'doc', sql`o.id`, person, level)} ORDER BY o.id`,
        );
        return rows.map((r) => r.id).sort();
      });
    expect(await readable(dev, 'read')).toEqual([open]);
    expect(await readable(dev, 'write')).toEqual([]);
    expect(await readable(boss, 'read')).toEqual([closed, denied].sort());
    expect(await readable(boss, 'write')).toEqual([closed, denied].sort());
    expect(await readable(veteran, 'read')).toEqual([denied]);
  });

  it("answers the caller's own level; a caller with no row here (the superadmin) matches only `all`", async () => {
    const doc = crypto.randomUUID();
    const grant = (grants: AudienceGrant[]) => as(ws.admin, (ctx) => setGrants(ctx, 'doc', doc, grants));
    await grant([
      { audience: 'heads', values: [], level: 'write' },
      { audience: 'all', values: [], level: 'read' },
    ]);
    expect(await as(boss, (ctx) => grantLevel(ctx, 'doc', doc))).toBe('write');
    expect(await as(dev, (ctx) => grantLevel(ctx, 'doc', doc))).toBe('read');
    const visiting = { ...(await superadmin(h)), clientId: ws.id };
    expect(await as(visiting, (ctx) => grantLevel(ctx, 'doc', doc))).toBe('read');
    await grant([{ audience: 'heads', values: [], level: 'write' }]);
    expect(await as(visiting, (ctx) => grantLevel(ctx, 'doc', doc))).toBeNull();
  });

  it('refuses grants naming unknown people or with bad values', async () => {
    const other = await makeWorkspace(h);
    await expect(
      as(ws.admin, (ctx) =>
        setGrants(ctx, 'test', object, [{ audience: 'manual', values: [other.employee.id], level: 'read' }]),
      ),
    ).rejects.toMatchObject({ status: 400, extra: { fields: { grants: 'audience_person_unknown' } } });
    const bad = [
      [{ audience: 'department', values: [], level: 'read' }, 'audience_values_required'],
      [{ audience: 'manual', values: ['Anna'], level: 'read' }, 'audience_person_unknown'],
      [{ audience: 'working_time', values: [], level: 'read' }, 'tenure_range_invalid'],
      [{ audience: 'working_time', values: [], from: 12, to: 6, level: 'read' }, 'tenure_range_invalid'],
      [{ audience: 'everyone', values: [], level: 'read' }, 'audience_unknown'],
    ] as const;
    for (const [grant, code] of bad) {
      const parsed = audienceGrant.safeParse(grant);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.map((i) => i.message)).toContain(code);
    }
  });
});
