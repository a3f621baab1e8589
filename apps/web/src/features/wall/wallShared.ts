import type { Reaction } from '@hallway/shared';

/**
 * Copies of the few runtime values of `@hallway/shared`'s posts schema module the web needs. Importing them from
 * there would bundle zod with the wall (that module's top-level schemas count as side effects);
 * wallShared.test.ts keeps the copies equal to the originals.
 */
export const REACTIONS: readonly Reaction[] = ['like', 'love', 'laugh', 'wow', 'sad', 'celebrate'];

/** The thanks widget's page size (`THANKS_PAGE_SIZE`). */
export const THANKS_PAGE_SIZE = 10;

export const MENTION_MARKUP =
  /@\[([^\]\n]{1,200})\]\(user:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\)/gi;

/** `mentionMarkup()`: how a mention is written inside a text. */
export const mentionMarkup = (userId: string, name: string) =>
  `@[${name.replace(/[[\]\n]/g, ' ').trim()}](user:${userId})`;

/** `plainText()`: the text as a reader sees it; the length rules count this. */
export const plainText = (text: string) => text.replace(MENTION_MARKUP, (_all, name: string) => `@${name}`).trim();
