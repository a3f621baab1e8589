import { describe, expect, it } from 'vitest';
import { BREAKPOINTS, buildTheme, colorTuple } from './theme';

describe('workspace theme', () => {
  it('builds ten shades around the workspace colour, the colour itself at index 6', () => {
    const tuple = colorTuple('#228be6')!;
    expect(tuple).toHaveLength(10);
    expect(tuple[6]).toBe('#228be6');
    expect(tuple[0] > tuple[6]).toBe(true);
    expect(colorTuple('blue')).toBeNull();
  });

  it('uses the colour and the font of the workspace', () => {
    const theme = buildTheme({ colors: { primary: '#e64980' }, font: 'Inter' });
    expect(theme.primaryColor).toBe('brand');
    expect(theme.colors?.brand?.[6]).toBe('#e64980');
    expect(theme.fontFamily?.startsWith('"Inter"')).toBe(true);
    expect(buildTheme(null).primaryColor).toBe('blue');
  });

  it('never writes a stored font that could end the CSS value into the theme', () => {
    const system = buildTheme(null).fontFamily;
    for (const font of [
      'Inter";}\nbody{background:url(https://evil.example/x)}',
      "Inter'; color: red",
      'Inter}',
      'url(https://evil.example/f.woff)',
      'Inter;',
    ]) {
      expect(buildTheme({ colors: {}, font }).fontFamily, font).toBe(system);
      expect(buildTheme({ colors: {}, font }).headings?.fontFamily, font).toBe(system);
    }
    expect(
      buildTheme({ colors: {}, font: 'Open Sans, PT Sans' }).fontFamily?.startsWith('"Open Sans", "PT Sans", '),
    ).toBe(true);
    expect(buildTheme({ colors: { primary: '#fff;}body{x:y' }, font: '' }).primaryColor).toBe('blue');
  });

  it('has the breakpoints of the spec: phone 481, mobile 769, tablet 1025, mac 1281', () => {
    expect(BREAKPOINTS.xs).toBe(`${481 / 16}em`);
    expect(BREAKPOINTS.sm).toBe(`${769 / 16}em`);
    expect(BREAKPOINTS.md).toBe(`${1025 / 16}em`);
    expect(BREAKPOINTS.lg).toBe(`${1281 / 16}em`);
  });
});
