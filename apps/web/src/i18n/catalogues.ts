import type { MessageCatalogue, NotificationCatalogue, Texts } from '@hallway/shared';
import { useQuery } from '@tanstack/react-query';
import { i18n, type UiLang, useTranslation } from './index';

/**
 * The texts every module declares beside its schemas (docs/modules.md "A module's shared files"): its error codes
 * (`schemas/<module>.messages.ts`, the platform's in `messages.ts`) and its notifications' labels
 * (`schemas/<module>.notifications.ts`). They are found by file name, so a new module's codes are translated without
 * a line here, and they are downloaded on demand (`loadCatalogues`), never with the start-up code: the sign-in page
 * shows none of them until a call fails.
 */
const messageFiles = import.meta.glob<MessageCatalogue>(
  ['../../../../packages/shared/src/messages.ts', '../../../../packages/shared/src/schemas/*.messages.ts'],
  { import: 'messages' },
);
const notificationFiles = import.meta.glob<NotificationCatalogue>(
  '../../../../packages/shared/src/schemas/*.notifications.ts',
  { import: 'notifications' },
);

/** The namespace of the catalogues' texts: `errors.<code>` and `notifications.<code with _ for .>`. */
export const CATALOGUE_NS = 'catalogue';

/** The web's texts write placeholders `{{name}}`, the catalogues `{name}` (as the server's messages do). */
const asWebText = (text: string) => text.replace(/\{(\w+)\}/g, '{{$1}}');
const inLanguage = (texts: Texts, lang: UiLang) => asWebText(texts[lang]);

/** A notification code as a text key: the texts read dots as nesting. */
export const notificationKey = (code: string) => code.replace(/\./g, '_');

async function catalogueTexts(lang: UiLang) {
  const [messages, notifications] = await Promise.all([
    Promise.all(Object.values(messageFiles).map((load) => load())),
    Promise.all(Object.values(notificationFiles).map((load) => load())),
  ]);
  const errors: Record<string, string> = {};
  for (const catalogue of messages)
    for (const [code, texts] of Object.entries(catalogue)) errors[code] = inLanguage(texts, lang);
  const labels: Record<string, string> = {};
  for (const catalogue of notifications)
    for (const [code, definition] of Object.entries(catalogue))
      labels[notificationKey(code)] = inLanguage(definition.label, lang);
  return { errors, notifications: labels };
}

/**
 * Starts (or joins) the download of the catalogues in the language shown, and of any language switched to later;
 * resolves once the current one is there. The API client awaits it before reporting a failed call.
 */
export const loadCatalogues = (): Promise<void> => i18n.loadNamespace(CATALOGUE_NS, catalogueTexts);

/**
 * The catalogues for a component that shows notification names or codes that no failed call brought (a public page's
 * lookup): `ready` once they are there in the language shown (render a placeholder until then; the component renders
 * again then), and the name of a code (the code itself for one no module declares). `enabled`: only once needed.
 */
export function useCatalogues(enabled = true) {
  const { i18n: texts } = useTranslation(CATALOGUE_NS);
  const lang = texts.language;
  const loaded = useQuery({
    queryKey: ['catalogues', lang],
    queryFn: () => loadCatalogues().then(() => true),
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
  });
  const notificationLabel = (code: string) =>
    texts.translate(`notifications.${notificationKey(code)}`, { ns: CATALOGUE_NS, defaultValue: code });
  /** A query for `QueryState` that stays pending until the catalogues are there too. */
  const withCatalogues = <Q extends { isPending: boolean; data?: unknown }>(query: Q): Q =>
    loaded.isSuccess ? query : { ...query, isPending: true, data: undefined };
  return { ready: loaded.isSuccess, notificationLabel, withCatalogues };
}
