/** White space between two tags, with the tag before it. */
const INDENTATION = /<[^<>]*>\s+(?=<|$)/g;
/** The elements whose text is their value: a cell's value and formula, a string's text. */
const TEXT_ELEMENT = /^<[tvf][\s>]/;

/**
 * XML whose pieces end right before a tag, without the white space between two tags (a part
 * written pretty-printed, whose line breaks and indents exceljs adds to each cell's text), but in
 * an element whose text it is (`<t xml:space="preserve"> </t>`).
 */
export function dropIndentation(xml: string): string {
  return />\s/.test(xml) ? xml.replace(INDENTATION, (tagAndSpace) => (TEXT_ELEMENT.test(tagAndSpace) ? tagAndSpace : tagAndSpace.trimEnd())) : xml;
}
