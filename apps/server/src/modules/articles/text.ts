import type { ArticleBlock, ArticleDoc } from '@hallway/shared/articles';

type Node = { type: string; text?: string; attrs?: Record<string, unknown>; content?: Node[] };

function inline(nodes: Node[] | undefined): string {
  return (nodes ?? []).map((n) => (n.type === 'text' ? (n.text ?? '') : n.type === 'hardBreak' ? '\n' : '')).join('');
}

function lines(block: Node, indent: string, into: string[]): void {
  switch (block.type) {
    case 'paragraph':
    case 'heading':
      into.push(indent + inline(block.content));
      return;
    case 'codeBlock':
      for (const line of inline(block.content).split('\n')) into.push(`${indent}    ${line}`);
      return;
    case 'horizontalRule':
      into.push(`${indent}---`);
      return;
    case 'table':
      for (const row of block.content ?? []) {
        const cells = (row.content ?? []).map((cell) => (cell.content ?? []).map((p) => inline(p.content)).join(' '));
        into.push(`${indent}| ${cells.join(' | ')} |`);
      }
      return;
    case 'blockquote':
      for (const child of block.content ?? []) lines(child, `${indent}> `, into);
      return;
    case 'bulletList':
    case 'orderedList':
      (block.content ?? []).forEach((item, index) => {
        const bullet = block.type === 'orderedList' ? `${index + 1}. ` : '• ';
        (item.content ?? []).forEach((child, at) => {
          const start = into.length;
          lines(child, `${indent}  `, into);
          if (at === 0 && into.length > start) into[start] = indent + bullet + into[start].slice(indent.length + 2);
        });
      });
  }
}

/**
 * The plain text of an article's document: a line per paragraph, heading, list item, table row or code line. What
 * search, snippets and the version diff read.
 */
export function articleText(doc: ArticleDoc | null | undefined): string {
  const into: string[] = [];
  for (const block of doc?.content ?? []) lines(block as ArticleBlock as Node, '', into);
  return into.join('\n').trim();
}
