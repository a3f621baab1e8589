import { POST_TEXT_MAX, plainText, THANKS_TEXT_MIN } from '@hallway/shared';
import { type Mention, toMarkup } from './mentions';

/** The server's codes for the rules a thank-you post breaks (spec portal §5 "Posts"); the texts are the catalogue's. */
export type ThanksProblem = 'thanks_text_short' | 'thanks_one_person' | 'thanks_self';

export interface DraftCheck {
  /** What is sent: the text with markup and the mentioned ids. */
  text: string;
  mentions: string[];
  /** Characters of the text as readers see it. */
  length: number;
  empty: boolean;
  tooLong: boolean;
  thanks: ThanksProblem[];
}

/** Checks a draft the way the server will: length of the plain text, and for thanks exactly one other person. */
export function checkDraft(text: string, chosen: Mention[], kind: 'post' | 'thanks', authorId: string): DraftCheck {
  const marked = toMarkup(text, chosen);
  const length = plainText(marked.text).length;
  const thanks: ThanksProblem[] = [];
  if (kind === 'thanks') {
    if (length <= THANKS_TEXT_MIN) thanks.push('thanks_text_short');
    if (marked.mentions.length !== 1) thanks.push('thanks_one_person');
    else if (marked.mentions[0] === authorId.toLowerCase()) thanks.push('thanks_self');
  }
  return {
    text: marked.text.trim(),
    mentions: marked.mentions,
    length,
    empty: length === 0,
    tooLong: marked.text.trim().length > POST_TEXT_MAX,
    thanks,
  };
}
