/*
 * XML cannot carry every string: it turns CR into LF and forbids most control characters and lone
 * surrogates, which exceljs drops. OOXML's own escape, _xHHHH_, covers these characters: Excel decodes
 * it, LibreOffice at least for control characters. A literal "_xHHHH_" gets its underscore escaped,
 * and so does "_xH_" to "_xHHH_", which LibreOffice decodes too (a control character it then drops).
 */
const NEEDS_ESCAPE =
  // eslint-disable-next-line no-control-regex -- control characters are what must be escaped
  /_(?=x[0-9A-Fa-f]{1,4}_)|[\0-\x08\x0B-\x1F\x7F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ESCAPED = /_x([0-9A-Fa-f]{4})_/g;

export function encodeXlsxText(text: string): string {
  return text.replace(NEEDS_ESCAPE, (char) => `_x${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`);
}

export function decodeXlsxText(text: string): string {
  // Nearly every cell has no escape: it is returned without running the pattern.
  if (!text.includes('_x')) return text;
  return text.replace(ESCAPED, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}
