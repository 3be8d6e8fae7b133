/** Characters that show nothing (zero-width space and joiners, word joiner, byte order mark), which text copied from a web page or a document may carry. */
const SHOWS_NOTHING = '\\u200B-\\u200D\\u2060\\uFEFF';

export const INVISIBLE = new RegExp(`[${SHOWS_NOTHING}]`, 'g');
const AT_AN_END = new RegExp(`^[${SHOWS_NOTHING}]|[${SHOWS_NOTHING}]$`);
const AROUND = new RegExp(`^[\\s${SHOWS_NOTHING}]+|[\\s${SHOWS_NOTHING}]+$`, 'g');

/** The text without the spaces, and the characters that show nothing, around it. */
export function trimAround(text: string): string {
  const trimmed = text.trim();
  return AT_AN_END.test(trimmed) ? trimmed.replace(AROUND, '') : trimmed;
}
