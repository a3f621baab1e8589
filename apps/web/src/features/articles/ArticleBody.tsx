import { MENTION_MARKUP, safeHref } from '@hallway/shared';
import type { ArticleBlock, ArticleDoc } from '@hallway/shared/articles';
import { Anchor, Image, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './articles.css';

type Mark = { type: string; attrs?: { href?: string } };
type Inline = { type: string; text?: string; marks?: Mark[]; attrs?: { src?: string; alt?: string | null } };

/**
 * An article's document drawn node by node (docs/api.md "Knowledge base"): never parsed as HTML, unknown nodes draw
 * nothing, links and images whose target is not safe are plain text or left out, intranet paths open in the app.
 */
export function ArticleBody({ doc }: { doc: ArticleDoc | null }) {
  if (!doc) return null;
  return <div className="hw-article">{doc.content.map((block, index) => drawBlock(block, `${index}`))}</div>;
}

const children = (block: ArticleBlock, key: string) =>
  ((block.content ?? []) as ArticleBlock[]).map((child, index) => drawBlock(child, `${key}.${index}`));
const inlines = (block: ArticleBlock, key: string) =>
  ((block.content ?? []) as Inline[]).map((node, index) => drawInline(node, `${key}.${index}`));

function drawBlock(block: ArticleBlock, key: string): ReactNode {
  switch (block.type) {
    case 'paragraph':
      return <p key={key}>{inlines(block, key)}</p>;
    case 'heading': {
      const level = Math.min(Math.max(Number(block.attrs?.level) || 2, 1), 4);
      // The page's title is its h1: the document's headings sit one level below it.
      const Tag = `h${Math.min(level + 1, 6)}` as 'h2';
      return <Tag key={key}>{inlines(block, key)}</Tag>;
    }
    case 'codeBlock':
      return (
        <pre key={key}>
          <code>{((block.content ?? []) as Inline[]).map((node) => node.text ?? '').join('')}</code>
        </pre>
      );
    case 'blockquote':
      return <blockquote key={key}>{children(block, key)}</blockquote>;
    case 'horizontalRule':
      return <hr key={key} />;
    case 'bulletList':
    case 'orderedList': {
      const items = ((block.content ?? []) as ArticleBlock[]).map((item, index) => {
        // A stored document never changes in place: its position is its identity.
        const at = `${key}.${index}`;
        return <li key={at}>{children(item, at)}</li>;
      });
      return block.type === 'orderedList' ? <ol key={key}>{items}</ol> : <ul key={key}>{items}</ul>;
    }
    case 'table':
      return (
        <Table.ScrollContainer key={key} minWidth={320}>
          <Table withTableBorder withColumnBorders>
            <Table.Tbody>
              {((block.content ?? []) as ArticleBlock[]).map((row, r) => {
                const rowKey = `${key}.${r}`;
                return (
                  <Table.Tr key={rowKey}>
                    {((row.content ?? []) as ArticleBlock[]).map((cell, c) => {
                      const at = `${rowKey}.${c}`;
                      const span = {
                        colSpan: Number(cell.attrs?.colspan) || undefined,
                        rowSpan: Number(cell.attrs?.rowspan) || undefined,
                      };
                      return cell.type === 'tableHeader' ? (
                        <Table.Th key={at} {...span}>
                          {children(cell, at)}
                        </Table.Th>
                      ) : (
                        <Table.Td key={at} {...span}>
                          {children(cell, at)}
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      );
    default:
      return null;
  }
}

/** Mention markup (`@[Name](user:id)`) as links to profiles, the rest as text. */
function drawText(text: string, key: string, linked: boolean): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(MENTION_MARKUP)) {
    if (match.index > last) out.push(text.slice(last, match.index));
    out.push(
      linked ? (
        `@${match[1]}`
      ) : (
        <Anchor key={`${key}.${match.index}`} component={Link} to={`/profile/${match[2]}`} fw={600} inherit>
          @{match[1]}
        </Anchor>
      ),
    );
    last = match.index + match[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

function drawInline(node: Inline, key: string): ReactNode {
  if (node.type === 'hardBreak') return <br key={key} />;
  if (node.type === 'image') {
    const src = safeHref(node.attrs?.src ?? '');
    if (!src) return null;
    return <Image key={key} src={src} alt={node.attrs?.alt ?? ''} radius="sm" maw="100%" display="inline-block" />;
  }
  if (node.type !== 'text' || !node.text) return null;
  const marks = node.marks ?? [];
  const has = (type: string) => marks.some((mark) => mark.type === type);
  const href = safeHref(marks.find((mark) => mark.type === 'link')?.attrs?.href ?? '');
  let out: ReactNode = drawText(node.text, key, !!href);
  if (has('code')) out = <code>{out}</code>;
  if (has('strike')) out = <s>{out}</s>;
  if (has('italic')) out = <em>{out}</em>;
  if (has('bold')) out = <strong>{out}</strong>;
  if (href) {
    const mention = href.startsWith('/profile/');
    out = href.startsWith('/') ? (
      <Anchor component={Link} to={href} fw={mention ? 600 : undefined} inherit>
        {out}
      </Anchor>
    ) : (
      <Anchor href={href} target="_blank" rel="noopener noreferrer" inherit>
        {out}
      </Anchor>
    );
  }
  return <span key={key}>{out}</span>;
}
