/**
 * Event colours: each carries white text at 4.5:1 or more (WCAG 2.2 §1.4.3), so a title on its colour stays readable
 * in both themes. The first is the default.
 */
export const EVENT_COLORS = [
  { name: 'blue', hex: '#1971c2' },
  { name: 'indigo', hex: '#364fc7' },
  { name: 'violet', hex: '#5f3dc4' },
  { name: 'grape', hex: '#862e9c' },
  { name: 'pink', hex: '#a61e4d' },
  { name: 'red', hex: '#c92a2a' },
  { name: 'orange', hex: '#c2410c' },
  { name: 'green', hex: '#237032' },
  { name: 'teal', hex: '#087f5b' },
  { name: 'gray', hex: '#495057' },
] as const;

export const DEFAULT_COLOR = EVENT_COLORS[0].hex;
/** Birthdays on the calendar: a layer of their own colour. */
export const BIRTHDAY_COLOR = '#862e9c';
/** Approved vacations on the calendar: a layer of their own colour (white text at 4.5:1 or more). */
export const VACATION_COLOR = '#0b7285';
