import { type Lang, type NotificationText, type TextLang, textLang } from '@hallway/shared';
import { notificationDefinition } from '../../platform/catalogues.js';
import { formatVar, type NotificationVars, type PersonalLinks } from '../../platform/notify/moments.js';

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

/**
 * The template with its variables filled in. A paragraph whose every variable is empty is left out, so "Place:
 * {place}" says nothing of an event without a place.
 */
const fill = (template: string, vars: Record<string, string>) =>
  template
    .split(/\n{2,}/)
    .filter((paragraph) => {
      const names = [...paragraph.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      return names.length === 0 || names.some((name) => vars[name]);
    })
    .map((paragraph) => paragraph.replace(/\{(\w+)\}/g, (_whole, key: string) => vars[key] ?? ''))
    .join('\n\n');

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
 * a name can carry neither markup nor a link. The shipped template's `mail` paragraphs follow its body in the mail
 * only; personal links are written with `links` (the one recipient's mail) and are empty elsewhere.
 */
export function render(
  code: string,
  langs: readonly Lang[],
  vars: NotificationVars,
  others: number,
  custom?: CustomTemplates,
  zone?: string | null,
  links?: PersonalLinks,
): Rendered {
  // Dates and times are written in the language of the text chosen, in the recipient's zone.
  const valuesIn = (lang: string): Record<string, string> => ({
    ...Object.fromEntries(Object.entries(vars).map(([key, value]) => [key, formatVar(value, lang, zone, links)])),
    others: String(others),
  });
  const own = (texts: CustomTexts, lang: string): Rendered => {
    const all = valuesIn(lang);
    return { title: fill(texts.title, all), text: fill(texts.short, all), full: fill(texts.full || texts.short, all) };
  };
  const shipped = (texts: NotificationText, lang: string): Rendered => {
    const all = valuesIn(lang);
    const body = fill(texts.body, all);
    const full = texts.mail ? fill(`${texts.body}\n\n${texts.mail}`, all) : body;
    return { title: fill(texts.title, all), text: body, full };
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
export function shippedTemplate(code: string, lang: Lang): NotificationText {
  const texts = notificationDefinition(code)?.one ?? FALLBACK;
  return pick(texts, [lang]);
}
