/**
 * How a module declares the texts both sides need (docs/modules.md "A module's shared folder"): its error codes and
 * its notifications, each with its texts in the three interface languages side by side. The server builds its
 * catalogues from the module objects; the web loads every module's catalogue files on demand
 * (apps/web/src/i18n/catalogues.ts). Nothing central lists a module's codes.
 */
import type { EntrySection, NotificationChannel } from './schemas/notifications.js';

/** The interface languages of a text. The API calls Ukrainian `ua` (portal §1); texts call it `uk`. */
export const TEXT_LANGS = ['en', 'ru', 'uk'] as const;
export type TextLang = (typeof TEXT_LANGS)[number];
export type Texts = Record<TextLang, string>;
/** `ua` (the API's and the person's setting) → `uk` (the texts'). */
export const textLang = (lang: string | null | undefined): TextLang =>
  lang === 'ua' || lang === 'uk' ? 'uk' : lang === 'ru' ? 'ru' : 'en';

/**
 * Error and message codes with their texts. `{name}` placeholders are filled from the error's `params`; the English
 * text is the `message` every error answer carries, the web shows the person's language by `code`.
 */
export type MessageCatalogue = Record<string, Texts>;
export const defineMessages = <const T extends MessageCatalogue>(messages: T): T => messages;

/** The texts of one notification in one language: `{name}` placeholders take the event's variables. */
export interface NotificationText {
  title: string;
  body: string;
  /** Paragraphs the mail adds after the body (details, personal links), which the centre and popups leave out. */
  mail?: string;
}

export interface NotificationDefinition {
  /** Its section of the notification centre. */
  section: EntrySection;
  /** The channels it has unless the workspace or the person chose otherwise. */
  channels: readonly NotificationChannel[];
  /** The variables its templates may use (`actor` is every notification's). */
  variables: readonly string[];
  /** Its row in the notification settings ("Someone mentioned me"). */
  label: Texts;
  /** The shipped template. */
  one: Record<TextLang, NotificationText>;
  /** The shipped template of an entry that groups others ("Anna and 4 others"). */
  many?: Record<TextLang, NotificationText>;
}

/** A module's notifications, by code (`<module>.<event>`). */
export type NotificationCatalogue = Record<string, NotificationDefinition>;
export const defineNotifications = <const T extends NotificationCatalogue>(notifications: T): T => notifications;

/**
 * Merges the catalogues of several owners, refusing a code claimed twice (a module's catalogue object given again,
 * as the same module registered by a second app in one process, is not a second claim).
 */
export function mergeCatalogues<T>(
  entries: Iterable<{ owner: string; catalogue: Record<string, T> | undefined }>,
): Record<string, T> {
  const merged: Record<string, T> = {};
  const owners = new Map<string, string>();
  for (const { owner, catalogue } of entries) {
    for (const [code, value] of Object.entries(catalogue ?? {})) {
      const claimed = owners.get(code);
      if (claimed !== undefined && merged[code] !== value)
        throw new Error(`${owner}: code ${code} is already declared by ${claimed}`);
      owners.set(code, owner);
      merged[code] = value;
    }
  }
  return merged;
}
