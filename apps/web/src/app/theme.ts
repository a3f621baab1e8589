import { type ClientDto, FONT_FAMILY_PATTERN } from '@hallway/shared';
import { createTheme, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';

/** Layout breakpoints of spec portal §1: phone 481, mobile 769, tablet 1025, mac 1281 (px, as em). */
export const BREAKPOINTS = {
  xs: `${481 / 16}em`,
  sm: `${769 / 16}em`,
  md: `${1025 / 16}em`,
  lg: `${1281 / 16}em`,
  xl: `${1600 / 16}em`,
};

const SYSTEM_FONT =
  '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif, "Apple Color Emoji", "Segoe UI Emoji"';

function parseHex(hex: string): [number, number, number] | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return null;
  const value = Number.parseInt(match[1], 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

const toHex = (rgb: number[]) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
const mix = (from: number[], to: number[], amount: number) => from.map((c, i) => c + (to[i] - c) * amount);

/**
 * Ten shades around a workspace colour, the colour itself at index 6 (Mantine's default primary shade in light
 * mode): lighter shades are mixed with white, darker with black.
 */
export function colorTuple(hex: string): MantineColorsTuple | null {
  const base = parseHex(hex);
  if (!base) return null;
  const white = [255, 255, 255];
  const black = [0, 0, 0];
  const shades = [0.92, 0.8, 0.64, 0.46, 0.3, 0.14].map((amount) => toHex(mix(base, white, amount)));
  shades.push(toHex(base));
  for (const amount of [0.14, 0.28, 0.42]) shades.push(toHex(mix(base, black, amount)));
  return shades as unknown as MantineColorsTuple;
}

/**
 * The workspace font as a CSS font-family list: only a value that passes the shared pattern (family names of
 * letters, digits, spaces and hyphens), each name quoted, then the system fonts. Anything else — a value stored
 * before the pattern existed, or sent by an older server — is ignored rather than written into the page's CSS.
 */
export function fontStack(font: string | undefined): string {
  const value = font?.trim() ?? '';
  if (!value || !FONT_FAMILY_PATTERN.test(value)) return SYSTEM_FONT;
  const names = value.split(',').map((name) => `"${name.trim()}"`);
  return `${names.join(', ')}, ${SYSTEM_FONT}`;
}

/** The app's Mantine theme, themed by the workspace's colours and font (client.colors, client.font). */
export function buildTheme(client: Pick<ClientDto, 'colors' | 'font'> | null): MantineThemeOverride {
  const primary = client?.colors?.primary ? colorTuple(client.colors.primary) : null;
  const fontFamily = fontStack(client?.font);
  return createTheme({
    breakpoints: BREAKPOINTS,
    primaryColor: primary ? 'brand' : 'blue',
    colors: primary ? { brand: primary } : {},
    fontFamily,
    headings: { fontFamily },
    defaultRadius: 'md',
    cursorType: 'pointer',
  });
}
