import { describe, expect, it } from 'vitest';

// Mantine's CSS is imported per component (base.ts, shell.ts) to keep the sign-in page light. A component used
// without its file renders unstyled — a notification count became plain text above the bell — so every Mantine
// component the app imports must have its CSS file imported somewhere in the app.
const sources = import.meta.glob(['../../**/*.{ts,tsx}', '!../../**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;
// Only the names are read (lazy glob): which components have a CSS file of their own.
const cssFiles = Object.keys(import.meta.glob('../../../../../node_modules/@mantine/core/styles/*.css'));
const withCss = new Set(cssFiles.map((file) => /([A-Za-z]+)\.css$/.exec(file)?.[1]));

describe('Mantine styles', () => {
  it('imports the CSS file of every Mantine component the app uses', () => {
    const texts = Object.values(sources);
    const used = new Set<string>();
    for (const text of texts) {
      for (const match of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@mantine\/core'/g)) {
        for (const name of match[1].split(',')) {
          const component = name
            .replace(/^\s*type\s+/, '')
            .trim()
            .split(/\s+as\s+/)[0];
          if (/^[A-Z]/.test(component) && withCss.has(component)) used.add(component);
        }
      }
    }
    const imported = new Set(
      texts.flatMap((text) => [...text.matchAll(/'@mantine\/core\/styles\/([A-Za-z]+)\.css'/g)].map((m) => m[1])),
    );
    expect(withCss.size).toBeGreaterThan(50);
    expect(used.size).toBeGreaterThan(20);
    expect([...used].filter((component) => !imported.has(component)).sort()).toEqual([]);
  });
});
