/*
 * Windows-1252, which French Excel writes: Latin-1 but for 0x80 to 0x9F, where it has € ‚ ƒ „ … † ‡
 * ˆ ‰ Š ‹ Œ Ž ‘ ’ “ ” • – — ˜ ™ š › œ ž Ÿ (and five undefined bytes, read as the C1 controls of the
 * same code, as WHATWG does). Node 20's TextDecoder reads 'windows-1252' as Latin-1, so a French
 * `l’hôtel` would come out with a control character: both directions go through this table.
 */
const HIGH_HALF = '\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178';
const FIRST_HIGH = 0x80;
const C1 = /[\x80-\x9F]/g;
// eslint-disable-next-line no-control-regex -- ASCII is the whole range up to DEL
const ASCII = /^[\x00-\x7F]*$/;
/** A character Windows-1252 has no byte for is written as a question mark. */
const REPLACEMENT = 0x3f;
const BYTES = new Map<number, number>([
  ...Array.from({ length: 256 }, (_, byte): [number, number] => [byte, byte]).filter(([byte]) => byte < FIRST_HIGH || byte >= FIRST_HIGH + HIGH_HALF.length),
  ...Array.from(HIGH_HALF, (char, index): [number, number] => [char.charCodeAt(0), FIRST_HIGH + index]),
]);

export function decodeWindows1252(bytes: Uint8Array): string {
  const latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1');
  return latin1.replace(C1, (char) => HIGH_HALF.charAt(char.charCodeAt(0) - FIRST_HIGH));
}

export function encodeWindows1252(text: string): Buffer {
  if (ASCII.test(text)) return Buffer.from(text, 'latin1');
  const bytes: number[] = [];
  for (const char of text) bytes.push(BYTES.get(char.codePointAt(0) ?? REPLACEMENT) ?? REPLACEMENT);
  return Buffer.from(bytes);
}
