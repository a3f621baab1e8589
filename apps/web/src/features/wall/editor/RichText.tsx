import { type PersonCard, type RichBlock, type RichDoc, type RichInline, safeHref } from '@hallway/shared';
import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { segmentsOf } from '../mentions';

/**
 * A formatted post drawn node by node (docs/api.md "Formatted text"): nothing is ever parsed as HTML, unknown nodes and
 * marks draw nothing, a link whose target is not safe is plain text, and intranet paths open in the app. Mentions show
 * their person's card name, as in plain posts.
 */
export function RichText({ doc, cards }: { doc: RichDoc; cards: Map<string, PersonCard> }) {
  return <div className="hw-rich">{doc.content.map((block, index) => drawBlock(block, `${index}`, cards))}</div>;
}

function drawBlock(block: RichBlock, key: string, cards: Map<string, PersonCard>): ReactNode {
  if (block.type === 'paragraph') {
    return <p key={key}>{(block.content ?? []).map((node, index) => drawInline(node, `${key}.${index}`, cards))}</p>;
  }
  if (block.type !== 'bulletList' && block.type !== 'orderedList') return null;
  const items = block.content.map((item, index) => {
    // A stored document never changes in place: its position is its identity.
    const at = `${key}.${index}`;
    return <li key={at}>{item.content.map((child, n) => drawBlock(child, `${at}.${n}`, cards))}</li>;
  });
  return block.type === 'orderedList' ? <ol key={key}>{items}</ol> : <ul key={key}>{items}</ul>;
}

function drawText(text: string, key: string, cards: Map<string, PersonCard>, linked: boolean): ReactNode[] {
  return segmentsOf(text).map((segment, index) => {
    const at = `${key}.${index}`;
    if (segment.kind === 'mention') {
      const card = cards.get(segment.id);
      if (!card || linked) return <span key={at}>@{card?.name ?? segment.name}</span>;
      return (
        <Anchor key={at} component={Link} to={`/profile/${card._id}`} fw={600} inherit>
          @{card.name}
        </Anchor>
      );
    }
    if (segment.kind === 'link' && !linked) {
      return (
        <Anchor key={at} href={segment.href} target="_blank" rel="noopener noreferrer" inherit>
          {segment.href}
        </Anchor>
      );
    }
    return <span key={at}>{segment.kind === 'link' ? segment.href : segment.text}</span>;
  });
}

function drawInline(node: RichInline, key: string, cards: Map<string, PersonCard>): ReactNode {
  if (node.type === 'hardBreak') return <br key={key} />;
  if (node.type !== 'text') return null;
  const marks = node.marks ?? [];
  const link = marks.find((mark) => mark.type === 'link');
  const href = link && link.type === 'link' ? safeHref(link.attrs.href) : null;
  let out: ReactNode = drawText(node.text, key, cards, !!href);
  if (marks.some((mark) => mark.type === 'italic')) out = <em>{out}</em>;
  if (marks.some((mark) => mark.type === 'bold')) out = <strong>{out}</strong>;
  if (href) {
    out = href.startsWith('/') ? (
      <Anchor component={Link} to={href} inherit>
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
