/**
 * Formatted posts (docs/api.md "Formatted text"). A post may carry `doc`, a small TipTap (ProseMirror) JSON document
 * of an allow-listed shape: paragraphs, bullet and numbered lists, hard breaks, and text with the marks bold, italic
 * and link. Text nodes keep mention markup `@[Name](user:<uuid>)` as plain text does. Nothing in it is HTML: the web
 * draws it node by node, so no script, handler or style can come through; link targets are restricted to web,
 * mail and the intranet's own paths (`safeHref`). The post's `text` is always `docText(doc)`: every rule, search,
 * notification, mail and excerpt reads that plain text.
 *
 * Zod-free so the web's wall bundles none of the schemas.
 */

export type RichMark = { type: 'bold' } | { type: 'italic' } | { type: 'link'; attrs: { href: string } };
export type RichInline = { type: 'text'; text: string; marks?: RichMark[] } | { type: 'hardBreak' };
export type RichParagraph = { type: 'paragraph'; content?: RichInline[] };
export type RichList = { type: 'bulletList' | 'orderedList'; content: RichListItem[] };
export type RichListItem = { type: 'listItem'; content: (RichParagraph | RichList)[] };
export type RichBlock = RichParagraph | RichList;
export type RichDoc = { type: 'doc'; content: RichBlock[] };

/** Lists nest at most this deep. */
export const RICH_LIST_DEPTH_MAX = 4;

/**
 * A link target the wall accepts: http(s) and mailto addresses, and paths of the intranet itself (`/post/…`). Answers
 * the address, or null for anything else (`javascript:`, `data:`, protocol-relative `//host`, control characters).
 */
export function safeHref(href: string): string | null {
  const value = href;
  const control = [...value].some((char) => char.charCodeAt(0) < 32 || char.charCodeAt(0) === 127);
  if (!value || value.length > 2000 || control || /\s/.test(value)) return null;
  if (value.startsWith('/')) return value.startsWith('//') || value.startsWith('/\\') ? null : value;
  return /^(https?:\/\/[^/\\]|mailto:)/i.test(value) ? value : null;
}

function inlineText(nodes: RichInline[] | undefined): string {
  return (nodes ?? []).map((node) => (node.type === 'text' ? node.text : '\n')).join('');
}

function blockLines(block: RichBlock, indent: string, into: string[]): void {
  if (block.type === 'paragraph') {
    into.push(indent + inlineText(block.content));
    return;
  }
  block.content.forEach((item, index) => {
    const bullet = block.type === 'orderedList' ? `${index + 1}. ` : '• ';
    item.content.forEach((child, at) => {
      if (child.type === 'paragraph') {
        const lead = at === 0 ? bullet : ' '.repeat(bullet.length);
        into.push(indent + lead + inlineText(child.content));
      } else blockLines(child, `${indent}  `, into);
    });
  });
}

/** The plain text of a document: one line a paragraph or list item (`• ` / `1. `), mention markup kept, trimmed. */
export function docText(doc: RichDoc): string {
  const lines: string[] = [];
  for (const block of doc.content) blockLines(block, '', lines);
  return lines.join('\n').trim();
}

/** Every link target of a document, in order. */
export function docLinks(doc: RichDoc): string[] {
  const found: string[] = [];
  const walk = (nodes: unknown[] | undefined) => {
    for (const node of (nodes ?? []) as { type: string; content?: unknown[]; marks?: RichMark[] }[]) {
      for (const mark of node.marks ?? []) if (mark.type === 'link') found.push(mark.attrs.href);
      walk(node.content);
    }
  };
  walk(doc.content);
  return found;
}

/** A plain text as a document: one paragraph a line (how an old post, or the plain composer's text, opens in it). */
export function textDoc(text: string): RichDoc {
  return {
    type: 'doc',
    content: text
      .split('\n')
      .map((line) => (line ? { type: 'paragraph', content: [{ type: 'text', text: line }] } : { type: 'paragraph' })),
  };
}
