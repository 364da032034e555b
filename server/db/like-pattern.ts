/** A LIKE pattern that finds `text` anywhere, with LIKE's own wildcards (and its escape) taken literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
