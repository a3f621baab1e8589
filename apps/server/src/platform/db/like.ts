/** A text matched literally by LIKE / ILIKE: its `%`, `_` and `\` escaped (PostgreSQL's default escape is `\`). */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The LIKE / ILIKE pattern of values containing `text` literally. */
export const containing = (text: string): string => `%${escapeLike(text)}%`;
