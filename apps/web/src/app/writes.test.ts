import { describe, expect, it } from 'vitest';

/**
 * Every write goes through a feature's mutation factories (`queries.ts`, `mutationOptions` whose `onSuccess` updates
 * the caches): a component that calls an api module's write itself skips the cache updates.
 */
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Where calls to the server live: the api client's folder and each feature's `api.ts`. */
const isApiModule = (path: string) => path.startsWith('../api/') || path.endsWith('/api.ts');
const WRITE = /method:[^,}\n]*'(POST|PUT|PATCH|DELETE)'/;

/**
 * The writes an api module exports: the functions that send a POST, PUT, PATCH or DELETE through `api` (a module's
 * mutation factories, `mutationOptions`, are what components use).
 */
function writesOf(source: string): Set<string> {
  const names = new Set<string>();
  for (const chunk of source.split(/\n(?=export )/)) {
    const name = /^export (?:async )?(?:const|function) (\w+)/.exec(chunk)?.[1];
    if (!name || name === 'api' || chunk.includes('mutationOptions(')) continue;
    if (/\bapi(<[^>]*>)?\(/.test(chunk) && WRITE.test(chunk)) names.add(name);
  }
  return names;
}

const writes = new Map(
  Object.entries(sources)
    .filter(([path]) => isApiModule(path))
    .map(([path, source]) => [path.replace(/\.ts$/, ''), writesOf(source)]),
);

function resolve(from: string, specifier: string): string {
  const parts = from.split('/').slice(0, -1);
  for (const part of specifier.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

/** The api writes a component calls itself: imported by name, through `* as`, or `api(…, { method })` inline. */
function directWrites(path: string, source: string): string[] {
  const found: string[] = [];
  for (const [, names, from] of source.matchAll(/import\s+\{([^}]*)\}\s+from\s+'([^']+)'/g)) {
    const exported = writes.get(resolve(path, from));
    if (!exported) continue;
    for (const name of names.split(',').map((n) => n.trim().split(/\s+as\s+/)[0])) {
      if (exported.has(name)) found.push(name);
    }
  }
  for (const [, alias, from] of source.matchAll(/import\s+\*\s+as\s+(\w+)\s+from\s+'([^']+)'/g)) {
    const exported = writes.get(resolve(path, from));
    if (!exported) continue;
    for (const [, name] of source.matchAll(new RegExp(`\\b${alias}\\.(\\w+)\\(`, 'g'))) {
      if (exported.has(name)) found.push(`${alias}.${name}`);
    }
  }
  for (const call of source.matchAll(/\bapi(?:<[^>]*>)?\(([^;]*?)\)/gs)) {
    if (WRITE.test(call[1])) found.push('api(…)');
  }
  return found;
}

describe('writes', () => {
  it('finds the api modules and their writes', () => {
    expect(writes.get('../features/wall/api')?.has('createPost')).toBe(true);
    expect(writes.get('../features/wall/api')?.has('fetchFeedPage')).toBe(false);
    // The check itself catches a component that writes directly.
    const planted = "import { cancelScheduled } from './api';\nimport * as wallApi from './api';\nwallApi.react(1);";
    expect(directWrites('../features/wall/Planted.tsx', planted)).toEqual(['cancelScheduled', 'wallApi.react']);
    expect(directWrites('../features/wall/Planted.tsx', "api('/x', { method: 'DELETE' })")).toEqual(['api(…)']);
  });

  it('go through the mutation factories, never from a component', () => {
    const components = Object.entries(sources).filter(
      ([path]) => path.endsWith('.tsx') && !path.endsWith('/testing.tsx'),
    );
    expect(components.length).toBeGreaterThan(100);
    const offenders = components
      .map(([path, source]) => [path, directWrites(path, source)] as const)
      .filter(([, found]) => found.length > 0)
      .map(([path, found]) => `${path}: ${found.join(', ')}`);
    expect(offenders).toEqual([]);
  });
});
