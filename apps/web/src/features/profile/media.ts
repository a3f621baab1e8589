/** Only web links become anchors: a stored `javascript:` link must never be clickable. */
export const safeLink = (value: string | undefined | null): string | null =>
  value && /^https?:\/\/\S+$/i.test(value.trim()) ? value.trim() : null;
