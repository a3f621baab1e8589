import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * One policy per object kind (docs/modules.md §3): what a person may do is answered in their module's `policy.ts`,
 * which the service checks and the presenter sends as `can`. No other module file reads the caller's role or rights
 * itself, so no rule is derived twice and the web's buttons cannot drift from the server's refusals. Route
 * declarations (`config.access: { role: 'admin' }`) are the guard's and stay; tests and isolation fixtures may
 * read anything. `NOT ('superadmin' = ANY (roles))` in a recipients query only leaves the installation's superadmin
 * out of a workspace's people and is not refused.
 */
const MODULES = fileURLToPath(new URL('./', import.meta.url));

const READS: { what: string; pattern: RegExp }[] = [
  { what: 'isAdmin', pattern: /\bisAdmin\b/ },
  { what: 'isSuperadmin', pattern: /\bisSuperadmin\b/ },
  { what: 'a right', pattern: /\bctx\.can\(/ },
  { what: 'a role', pattern: /\broles\.includes\(\s*['"`]/ },
  { what: 'a role in SQL', pattern: /'(admin|hr)'\s*=\s*ANY\s*\(/i },
];

const exempt = (file: string) => file === 'policy.ts' || file === 'isolation.ts' || file.endsWith('.test.ts');
const comment = (line: string) => /^\s*(\/\/|\*|\/\*)/.test(line);

/** Every read of a role or right in a module file other than its policy.ts, as `module/file:line (what)`. */
function rulesOutsidePolicies(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts') && !exempt(entry.name) && dir !== root) {
        readFileSync(full, 'utf8')
          .split('\n')
          .forEach((line, i) => {
            if (comment(line)) return;
            for (const read of READS) {
              if (read.pattern.test(line)) found.push(`${path.relative(root, full)}:${i + 1} (${read.what})`);
            }
          });
      }
    }
  };
  walk(root);
  return found.sort();
}

describe('policies', () => {
  it("reads roles and rights in the modules' policy.ts files only", () => {
    expect(rulesOutsidePolicies(MODULES)).toEqual([]);
  });

  const scratch = mkdtempSync(path.join(tmpdir(), 'hallway-policies-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('finds a role or right read outside policy.ts, and only there', () => {
    const module = path.join(scratch, 'things');
    mkdirSync(module);
    const files: Record<string, string> = {
      'service.ts': [
        '// administrators (ctx.isAdmin) edit: a comment is no rule',
        'if (!ctx.isAdmin) throw forbidden();',
        "if (ctx.can('things_edit')) edit();",
      ].join('\n'),
      'routes.ts': "const boss = row.roles.includes('admin') || req.ctx.isSuperadmin;",
      'queries.ts': "sql`SELECT id FROM users WHERE 'admin' = ANY(roles)`;",
      'policy.ts': "export const thingPolicy = (ctx) => ({ edit: ctx.isAdmin || ctx.can('things_edit') });",
      'things.test.ts': 'expect(ctx.isAdmin).toBe(true);',
      'isolation.ts': "registerObject('thing', async (h, a) => a.admin.isAdmin);",
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(module, name), text);
    writeFileSync(path.join(scratch, 'index.ts'), 'export const isAdmin = true;');
    expect(rulesOutsidePolicies(scratch)).toEqual([
      'things/queries.ts:1 (a role in SQL)',
      'things/routes.ts:1 (a role)',
      'things/routes.ts:1 (isSuperadmin)',
      'things/service.ts:2 (isAdmin)',
      'things/service.ts:3 (a right)',
    ]);
  });
});
