import { gzipSync } from 'node:zlib';
import { id } from '@hallway/shared';
import { count, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { modules } from '../../modules/index.js';
import { linkBlocks, links } from '../../modules/links/tables.js';
import { users } from '../../modules/users/tables.js';
import { rowsOf } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import type { App, Module } from '../../platform/http/module.js';
import { announce } from '../../platform/realtime/announce.js';
import type { SocketHandler } from '../../platform/realtime/handlers.js';
import { createHarness, type Harness } from '../harness.js';
import { registerSocket } from './registry.js';
import { loadFixtures, runIsolationSuite, type SuiteResult } from './suite.js';

/**
 * The suite must fail on a leaking route (issue 10 point 1; module contract v2 item 3). One app carries a planted
 * leak of every shape the suite looks for (under `/api/links_leak…`, socket events `links_leak.…`) beside a variant
 * that checks the workspace (`/api/links_fixed…`, `links_fixed.…`); the suite runs once on those routes alone and
 * each case reads its own failures: the leaking variant is caught, the fixed one leaves none.
 */
const free = { featureFree: true, reason: 'isolation suite probe' } as const;
const signedIn = { signedIn: true } as const;
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The bug every leaking variant shares: the request switches itself to the system path, so row-level security lets
 * every workspace's rows by. */
const systemPath = (ctx: RequestContext) => ctx.db.execute(sql`SELECT set_config('app.system', 'on', true)`);

async function blockOf(ctx: RequestContext, blockId: string) {
  const [block] = await ctx.db.select().from(linkBlocks).where(eq(linkBlocks.id, blockId));
  if (!block) throw new AppError(404, 'not_found');
  return block;
}

/** A body of one link block id: read on the system path (`leaking`) or through the request's transaction. */
const byBlock = (leaking: boolean) => async (req: FastifyRequest) => {
  if (leaking) await systemPath(req.ctx);
  return { result: await blockOf(req.ctx, (req.body as { block_id: string }).block_id) };
};

/** Every workspace's link titles as a spreadsheet (or only the caller's, read through row-level security). */
async function linksWorkbook(ctx: RequestContext, leaking: boolean): Promise<Buffer> {
  if (leaking) await systemPath(ctx);
  const rows = await ctx.db.select({ title: links.title, url: links.url }).from(links).orderBy(links.title);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Links');
  for (const row of rows) sheet.addRow([row.title, row.url]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function probeRoutes(app: App, platform: Parameters<Module['routes']>[1]) {
  const blockBody = z.object({ block_id: id });
  const declared = { access: signedIn, body: { block_id: 'links_block' } };
  // The body's id declared: B's call with A's block comes back 200 with the block.
  app.post('/api/links_leak', { schema: { body: blockBody }, config: declared }, byBlock(true));
  app.post('/api/links_fixed', { schema: { body: blockBody }, config: declared }, byBlock(false));
  // Not declared: the suite refuses to guess (it used to send {} and take the 400 as a pass).
  app.post('/api/links_leak_undeclared', { schema: { body: blockBody }, config: { access: signedIn } }, byBlock(true));
  // The id hidden from the schema: A's own people cannot call it with the suite's {}.
  app.post(
    '/api/links_leak_hidden',
    { schema: { body: z.object({ block_id: z.string().max(64) }) }, config: { access: signedIn } },
    byBlock(true),
  );

  // (a) An aggregate over every workspace's rows: no id of A in it, only a number that moves when A writes.
  for (const [url, leaking] of [
    ['/api/links_leak_count', true],
    ['/api/links_fixed_count', false],
  ] as const) {
    app.get(url, { config: { access: signedIn } }, async (req) => {
      if (leaking) await systemPath(req.ctx);
      const [row] = await req.ctx.db.select({ n: count() }).from(linkBlocks);
      return { blocks: row.n };
    });
  }

  // (b) Two ids, only the first checked: B's own block with A's person answers that person's name.
  for (const [url, leaking] of [
    ['/api/links_leak_owner', true],
    ['/api/links_fixed_owner', false],
  ] as const) {
    app.post(
      url,
      {
        schema: { body: z.object({ block_id: id, user_id: id }) },
        config: { access: signedIn, body: { block_id: 'links_block', user_id: 'user' } },
      },
      async (req) => {
        const block = await blockOf(req.ctx, req.body.block_id);
        if (leaking) await systemPath(req.ctx);
        const [person] = await req.ctx.db.select().from(users).where(eq(users.id, req.body.user_id));
        if (!person) throw new AppError(404, 'user_not_found');
        return { result: { block: block.id, editor: `${person.firstName} ${person.lastName}` } };
      },
    );
  }

  // (c) Exports whose bytes are compressed: an xlsx (a zip of XML) and a gzipped CSV.
  for (const [url, leaking] of [
    ['/api/links_leak_export', true],
    ['/api/links_fixed_export', false],
  ] as const) {
    app.get(url, { config: { access: signedIn } }, async (req, reply) =>
      reply.type(XLSX_MIME).send(await linksWorkbook(req.ctx, leaking)),
    );
  }
  app.get('/api/links_leak_archive', { config: { access: signedIn } }, async (req, reply) => {
    await systemPath(req.ctx);
    const rows = await req.ctx.db.select({ title: links.title }).from(links).orderBy(links.title);
    return reply.type('application/gzip').send(gzipSync(rows.map((r) => r.title).join('\n')));
  });

  // (d) A realtime emission to every workspace after a write of one: no marker in it, only a count.
  for (const [url, leaking] of [
    ['/api/links_leak_touch/:block_id', true],
    ['/api/links_fixed_touch/:block_id', false],
  ] as const) {
    app.put(
      url,
      { schema: { params: blockBody }, config: { access: signedIn, params: { block_id: 'links_block' } } },
      async (req) => {
        await blockOf(req.ctx, req.params.block_id);
        const [row] = await req.ctx.db.select({ n: count() }).from(links);
        if (!leaking) announce(platform, req.ctx, null, 'links_fixed.touched', { links: row.n });
        else {
          await systemPath(req.ctx);
          const all = await rowsOf<{ id: string }>(req.ctx.db, sql`SELECT id FROM clients`);
          req.ctx.afterCommit(() => {
            for (const client of all) platform.realtime.emit(client.id, null, 'links_leak.touched', { links: row.n });
          });
        }
        return { result: true };
      },
    );
  }
}

/** (d) A socket event answering any workspace's block (or, fixed, only the caller's). */
const peek = (event: string, leaking: boolean): SocketHandler => ({
  event,
  access: signedIn,
  payload: z.object({ block_id: id }),
  async handle(ctx, payload) {
    if (leaking) await systemPath(ctx);
    return blockOf(ctx, (payload as { block_id: string }).block_id);
  },
});
registerSocket('links_leak.peek', ({ objects }) => ({ block_id: objects.links_block }));
registerSocket('links_fixed.peek', ({ objects }) => ({ block_id: objects.links_block }));

const probes: Module = {
  name: 'links-leak',
  feature: free,
  routes: probeRoutes,
  socket: [peek('links_leak.peek', true), peek('links_fixed.peek', false)],
};

let h: Harness;
let result: SuiteResult;
beforeAll(async () => {
  await loadFixtures();
  const all = [...modules, probes];
  h = await createHarness({ OUTBOUND_ALLOW_HOSTS: '127.0.0.1' }, { modules: all });
  // A tenant table no fixture fills: the suite must refuse to pass while it holds no row of A.
  await h.platform.database.exec('CREATE TABLE leak_things (id uuid PRIMARY KEY, client_id uuid NOT NULL)');
  await h.platform.database.exec('GRANT SELECT ON leak_things TO hallway_app');
  result = await runIsolationSuite(h, {
    only: (route) => /^\/api\/links_(leak|fixed)/.test(route.url),
    modules: all,
  });
}, 600_000);
afterAll(() => h.close());

const about = (prefix: string) => result.failures.filter((f) => f.startsWith(prefix));

describe('the isolation suite catches a leaking route', () => {
  it('fails when the route declares the kind of its body id: the foreign block comes back', () => {
    expect(result.failures).toContain('POST /api/links_leak as employee: 200 on a foreign object');
    expect(about('POST /api/links_leak as admin: answer holds foreign data').length).toBe(1);
  });

  it('fails when the route does not declare it (the suite used to send {} and take the 400 as a pass)', () => {
    expect(about('POST /api/links_leak_undeclared')).toEqual([
      "POST /api/links_leak_undeclared: body block_id is an id: declare its kind (config.body) or fill it with A's object in isolation.ts",
    ]);
  });

  it('fails when the id hides from the schema, and when a tenant table has no row of A', () => {
    expect(result.failures).toContain(
      "table leak_things has no row of workspace A after the fixtures: add one to its module's isolation.ts",
    );
    expect(about("POST /api/links_leak_hidden: A's own people cannot call it").length).toBe(1);
  });

  it('fails on a count across workspaces: B’s answer changes once A’s data exists, with no id of A in it', () => {
    const found = about('GET /api/links_leak_count');
    expect(found.length).toBe(2);
    for (const who of ['employee', 'admin']) {
      expect(found.some((f) => f.startsWith(`GET /api/links_leak_count as ${who}: answer changed once A's data`))).toBe(
        true,
      );
    }
    expect(found.some((f) => f.includes('foreign data'))).toBe(false);
  });

  it('fails on a route that checks one of its ids: B’s own block with A’s person', () => {
    const found = about('POST /api/links_leak_owner');
    // With A's objects in both ids the block check refuses: only the mixed call shows the leak.
    expect(found).not.toContain('POST /api/links_leak_owner as employee: 200 on a foreign object');
    expect(found).toContain(
      "POST /api/links_leak_owner as employee: 200 on a foreign object (B's ids, A's user in body user_id)",
    );
    expect(
      found.some((f) =>
        f.startsWith("POST /api/links_leak_owner as admin (B's ids, A's user in body user_id): answer holds foreign"),
      ),
    ).toBe(true);
  });

  it('fails on exports whose bytes are compressed: an xlsx workbook and a gzipped file are opened', () => {
    for (const url of ['/api/links_leak_export', '/api/links_leak_archive']) {
      const found = about(`GET ${url} as employee: answer holds foreign data`);
      expect(found.length, url).toBe(1);
      expect(found[0]).toMatch(/\(.*A-mark-[a-z]{8}/);
    }
  });

  it('fails on a socket event answering a foreign object, and on an emission of A’s write reaching B', () => {
    expect(result.failures).toContain("socket links_leak.peek as B's employee: succeeded on a foreign object");
    expect(about("socket links_leak.peek as B's admin: ack holds foreign data").length).toBe(1);
    for (const who of ['employee', 'admin']) {
      expect(
        result.failures.some((f) =>
          f.startsWith(`realtime links_leak.touched reached B's ${who}'s socket during A's own calls`),
        ),
      ).toBe(true);
    }
  });

  it('passes the variants that keep to the workspace, which it did call', () => {
    expect(result.failures.filter((f) => /links_fixed/.test(f))).toEqual([]);
    expect(result.calledWithForeign.links_block).toBeGreaterThanOrEqual(4);
    expect(result.mixedCalls).toBe(2 * 2 * 2);
    expect(result.lists).toBe(5);
    // The modules' own socket events and the two planted ones.
    expect(result.socket.handlers).toBe(modules.flatMap((m) => m.socket ?? []).length + 2);
  });
});
