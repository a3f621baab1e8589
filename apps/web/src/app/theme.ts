import { type ClientDto, FONT_FAMILY_PATTERN } from '@hallway/shared';
import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  type MantineColorsTuple,
  type MantineThemeOverride,
} from '@mantine/core';

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

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const rgb = parseHex(hex) ?? [0, 0, 0];
  const [r, g, b] = rgb.map((c) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast ratio of white text on a colour (WCAG 2.2 §1.4.3 wants 4.5 for normal text). */
export const whiteContrast = (hex: string) => 1.05 / (luminance(hex) + 0.05);

/**
 * The lightest shade from the 7th on that carries white text at 4.5:1, so filled buttons, badges and links in the
 * primary colour stay readable whatever colour a workspace picks; Mantine's blue gives shade 8 (#1971c2, 5.0:1)
 * instead of its default 6 (#228be6, 3.6:1).
 */
export function readableShade(tuple: readonly string[]): 6 | 7 | 8 | 9 {
  for (const shade of [6, 7, 8] as const) if (whiteContrast(tuple[shade]) >= 4.5) return shade;
  return 9;
}

/**
 * Secondary ("dimmed") text per colour scheme: Mantine's gray-6 on white is 3.3:1 and dark-2 on the dark body 4.0:1;
 * these reach 4.5:1 on the page, on cards and on the light grey of hovered rows.
 */
export const DIMMED = { light: '#5f666d', dark: '#adadad' };

/** Contrast ratio of two #rrggbb colours. */
export function contrast(a: string, b: string): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** `text`, darkened in steps of 10% towards black until it reads at 4.5:1 on `background`. */
export function readableOn(text: string, background: string): string {
  const base = parseHex(text);
  if (!base || !parseHex(background)) return text;
  let color = text;
  for (let amount = 0.1; contrast(color, background) < 4.5 && amount < 1; amount += 0.1) {
    color = toHex(mix(base, [0, 0, 0], amount));
  }
  return color;
}

/**
 * Light-variant text (badges, avatar initials, light and subtle buttons) is a colour's 10th shade on its 2nd: for
 * lime, green, teal, orange, yellow and cyan that is 3.3–4.3:1 in the light scheme, so those get a darker text.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  const lightText: Record<string, string> = {};
  for (const [name, shades] of Object.entries(theme.colors)) {
    if (name === 'dark' || !shades) continue;
    const readable = readableOn(shades[9], shades[1]);
    if (readable !== shades[9]) lightText[`--mantine-color-${name}-light-color`] = readable;
  }
  return {
    variables: {},
    light: { '--mantine-color-dimmed': DIMMED.light, '--mantine-color-placeholder': '#6c757d', ...lightText },
    dark: { '--mantine-color-dimmed': DIMMED.dark, '--mantine-color-placeholder': '#9a9a9a' },
  };
};

/** The app's Mantine theme, themed by the workspace's colours and font (client.colors, client.font). */
export function buildTheme(client: Pick<ClientDto, 'colors' | 'font'> | null): MantineThemeOverride {
  const primary = client?.colors?.primary ? colorTuple(client.colors.primary) : null;
  const fontFamily = fontStack(client?.font);
  const shade = readableShade(primary ?? DEFAULT_THEME.colors.blue);
  return createTheme({
    breakpoints: BREAKPOINTS,
    primaryColor: primary ? 'brand' : 'blue',
    primaryShade: { light: shade, dark: Math.max(shade, 8) as 8 | 9 },
    // Filled colours light enough for dark text get it instead of white. Mantine's threshold (0.3) leaves white on
    // orange, teal, green and cyan (2.4–3.6:1); at 0.185 every shade 7 and 8 of Mantine's colours reads at 4.5:1.
    autoContrast: true,
    luminanceThreshold: 0.185,
    colors: primary ? { brand: primary } : {},
    fontFamily,
    headings: { fontFamily },
    defaultRadius: 'md',
    cursorType: 'pointer',
    components: {
      // A select's list is mounted when it opens, not hidden beside every select from the start: mounted, each one
      // is positioned once by floating-ui as the page appears (~120 ms of style reads on the address book's two
      // filters at a phone's speed, Lighthouse TBT). A plain object: the Combobox code stays out of the start-up chunk.
      Combobox: { defaultProps: { keepMounted: false } },
    },
  });
}
