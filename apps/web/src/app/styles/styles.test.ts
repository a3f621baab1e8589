import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Mantine's CSS is imported per component (base.ts, shell.ts) to keep the sign-in page light. A component used
// without its file renders unstyled — a notification count became plain text above the bell — so every Mantine
// component the app imports must have its CSS file imported somewhere in the app.
// Paths from the repository root, where vitest runs (import.meta.url is not a file URL under happy-dom).
const SRC = path.resolve('apps/web/src');
const STYLES = path.resolve('node_modules/@mantine/core/styles');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('Mantine styles', () => {
  it('imports the CSS file of every Mantine component the app uses', () => {
    const files = sources(SRC).map((file) => readFileSync(file, 'utf8'));
    const used = new Set<string>();
    for (const text of files) {
      for (const match of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@mantine\/core'/g)) {
        for (const name of match[1].split(',')) {
          const component = name
            .replace(/^\s*type\s+/, '')
            .trim()
            .split(/\s+as\s+/)[0];
          if (/^[A-Z]/.test(component) && existsSync(path.join(STYLES, `${component}.css`))) used.add(component);
        }
      }
    }
    const imported = new Set(
      files.flatMap((text) => [...text.matchAll(/'@mantine\/core\/styles\/([A-Za-z]+)\.css'/g)].map((m) => m[1])),
    );
    expect(used.size).toBeGreaterThan(20);
    expect([...used].filter((component) => !imported.has(component)).sort()).toEqual([]);
  });
});
