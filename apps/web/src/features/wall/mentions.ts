import { MENTION_MARKUP, MENTION_SEARCH_MIN, mentionMarkup } from '@hallway/shared';

/**
 * Mentions in the wall's texts. Stored texts carry `@[Name](user:<uuid>)` (docs/api.md "Mentions"); while a person
 * types, the field shows `@Name` and the chosen people are kept beside it, turned into markup when sent.
 */
export interface Mention {
  id: string;
  name: string;
}

const MARKUP = MENTION_MARKUP;
const URL = /https?:\/\/[^\s<>"']*[^\s<>"'.,;:!?)\]]/gi;

export type Segment =
  | { kind: 'text'; text: string }
  | { kind: 'mention'; id: string; name: string }
  | { kind: 'link'; href: string };

function linkify(text: string, into: Segment[]): void {
  let last = 0;
  for (const match of text.matchAll(URL)) {
    if (match.index > last) into.push({ kind: 'text', text: text.slice(last, match.index) });
    into.push({ kind: 'link', href: match[0] });
    last = match.index + match[0].length;
  }
  if (last < text.length) into.push({ kind: 'text', text: text.slice(last) });
}

/** A stored text as pieces to show: plain text, mentions (links to profiles) and web addresses. */
export function segmentsOf(text: string): Segment[] {
  const segments: Segment[] = [];
  let last = 0;
  for (const match of text.matchAll(MARKUP)) {
    if (match.index > last) linkify(text.slice(last, match.index), segments);
    segments.push({ kind: 'mention', name: match[1], id: match[2].toLowerCase() });
    last = match.index + match[0].length;
  }
  if (last < text.length) linkify(text.slice(last), segments);
  return segments;
}

/** A stored text back in the form a person edits: `@Name`, with the mentioned people beside it. */
export function fromMarkup(text: string): { text: string; mentions: Mention[] } {
  const mentions = new Map<string, Mention>();
  const shown = text.replace(MARKUP, (_all, name: string, id: string) => {
    mentions.set(id.toLowerCase(), { id: id.toLowerCase(), name });
    return `@${name}`;
  });
  return { text: shown, mentions: [...mentions.values()] };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The text to send: each `@Name` of a chosen person becomes markup. People whose `@Name` was deleted from the text
 * are not mentioned any more. Answers the ids in order of appearance, each once.
 */
export function toMarkup(text: string, chosen: Mention[]): { text: string; mentions: string[] } {
  const byName = new Map<string, Mention>();
  for (const mention of chosen) if (!byName.has(mention.name)) byName.set(mention.name, mention);
  if (!byName.size) return { text, mentions: [] };
  // Longest names first, so "@Anna Maria" is not taken for "@Anna".
  const names = [...byName.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const pattern = new RegExp(`@(${names.join('|')})`, 'g');
  const ids: string[] = [];
  const marked = text.replace(pattern, (_all, name: string) => {
    const person = byName.get(name)!;
    if (!ids.includes(person.id)) ids.push(person.id);
    return mentionMarkup(person.id, person.name);
  });
  return { text: marked, mentions: ids };
}

/** The `@query` being typed at the caret, if any: after an `@` that starts a word, up to the caret. */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf('@');
  if (at < 0) return null;
  if (at > 0 && !/[\s([{"'«(]/.test(before[at - 1])) return null;
  const query = before.slice(at + 1);
  if (query.length > 40 || /[\n@]/.test(query) || /^\s/.test(query)) return null;
  return { start: at, query };
}

/** Replaces the `@query` at `start` with the person's `@Name ` and tells where the caret goes. */
export function insertMention(text: string, start: number, caret: number, name: string) {
  const inserted = `@${name} `;
  return { text: text.slice(0, start) + inserted + text.slice(caret), caret: start + inserted.length };
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();

export interface Searchable {
  _id: string;
  name: string;
  login?: string;
}

/**
 * People matching a mention search, best first: every typed word starts a word of the name (or is the start of
 * the login). Nothing until MENTION_SEARCH_MIN characters are typed (spec portal §5 "Posts").
 */
export function matchPeople<T extends Searchable>(people: T[], query: string, limit = 8): T[] {
  const wanted = fold(query.trim());
  if (wanted.length < MENTION_SEARCH_MIN) return [];
  const words = wanted.split(/\s+/);
  const scored: { person: T; score: number }[] = [];
  for (const person of people) {
    const name = fold(person.name);
    const nameWords = name.split(/[\s-]+/);
    const byWords = words.every((word) => nameWords.some((part) => part.startsWith(word)));
    const byLogin = !!person.login && fold(person.login).startsWith(wanted);
    if (!byWords && !byLogin) continue;
    scored.push({ person, score: name.startsWith(wanted) ? 0 : byWords ? 1 : 2 });
  }
  return scored
    .sort((a, b) => a.score - b.score || a.person.name.localeCompare(b.person.name))
    .slice(0, limit)
    .map((entry) => entry.person);
}
