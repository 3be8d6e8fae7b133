/**
 * The first `end` UTF-16 units of a text, one fewer where the cut would split a character written
 * with two (an emoji, a rare ideograph), whose half no file can hold: it would be written `�`.
 */
export function cutText(text: string, end: number): string {
  const code = text.charCodeAt(end);
  return text.slice(0, code >= 0xdc00 && code <= 0xdfff ? end - 1 : end);
}
