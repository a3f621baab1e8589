import { useCallback } from 'react';
import { i18n, UI_LANGS, type UiLang, useTranslation } from './index';

export type TextTree = { [key: string]: string | TextTree };
/** `a.b.c` paths of a texts object. */
export type TextKey<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${TextKey<T[K]>}`;
}[keyof T & string];

export type FeatureTexts<T extends TextTree> = Record<UiLang, T>;

/**
 * A feature's own texts, in its own text namespace, instead of the start-up bundle. Declare `const en = {...}` and
 * `const ru: typeof en`, `const uk: typeof en` (one file each) so the three stay complete. Returns a hook giving a
 * `t` typed by the English keys. Two ways to ship them:
 * - `defineTexts('wall', { en, ru, uk })`: all three travel with the code that imports the hook, registered at once
 *   (texts used from anywhere: a widget on another page, the header's bell).
 * - `defineTexts<typeof en>('auth')` with the module's `texts.load` importing one language's file (app/modules.ts):
 *   the page downloads only the language shown. The hook's texts are there only once the module's texts have
 *   loaded: for hooks used by the module's own pages and by modules that list it in `uses`.
 */
export function defineTexts<T extends TextTree>(namespace: string, texts?: FeatureTexts<T>) {
  if (texts) for (const lang of UI_LANGS) i18n.addResourceBundle(lang, namespace, texts[lang], true, true);
  // The hook is made once per feature at module scope (never inside a component), which keeps `t` typed by its keys.
  return function useFeatureTexts() {
    const { t, i18n: instance } = useTranslation(namespace as 'translation');
    const translate = useCallback(
      (key: TextKey<T>, values?: Record<string, unknown>) => t(key as never, values as never) as unknown as string,
      [t],
    );
    return { t: translate, lang: instance.language as UiLang };
  };
}

/** Leaves of a texts object (`path → text`), for completeness tests of the features' texts. */
export function textLeaves(tree: TextTree, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') found.set(path, value);
    else for (const [inner, text] of textLeaves(value, path)) found.set(inner, text);
  }
  return found;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

/** Problems of a feature's translations: keys missing or extra, empty texts, placeholders that differ. */
export function translationProblems<T extends TextTree>(texts: FeatureTexts<T>): string[] {
  const english = textLeaves(texts.en);
  const problems: string[] = [];
  for (const lang of UI_LANGS.filter((l) => l !== 'en')) {
    const other = textLeaves(texts[lang]);
    for (const key of english.keys()) if (!other.has(key)) problems.push(`${lang}: missing ${key}`);
    for (const [key, text] of other) {
      if (!english.has(key)) problems.push(`${lang}: extra ${key}`);
      else if (!text.trim()) problems.push(`${lang}: empty ${key}`);
      else if (placeholders(text).join() !== placeholders(english.get(key)!).join()) {
        problems.push(`${lang}: placeholders of ${key}`);
      }
    }
  }
  return problems;
}
