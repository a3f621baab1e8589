import type { ArticleBlock, ArticleDoc } from '@hallway/shared/articles';

/**
 * Mentions in an article are links to a person's profile (`/profile/{id}`) that the editor's "mention" tool inserts.
 * A save lists the people newly linked since the version it was made from (`mentions`), and the server tells them.
 */
const PROFILE = /^\/profile\/([0-9a-f-]{36})$/i;

type Node = { type?: string; content?: unknown[]; marks?: { type: string; attrs?: { href?: string } }[] };

function collect(nodes: unknown[] | undefined, into: Set<string>) {
  for (const raw of nodes ?? []) {
    const node = raw as Node;
    for (const mark of node.marks ?? []) {
      const id = mark.type === 'link' ? PROFILE.exec(mark.attrs?.href ?? '')?.[1] : undefined;
      if (id) into.add(id.toLowerCase());
    }
    collect(node.content, into);
  }
}

/** The people an article's document links to as mentions. */
export function mentionedIn(doc: ArticleDoc | null | undefined): Set<string> {
  const found = new Set<string>();
  collect(doc?.content as ArticleBlock[] | undefined, found);
  return found;
}

/** The people `next` mentions that `before` did not: who a save should tell. */
export function newMentions(before: ArticleDoc | null | undefined, next: ArticleDoc | null | undefined): string[] {
  const had = mentionedIn(before);
  return [...mentionedIn(next)].filter((id) => !had.has(id));
}

/** A document with nothing in it but empty paragraphs. */
export function isEmptyDoc(doc: ArticleDoc | null | undefined): boolean {
  return !doc || doc.content.every((block) => block.type === 'paragraph' && !block.content?.length);
}
