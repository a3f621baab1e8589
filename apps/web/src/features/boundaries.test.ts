import { describe, expect, it } from 'vitest';

/**
 * Web modules depend on each other in one direction only, as the server's (apps/server/src/modules/
 * boundaries.test.ts): a feature folder imports another only through that folder's `index.ts`, and no chain of
 * imports leads back. What a lower module's page shows of a higher one comes through the registry (wall widgets,
 * profile tabs and badges, app/webModule.ts). Tests and their `testing.tsx` helpers may reach anywhere.
 */
const sources = import.meta.glob<string>(['./*/**/*.{ts,tsx}', '!./**/*.test.{ts,tsx}', '!./**/testing.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** `./a/b/../c` → `a/c`. */
function normalize(file: string): string[] {
  const parts: string[] = [];
  for (const part of file.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts;
}

/** Each import of another feature: the importing file, the feature, and the path inside it ('' for its index). */
function crossImports(files: Record<string, string>) {
  const found: { file: string; from: string; to: string; inside: string }[] = [];
  for (const [file, text] of Object.entries(files)) {
    const [from] = normalize(file);
    const dir = file.slice(0, file.lastIndexOf('/'));
    for (const [, spec] of text.matchAll(/(?:from|import\()\s*'(\.[^']+)'/g)) {
      // Not above the features folder (app/, ui/, api/, i18n/), not inside the importing feature.
      const ups = spec.split('/').filter((part) => part === '..').length;
      if (ups === 0 || ups > dir.split('/').length - 1) continue;
      const [to, ...rest] = normalize(`${dir}/${spec}`);
      if (to === from) continue;
      found.push({ file: file.slice(2), from, to, inside: rest.join('/') });
    }
  }
  return found;
}

function graph(files: Record<string, string>): Map<string, Set<string>> {
  const uses = new Map<string, Set<string>>();
  for (const { from, to } of crossImports(files)) uses.set(from, (uses.get(from) ?? new Set()).add(to));
  return uses;
}

function cycles(uses: Map<string, Set<string>>): string[] {
  const found = new Set<string>();
  const walk = (start: string, at: string, trail: string[]) => {
    for (const next of uses.get(at) ?? []) {
      if (next === start) {
        // One name per cycle: rotated to start at its alphabetically first feature.
        const first = trail.indexOf([...trail].sort()[0]);
        const rotated = [...trail.slice(first), ...trail.slice(0, first)];
        found.add([...rotated, rotated[0]].join(' → '));
      } else if (!trail.includes(next)) walk(start, next, [...trail, next]);
    }
  };
  for (const name of uses.keys()) walk(name, name, [name]);
  return [...found].sort();
}

describe('web module boundaries', () => {
  it('reads the feature folders’ sources', () => {
    expect(Object.keys(sources)).toContain('./wall/WallPage.tsx');
    expect(crossImports(sources).length).toBeGreaterThan(0);
  });

  it('reaches another feature through its index.ts only', () => {
    const inside = crossImports(sources).filter(({ inside }) => inside !== '' && inside !== 'index');
    expect(inside.map(({ file, to, inside }) => `${file} → ${to}/${inside}`)).toEqual([]);
  });

  it('has no import cycle between features', () => {
    expect(cycles(graph(sources))).toEqual([]);
  });

  it('finds a reach inside and a cycle when they are there', () => {
    const planted = {
      './wall/WallPage.tsx': "import { CalendarWidget } from '../calendar/CalendarWidget';",
      './calendar/MembersField.tsx': "import { wallQueries } from '../wall';",
      './calendar/widgets/Row.tsx': "import { timeText } from '../format';\nimport { x } from '../../../ui/States';",
    };
    expect(crossImports(planted).map(({ file, to, inside }) => `${file} → ${to}/${inside}`)).toEqual([
      'wall/WallPage.tsx → calendar/CalendarWidget',
      'calendar/MembersField.tsx → wall/',
    ]);
    expect(cycles(graph(planted))).toEqual(['calendar → wall → calendar']);
  });
});
