import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { modules } from './index.js';

/**
 * Modules depend on each other in one direction only (issue 10 point 4): what one needs of a module that depends
 * on it comes through the contract (module.ts `provides`, read as `ctx.services`). Tests and isolation fixtures
 * may reach anywhere.
 */
const MODULES = fileURLToPath(new URL('./', import.meta.url));

/** Cycles still to undo (none now; a new one is a design question, not a line to add here). */
const KNOWN: string[] = [];

function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const name of readdirSync(MODULES, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)) {
    const uses = new Set<string>();
    for (const file of readdirSync(path.join(MODULES, name))) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts') || file === 'isolation.ts') continue;
      const text = readFileSync(path.join(MODULES, name, file), 'utf8');
      for (const [, other] of text.matchAll(/from '\.\.\/([a-z-]+)\//g)) if (other !== name) uses.add(other);
    }
    graph.set(name, uses);
  }
  return graph;
}

function cycles(graph: Map<string, Set<string>>): string[] {
  const found = new Set<string>();
  const walk = (start: string, at: string, trail: string[]) => {
    for (const next of graph.get(at) ?? []) {
      if (next === start) {
        // One name per cycle: rotated to start at its alphabetically first module.
        const ring = [...trail];
        const first = ring.indexOf([...ring].sort()[0]);
        const rotated = [...ring.slice(first), ...ring.slice(0, first)];
        found.add([...rotated, rotated[0]].join(' → '));
      } else if (!trail.includes(next)) walk(start, next, [...trail, next]);
    }
  };
  for (const name of graph.keys()) walk(name, name, [name]);
  return [...found].sort();
}

/** Imports of another module's own files (anything but its `index.ts` and its `tables.ts`). */
function reachingIn(): string[] {
  const found: string[] = [];
  for (const name of readdirSync(MODULES, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)) {
    for (const file of readdirSync(path.join(MODULES, name))) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts') || file === 'isolation.ts') continue;
      const text = readFileSync(path.join(MODULES, name, file), 'utf8');
      for (const [, target] of text.matchAll(/from '\.\.\/([a-z-]+\/[a-z-]+)\.js'/g)) {
        if (!/\/(index|tables)$/.test(target)) found.push(`${name}/${file} → ${target}`);
      }
    }
  }
  return found;
}

/**
 * The people and workspaces every module joins for names and settings: their modules publish these tables for
 * reading (a list of the platform's core, not of product modules: a new module never edits it).
 */
const PUBLISHED_FOR_READING = ['users', 'clients'];

/** Each table's module, from the module objects' `tables` (the contract's, so a table no module declares is found). */
function tableOwners(): Map<string, string> {
  const owners = new Map<string, string>();
  for (const module of modules) {
    for (const value of Object.values(module.tables ?? {})) {
      if (is(value, PgTable)) owners.set(getTableName(value), module.name);
    }
  }
  return owners;
}

/**
 * Reads and writes of another module's tables (ARCHITECTURE "Side effects listen, they do not reach in"): by SQL
 * text naming the table, or through its drizzle object. A `tables.ts` may import another's for foreign keys; a
 * demo may read other modules' rows to build its world (never write them); tests and isolation fixtures are free.
 */
function reachingIntoTables(): string[] {
  const owners = tableOwners();
  const drizzleNames = new Map<string, string>();
  const found: string[] = [];
  for (const module of modules) {
    const dir = path.join(MODULES, module.name);
    for (const file of readdirSync(dir)) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts') || file === 'isolation.ts' || file === 'tables.ts')
        continue;
      const text = readFileSync(path.join(dir, file), 'utf8');
      const readsAllowed = (owner: string) => PUBLISHED_FOR_READING.includes(owner) || file === 'demo.ts';
      for (const [, verb, table] of text.matchAll(/\b(FROM|JOIN|INTO|UPDATE|DELETE FROM)\s+"?([a-z_]+)"?/g)) {
        const owner = owners.get(table);
        if (!owner || owner === module.name) continue;
        const write = verb !== 'FROM' && verb !== 'JOIN';
        if (write || !readsAllowed(owner)) found.push(`${module.name}/${file}: ${verb} ${table} (of ${owner})`);
      }
      for (const [, names, other] of text.matchAll(
        /import \{([^}]+)\} from '\.\.\/([a-z-]+)\/(?:tables|index)\.js'/g,
      )) {
        for (const name of names.split(',').map((n) => n.replace(/^\s*type\s+/, '').trim())) {
          const table = modules.find((m) => m.name === other)?.tables?.[name];
          if (!is(table, PgTable)) continue;
          drizzleNames.set(name, other);
          const writes = new RegExp(`\\.(insert|update|delete)\\(${name}\\)`).test(text);
          if (writes || !readsAllowed(other)) found.push(`${module.name}/${file}: uses ${other}'s ${name}`);
        }
      }
    }
  }
  return found;
}

describe('module boundaries', () => {
  it('keeps to its own tables: another module’s are reached through its index.ts (or its events)', () => {
    expect(reachingIntoTables()).toEqual([]);
  });

  it('knows which module owns each table: every table with client_id belongs to exactly one module', () => {
    const owners = tableOwners();
    expect(owners.get('posts')).toBe('posts');
    expect(owners.get('departments')).toBe('structure');
  });

  it('reaches other modules through their index.ts only (and their tables)', () => {
    expect(reachingIn()).toEqual([]);
  });

  it('has no import cycle between modules beyond the known ones', () => {
    expect(cycles(moduleGraph())).toEqual(KNOWN);
  });

  it('finds a cycle when one is there', () => {
    const graph = new Map([
      ['posts', new Set(['comments'])],
      ['comments', new Set(['posts'])],
    ]);
    expect(cycles(graph)).toEqual(['comments → posts → comments']);
  });
});
