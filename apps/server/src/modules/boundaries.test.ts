import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

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

describe('module boundaries', () => {
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
