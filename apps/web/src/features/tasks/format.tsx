import type { CSSProperties } from 'react';

/** Colours offered by the colour inputs (the desk's background, a card's colour and border). */
export const SWATCHES = [
  '#e03131',
  '#f08c00',
  '#fab005',
  '#2f9e44',
  '#1098ad',
  '#1c7ed6',
  '#6741d9',
  '#c2255c',
  '#868e96',
  '#f1f3f5',
];

/** A desk's background: a colour (`#rrggbb`) or a picture's address. */
export function backgroundStyle(background: string): CSSProperties {
  if (!background) return {};
  if (background.startsWith('#')) return { background };
  return { backgroundImage: `url("${background.replace(/"/g, '%22')}")`, backgroundSize: 'cover' };
}

export const PRIORITY_COLORS = { low: 'gray', normal: 'blue', high: 'orange', critical: 'red' } as const;
export const TYPE_COLORS = { open: 'teal', active: 'blue', closed: 'gray', hidden: 'grape' } as const;
