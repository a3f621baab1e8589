import { id } from '@hallway/shared';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { modules } from '../../modules/index.js';
import { linkBlocks } from '../../modules/links/tables.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { App, Module } from '../../platform/http/module.js';
import { createHarness } from '../harness.js';
import { loadFixtures, runIsolationSuite } from './suite.js';

/**
 * The suite must fail on a leaking route (issue 10 point 1): `POST /api/links_leak { block_id }` answering any
 * workspace's link block. Each case plants a variant in its own app instance, runs the suite on it alone, and
 * the last shows the suite passes once the route checks the workspace.
 */
const free = { featureFree: true, reason: 'isolation suite probe' } as const;

function leakModule(register: (app: App) => void): Module {
  return { name: 'links-leak', feature: free, routes: (app) => register(app) };
}

const leaking = (schema: z.ZodType, config: Record<string, unknown>) =>
  leakModule((app) =>
    app.post(
      '/api/links_leak',
      { schema: { body: schema }, config: { access: { signedIn: true }, ...config } },
      async (req) => {
        const { block_id } = req.body as { block_id: string };
        // The bug: the request switches itself to the system path, so row-level security lets the foreign block by.
        await req.ctx.db.execute(sql`SELECT set_config('app.system', 'on', true)`);
        const [block] = await req.ctx.db.select().from(linkBlocks).where(eq(linkBlocks.id, block_id));
        if (!block) throw new AppError(404, 'not_found');
        return { result: block };
      },
    ),
  );

async function suiteOn(module: Module, before?: (sql: (text: string) => Promise<unknown>) => Promise<void>) {
  const h = await createHarness({}, { modules: [...modules, module] });
  try {
    await before?.((text) => h.platform.database.exec(text));
    return await runIsolationSuite(h, { only: (route) => route.url === '/api/links_leak' });
  } finally {
    await h.close();
  }
}

beforeAll(async () => {
  await loadFixtures();
});

describe('the isolation suite catches a leaking route', { timeout: 120_000 }, () => {
  it('fails when the route declares the kind of its body id: the foreign block comes back', async () => {
    const result = await suiteOn(leaking(z.object({ block_id: id }), { body: { block_id: 'links_block' } }));
    expect(result.failures).toContain('POST /api/links_leak as employee: 200 on a foreign object');
    expect(result.failures.some((f) => f.startsWith('POST /api/links_leak as admin: answer holds foreign data'))).toBe(
      true,
    );
    expect(result.calledWithForeign).toEqual({ links_block: 1 });
  });

  it('fails when the route does not declare it (the suite used to send {} and take the 400 as a pass)', async () => {
    const result = await suiteOn(leaking(z.object({ block_id: id }), {}));
    expect(result.failures).toEqual([
      "POST /api/links_leak: body block_id is an id: declare its kind (config.body) or fill it with A's object in isolation.ts",
    ]);
  });

  it('fails when the id hides from the schema, and when a tenant table has no row of A', async () => {
    const result = await suiteOn(leaking(z.object({ block_id: z.string().max(64) }), {}), async (sql) => {
      await sql('CREATE TABLE leak_things (id uuid PRIMARY KEY, client_id uuid NOT NULL)');
      await sql('GRANT SELECT ON leak_things TO hallway_app');
    });
    expect(result.failures).toContain(
      "table leak_things has no row of workspace A after the fixtures: add one to its module's isolation.ts",
    );
    expect(result.failures.some((f) => f.startsWith("POST /api/links_leak: A's own people cannot call it"))).toBe(true);
  });

  it('passes once the route reads through the request transaction (row-level security)', async () => {
    const fixed = leakModule((app) =>
      app.post(
        '/api/links_leak',
        {
          schema: { body: z.object({ block_id: id }) },
          config: { access: { signedIn: true }, body: { block_id: 'links_block' } },
        },
        async (req) => {
          const [block] = await req.ctx.db.select().from(linkBlocks).where(eq(linkBlocks.id, req.body.block_id));
          if (!block) throw new AppError(404, 'not_found');
          return { result: block };
        },
      ),
    );
    const result = await suiteOn(fixed);
    expect(result.failures).toEqual([]);
    expect(result.calledWithForeign).toEqual({ links_block: 1 });
  });
});
