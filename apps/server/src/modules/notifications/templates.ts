import { type Lang, type NotificationText, type TextLang, textLang } from '@hallway/shared';
import { notificationDefinition } from '../../platform/catalogues.js';
import { formatMoment, isMoment, type NotificationVars } from '../../platform/notify/moments.js';

type Texts = Record<TextLang, NotificationText>;

/** `__`: the template of a code that has none (modules §9 "Missing notification template code falls back to '__'"). */
const FALLBACK: Texts = {
  en: { title: 'New notification', body: '{text}' },
  ru: { title: 'Новое уведомление', body: '{text}' },
  uk: { title: 'Нове сповіщення', body: '{text}' },
};

/** The first language of `langs` the texts have (every shipped template has all three). */
export function pick<T>(texts: Partial<Record<TextLang, T>>, langs: readonly Lang[]): T {
  for (const lang of langs) if (texts[textLang(lang)]) return texts[textLang(lang)]!;
  return Object.values(texts)[0] as T;
}

const fill = (template: string, vars: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_whole, key: string) => vars[key] ?? '');

/** A workspace's own template texts (`api/notif_template`). */
export interface CustomTexts {
  title: string;
  short: string;
  full: string;
}
/** A workspace's own templates by `code:lang`. */
export type CustomTemplates = ReadonlyMap<string, CustomTexts>;

export interface Rendered {
  title: string;
  /** The centre's and the popup's text. */
  text: string;
  /** The mail's text. */
  full: string;
}

/**
 * The entry's title and texts in the first of `langs` (the person's, the workspace's, DEFAULT_LANG) that has a
 * template: the workspace's own (`custom`) before the shipped one. A code with neither uses the workspace's `__`, else
 * the shipped `__`. Variables go in as plain text: the web shows them as text and the mail escapes them (mail.ts), so
 * a name can carry neither markup nor a link.
 */
export function render(
  code: string,
  langs: readonly Lang[],
  vars: NotificationVars,
  others: number,
  custom?: CustomTemplates,
  zone?: string | null,
): Rendered {
  // Dates and times are written in the language of the text chosen, in the recipient's zone.
  const valuesIn = (lang: string): Record<string, string> => ({
    ...Object.fromEntries(
      Object.entries(vars).map(([key, value]) => [key, isMoment(value) ? formatMoment(value, lang, zone) : value]),
    ),
    others: String(others),
  });
  const own = (texts: CustomTexts, lang: string): Rendered => {
    const all = valuesIn(lang);
    return { title: fill(texts.title, all), text: fill(texts.short, all), full: fill(texts.full || texts.short, all) };
  };
  const shipped = (texts: NotificationText, lang: string): Rendered => {
    const all = valuesIn(lang);
    const body = fill(texts.body, all);
    return { title: fill(texts.title, all), text: body, full: body };
  };
  const known = notificationDefinition(code);
  const texts = (others > 0 && known?.many) || known?.one;
  for (const lang of langs) {
    const mine = custom?.get(`${code}:${lang}`);
    if (mine) return own(mine, lang);
    if (texts?.[textLang(lang)]) return shipped(texts[textLang(lang)], lang);
  }
  for (const lang of langs) {
    const mine = custom?.get(`__:${lang}`);
    if (mine) return own(mine, lang);
  }
  const fallback = texts ?? FALLBACK;
  const lang = langs.find((l) => fallback[textLang(l)]) ?? Object.keys(fallback)[0];
  return shipped(pick(fallback, langs), lang);
}

/** The shipped texts of a code (or `__`) in a language, as the template editor starts from them. */
export function shippedTemplate(code: string, lang: Lang): { title: string; body: string } {
  const texts = notificationDefinition(code)?.one ?? FALLBACK;
  return pick(texts, [lang]);
}
