/**
 * The server's catalogues, built from the module objects (docs/modules.md): every error code with its texts, and
 * every notification with its section, channels, variables and shipped templates. The platform's own codes are here
 * from the start; `registerCatalogues` adds a module list's (modules/index.ts at import, buildApp for the list an app
 * is built with), refusing a code two modules claim. Nothing central lists a module's codes.
 */
import {
  type EntrySection,
  type Feature,
  fillPlaceholders,
  type MessageCatalogue,
  type MessageCode,
  mergeCatalogues,
  type NotificationCatalogue,
  type NotificationCode,
  type NotificationDefinition,
  messages as platformMessages,
  type Texts,
} from '@hallway/shared';

/** What a module contributes to the catalogues (its `Module.messages` and `Module.notifications`). */
export interface CatalogueSource {
  name: string;
  messages?: MessageCatalogue;
  notifications?: NotificationCatalogue;
  /** The module's feature (`Module.feature`): its notifications' sections show while it is on. */
  feature?: { feature: Feature } | { featureFree: true };
}

let messageTexts: Record<string, Texts> = { ...platformMessages };
let notificationDefinitions: Record<string, NotificationDefinition> = {};
/** The feature of the module that declares each notification code; null for a module of the platform itself. */
let notificationFeatures: Record<string, Feature | null> = {};

/** Adds the modules' codes; a code another owner (or the platform) already declares is refused. */
export function registerCatalogues(modules: readonly CatalogueSource[]): void {
  messageTexts = mergeCatalogues([
    { owner: 'the platform', catalogue: messageTexts },
    ...modules.map((module) => ({ owner: module.name, catalogue: module.messages })),
  ]);
  notificationDefinitions = mergeCatalogues([
    { owner: 'an earlier module list', catalogue: notificationDefinitions },
    ...modules.map((module) => ({ owner: module.name, catalogue: module.notifications })),
  ]);
  const features: Record<string, Feature | null> = { ...notificationFeatures };
  for (const module of modules)
    for (const code of Object.keys(module.notifications ?? {}))
      features[code] = module.feature && 'feature' in module.feature ? module.feature.feature : null;
  notificationFeatures = features;
}

/** Whether a catalogue declares the code (the error handler passes only known codes to the client). */
export const isMessageCode = (code: string): code is MessageCode => Object.hasOwn(messageTexts, code);

/** The English text of a code (an error answer's `message`), its placeholders filled; the code itself if unknown. */
export function messageText(code: MessageCode, params: Record<string, string | number> = {}): string {
  const texts = messageTexts[code];
  return texts ? fillPlaceholders(texts.en, params) : code;
}

export const isNotificationCode = (code: string): code is NotificationCode =>
  Object.hasOwn(notificationDefinitions, code);

/** A notification's definition; undefined for a code no module declares (a stored event of a removed module). */
export const notificationDefinition = (code: string): NotificationDefinition | undefined =>
  notificationDefinitions[code];

/** Every notification code, in module order. */
export const notificationCodes = (): NotificationCode[] => Object.keys(notificationDefinitions) as NotificationCode[];

/**
 * The sections of the notification centre a workspace has: those with a notification of a module of this build whose
 * feature is on (a module of the platform itself is always on). Sections of modules not built yet are not among them.
 */
export function notificationSections(hasFeature: (feature: Feature) => boolean): Set<EntrySection> {
  const sections = new Set<EntrySection>();
  for (const [code, definition] of Object.entries(notificationDefinitions)) {
    const feature = notificationFeatures[code];
    if (!feature || hasFeature(feature)) sections.add(definition.section);
  }
  return sections;
}
