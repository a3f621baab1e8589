import { docText, MENTION_MARKUP, type RichBlock, type RichDoc, type RichInline, textDoc } from '@hallway/shared';
import { fromMarkup, type Mention, toMarkup } from '../mentions';

/**
 * Between the editor and the server. In the editor a mention is `@Name` with the chosen people kept beside the
 * document (as in the plain field); the document sent carries `@[Name](user:<uuid>)` in its text nodes.
 */
function mapText(doc: RichDoc, change: (text: string) => string): RichDoc {
  const inline = (node: RichInline): RichInline => (node.type === 'text' ? { ...node, text: change(node.text) } : node);
  const block = (node: RichBlock): RichBlock =>
    node.type === 'paragraph'
      ? { ...node, ...(node.content ? { content: node.content.map(inline) } : {}) }
      : { ...node, content: node.content.map((item) => ({ ...item, content: item.content.map(block) })) };
  return { ...doc, content: doc.content.map(block) };
}

/** The document to send: each `@Name` of a chosen person as markup; its plain text as the server will store it. */
export function markDoc(doc: RichDoc, chosen: Mention[]): { doc: RichDoc; text: string } {
  const marked = mapText(doc, (text) => toMarkup(text, chosen).text);
  // Empty paragraphs at either end (the editor keeps one after a list to type on) are not part of the post.
  const blank = (block: RichBlock) => block.type === 'paragraph' && !block.content?.length;
  const content = [...marked.content];
  while (content.length > 1 && blank(content[content.length - 1])) content.pop();
  while (content.length > 1 && blank(content[0])) content.shift();
  const trimmed = { ...marked, content };
  return { doc: trimmed, text: docText(trimmed) };
}

/** A stored document back in the editor's form: `@Name` texts and the people beside them. */
export function editableDoc(doc: RichDoc): { doc: RichDoc; mentions: Mention[] } {
  const mentions = new Map<string, Mention>();
  const shown = mapText(doc, (text) => {
    const plain = fromMarkup(text);
    for (const mention of plain.mentions) mentions.set(mention.id, mention);
    return plain.text;
  });
  return { doc: shown, mentions: [...mentions.values()] };
}

/** The plain field's text (`@Name` shown) as a document, for switching to formatting. */
export const docOfPlain = (text: string): RichDoc => textDoc(text.replace(MENTION_MARKUP, (_m, name) => `@${name}`));
