import { useMemo, useSyncExternalStore } from 'react';
import type { Resources } from './en';

type Tree = { [key: string]: string | Tree };

/** `a.b.c` paths of the start-up texts: what `t` of `useTranslation()` and `i18n.t` accept. */
type Paths<T> = { [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}` }[keyof T & string];
export type TextPath = Paths<Resources>;

/** Placeholder values; `defaultValue` when no language has the text, `ns` for a feature's namespace. */
export type TextValues = { defaultValue?: string; ns?: string; count?: number; [name: string]: unknown };
export type TFunction = (key: TextPath, values?: TextValues) => string;

/** Interface languages. The API names Ukrainian `ua`; the texts and dayjs call it `uk` (spec portal §1). */
export const UI_LANGS = ['ru', 'uk', 'en'] as const;
export type UiLang = (typeof UI_LANGS)[number];

export function toUiLang(lang: string | null | undefined): UiLang | null {
  if (lang === 'ua' || lang === 'uk') return 'uk';
  if (lang === 'ru' || lang === 'en') return lang;
  return null;
}

export const toApiLang = (lang: UiLang): 'ru' | 'ua' | 'en' => (lang === 'uk' ? 'ua' : lang);

/** Each language is its own chunk, so /login/ downloads one of them, never all three. */
const loaders: Record<UiLang, () => Promise<{ default: Resources }>> = {
  en: () => import('./en'),
  ru: () => import('./ru'),
  uk: () => import('./uk'),
};

/** Where a language is missing a text, the Russian one is shown (the product's first language). */
const FALLBACK: UiLang = 'ru';
const DEFAULT_NS = 'translation';

/**
 * The interface texts: one tree per language and namespace, `{{name}}` placeholders, `key_one`/`key_few`/… forms
 * chosen by `count` (Intl.PluralRules). It does what the app used of i18next and react-i18next in 2 KB instead of
 * their 55 KB, which the sign-in page had to download before it could show anything.
 */
class Texts {
  private readonly bundles: Record<string, Record<string, Tree>> = {};
  private readonly listeners = new Set<() => void>();
  private current: UiLang | undefined;
  /** The language being switched to, and the one guessed at start-up before any is chosen. */
  private wanted: UiLang | undefined;
  likely: UiLang | undefined;
  /** Namespaces that load one language at a time (`loadNamespace`), and the downloads under way. */
  private readonly loaders = new Map<string, (lang: UiLang) => Promise<object>>();
  private readonly loading = new Map<string, Promise<void>>();

  get language(): UiLang | undefined {
    return this.current;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  addResourceBundle(lang: string, ns: string, bundle: object, _deep?: boolean, _overwrite?: boolean): void {
    const namespaces = this.bundles[lang] ?? {};
    namespaces[ns] = merge(namespaces[ns] ?? {}, bundle as Tree);
    this.bundles[lang] = namespaces;
  }

  hasResourceBundle(lang: string, ns: string): boolean {
    return Boolean(this.bundles[lang]?.[ns]);
  }

  /**
   * A namespace whose texts come one language at a time: the language shown (or about to be) now, any other when it
   * is switched to (`changeLanguage` waits for them), so a page downloads one language of its texts, not three.
   */
  loadNamespace(ns: string, load: (lang: UiLang) => Promise<object>): Promise<void> {
    this.loaders.set(ns, load);
    return this.ensure(ns, this.wanted ?? this.current ?? this.likely ?? FALLBACK);
  }

  private ensure(ns: string, lang: UiLang): Promise<void> {
    if (this.hasResourceBundle(lang, ns)) return Promise.resolve();
    const key = `${lang}/${ns}`;
    let loading = this.loading.get(key);
    if (!loading) {
      loading = this.loaders.get(ns)!(lang).then((bundle) => this.addResourceBundle(lang, ns, bundle));
      // A failed download may succeed on the next try.
      loading.catch(() => this.loading.delete(key));
      this.loading.set(key, loading);
    }
    return loading;
  }

  async changeLanguage(lang: UiLang): Promise<void> {
    if (this.current === lang && this.wanted === undefined) return;
    this.wanted = lang;
    // Until every namespace in use has the language (one may be registered while others download).
    const missing = () => [...this.loaders.keys()].filter((ns) => !this.hasResourceBundle(lang, ns));
    try {
      for (let left = missing(); left.length; left = missing()) {
        await Promise.all(left.map((ns) => this.ensure(ns, lang)));
      }
    } catch (err) {
      // The switch did not happen: the language shown stays, and so does the one namespaces load in.
      if (this.wanted === lang) this.wanted = undefined;
      throw err;
    }
    if (this.wanted !== lang) return; // a later switch won
    this.wanted = undefined;
    if (this.current === lang) return;
    this.current = lang;
    for (const listener of this.listeners) listener();
  }

  private find(key: string, ns: string, count: unknown): string | undefined {
    const langs = this.current && this.current !== FALLBACK ? [this.current, FALLBACK] : [FALLBACK];
    for (const lang of langs) {
      const tree = this.bundles[lang]?.[ns];
      if (!tree) continue;
      if (typeof count === 'number') {
        const form = lookup(tree, `${key}_${new Intl.PluralRules(lang).select(count)}`);
        if (form !== undefined) return form;
      }
      const text = lookup(tree, key);
      if (text !== undefined) return text;
    }
    return undefined;
  }

  exists(key: string, values?: TextValues): boolean {
    return this.find(key, values?.ns ?? DEFAULT_NS, values?.count) !== undefined;
  }

  t: TFunction = (key, values) => this.translate(key, values);

  translate(key: string, values: TextValues = {}): string {
    const text = this.find(key, values.ns ?? DEFAULT_NS, values.count);
    if (text === undefined) return values.defaultValue ?? key;
    // A placeholder without a value stays as it is written.
    return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) =>
      values[name] === undefined || values[name] === null ? whole : String(values[name]),
    );
  }
}

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function merge(into: Tree, from: Tree): Tree {
  const result: Tree = { ...into };
  for (const [key, value] of Object.entries(from)) {
    const existing = result[key];
    result[key] =
      typeof value === 'object' && typeof existing === 'object' ? merge(existing, value) : (value as string | Tree);
  }
  return result;
}

const i18n = new Texts();

/**
 * The texts of the current language for a component: `t` of the start-up texts, or of a feature's namespace. The
 * component renders again when the language changes.
 */
export function useTranslation(ns: string = DEFAULT_NS): { t: TFunction; i18n: Texts } {
  const lang = useSyncExternalStore(i18n.subscribe, () => i18n.language);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `t` for each language, so memoised texts follow it
  const t = useMemo<TFunction>(() => (key, values) => i18n.translate(key, { ns, ...values }), [ns, lang]);
  return { t, i18n };
}

/** Downloads a language's texts without switching to it (start-up, before the server has said which). */
export async function preloadUiLanguage(lang: UiLang, resources?: Resources): Promise<void> {
  i18n.likely ??= lang;
  if (i18n.hasResourceBundle(lang, 'translation')) return;
  const bundle = resources ?? (await loaders[lang]()).default;
  i18n.addResourceBundle(lang, 'translation', bundle, true, true);
}

/** Loads a language if needed and switches the texts to it (and dates, once ./dates has loaded with the shell). */
export async function setUiLanguage(lang: UiLang, resources?: Resources): Promise<void> {
  await preloadUiLanguage(lang, resources);
  document.documentElement.lang = lang;
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
}

export { i18n };
