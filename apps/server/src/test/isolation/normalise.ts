import type { OpenedAnswer } from './answers.js';

/**
 * What may differ between two answers of one route to B, before and after A's data exists, without A being the
 * cause (suite.ts "lists"). Deliberately narrow: each rule forgets one named field, and says why. Today one is
 * needed: JSON answers hold no clock or request id, an `.ics` stamps the event's own change time, and tokens are
 * issued by routes that write (which are not compared).
 */

/** An xlsx workbook's creation and modification times (docProps/core.xml): the moment the export ran. */
const XLSX_TIMES = /<dcterms:(created|modified)([^>]*)>[^<]*<\/dcterms:\1>/g;

/** The answer as compared: its status, type and opened parts, with the rules above applied. */
export function comparable(answer: OpenedAnswer): string {
  const parts = answer.parts.map((part) =>
    part.startsWith('docProps/core.xml: ')
      ? part.replace(XLSX_TIMES, '<dcterms:$1$2>(export time)</dcterms:$1>')
      : part,
  );
  return JSON.stringify({ status: answer.status, type: answer.type, parts });
}

/** Where two comparable answers part, with a little of each around it; null when they are the same. */
export function firstDifference(before: string, after: string): string | null {
  if (before === after) return null;
  let i = 0;
  while (i < before.length && before[i] === after[i]) i++;
  const around = (text: string) => text.slice(Math.max(0, i - 60), i + 100);
  return `before …${around(before)}…, after …${around(after)}…`;
}
