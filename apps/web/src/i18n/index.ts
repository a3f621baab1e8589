import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Resources } from './en';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Resources };
  }
}

/** Interface languages. The API names Ukrainian `ua`; i18next and dayjs call it `uk` (spec portal §1). */
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

dayjs.extend(localizedFormat);

i18n.use(initReactI18next).init({
  lng: undefined,
  fallbackLng: 'ru',
  resources: {},
  initAsync: false,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
  returnNull: false,
});

/** Downloads a language's texts without switching to it (start-up, before the server has said which). */
export async function preloadUiLanguage(lang: UiLang, resources?: Resources): Promise<void> {
  if (i18n.hasResourceBundle(lang, 'translation')) return;
  const bundle = resources ?? (await loaders[lang]()).default;
  i18n.addResourceBundle(lang, 'translation', bundle, true, true);
}

/** Loads a language if needed and switches texts and date formats to it. */
export async function setUiLanguage(lang: UiLang, resources?: Resources): Promise<void> {
  await preloadUiLanguage(lang, resources);
  dayjs.locale(lang);
  document.documentElement.lang = lang;
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
}

export { i18n };
