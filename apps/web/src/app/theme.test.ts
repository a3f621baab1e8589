import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import {
  BREAKPOINTS,
  buildTheme,
  colorTuple,
  contrast,
  cssVariablesResolver,
  DIMMED,
  readableShade,
  whiteContrast,
} from './theme';

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

describe('contrast at the theme level', () => {
  it('fills the primary colour with a shade that carries white text at 4.5:1', () => {
    const blue = buildTheme(null);
    expect(blue.primaryShade).toEqual({ light: 8, dark: 8 });
    const pale = colorTuple('#ffd43b')!;
    const shade = readableShade(pale);
    expect(whiteContrast(pale[shade]) >= 4.5 || shade === 9).toBe(true);
    const dark = colorTuple('#1b4332')!;
    expect(readableShade(dark)).toBe(6);
  });

  it('gives dimmed text at least 4.5:1 on the body in both schemes', () => {
    expect(contrast(DIMMED.light, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(DIMMED.light, '#f1f3f5')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(DIMMED.dark, '#242424')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(DIMMED.dark, '#2e2e2e')).toBeGreaterThanOrEqual(4.5);
  });

  it('darkens light-variant text where the 10th shade on the 2nd is under 4.5:1 (lime, orange…)', () => {
    const { light } = cssVariablesResolver(DEFAULT_THEME);
    const { lime, orange, blue } = DEFAULT_THEME.colors;
    expect(contrast(lime[9], lime[1])).toBeLessThan(4.5);
    expect(contrast(light['--mantine-color-lime-light-color'], lime[1])).toBeGreaterThanOrEqual(4.5);
    expect(contrast(light['--mantine-color-orange-light-color'], orange[1])).toBeGreaterThanOrEqual(4.5);
    // Colours that already read well keep Mantine's own shade.
    expect(contrast(blue[9], blue[1])).toBeGreaterThanOrEqual(4.5);
    expect(light['--mantine-color-blue-light-color']).toBeUndefined();
  });
});
