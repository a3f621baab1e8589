import { Fragment } from 'react';
import type { UiLang } from '../../i18n';

/** An amount as the person's language writes numbers: "5,200", "5 200". */
export const amountText = (amount: number, lang: UiLang) =>
  new Intl.NumberFormat(lang, { maximumFractionDigits: 0 }).format(amount);

type SalaryTexts = (
  key: 'salary.range' | 'salary.from' | 'salary.to' | 'salary.none',
  values?: Record<string, string>,
) => string;

/** A vacancy's salary range in the person's locale: both ends, one of them, or "by agreement". */
export function salaryText(from: number | null, to: number | null, lang: UiLang, t: SalaryTexts): string {
  if (from != null && to != null) {
    return from === to
      ? amountText(from, lang)
      : t('salary.range', { from: amountText(from, lang), to: amountText(to, lang) });
  }
  if (from != null) return t('salary.from', { amount: amountText(from, lang) });
  if (to != null) return t('salary.to', { amount: amountText(to, lang) });
  return t('salary.none');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", apos: "'" };
const unescapeHtml = (text: string) => text.replace(/&(amp|lt|gt|quot|#39|#x27|apos);/g, (_, name) => ENTITIES[name]);

/**
 * A search hit's snippet as parts: the server marks the matching words with `<b>…</b>` and escapes everything else,
 * so `<b>` is the only markup. The parts are plain text (never HTML) with a flag for the marked ones.
 */
export function snippetParts(snippet: string): { text: string; hit: boolean }[] {
  const parts: { text: string; hit: boolean }[] = [];
  const pattern = /<b>([\s\S]*?)<\/b>/g;
  let at = 0;
  for (const match of snippet.matchAll(pattern)) {
    if (match.index > at) parts.push({ text: unescapeHtml(snippet.slice(at, match.index)), hit: false });
    if (match[1]) parts.push({ text: unescapeHtml(match[1]), hit: true });
    at = match.index + match[0].length;
  }
  if (at < snippet.length) parts.push({ text: unescapeHtml(snippet.slice(at)), hit: false });
  return parts;
}

/** The snippet drawn as text with the matching words marked; React escapes every part. */
export function Snippet({ snippet }: { snippet: string }) {
  return (
    <>
      {snippetParts(snippet).map((part, index) =>
        part.hit ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts never move
          <mark key={index} className="hw-vacancy-hit">
            {part.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts never move
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
