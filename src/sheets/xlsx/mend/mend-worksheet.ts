import { dropIndentation } from './drop-indentation.js';
import { dropRootPrefix, rootPrefix } from './drop-root-prefix.js';
import { mapPieces, type FindCut } from './map-whole-tags.js';
import { numberCells } from './number-cells.js';

/** Anything but references to mend in a piece: one search, which a plain part (our own exports) passes. */
const TO_MEND = />\s|<rPh[\s>]|<\/r>\s*<r[\s>]|&amp;(?:lt|gt|amp|apos|quot);| t="d"[\s/>]|<f[\s/>]/;
const FORMULA = /<f[\s/>]/;
/** A run right after another: an inline string of several runs. */
const SECOND_RUN = /<\/r>\s*<r[\s>]/;
const INLINE_STRING = /<is(?:\s[^>]*)?>[\s\S]*?<\/is>/g;
const PHONETIC_READING = /<rPh(?:\s[^>]*)?(?:\/>|>[\s\S]*?<\/rPh>)/g;
/** A cell with content: not one that closes itself (`<c r="A6" s="1"/>`). */
const CELL = /<c(?:\s[^>]*)?(?<!\/)>[\s\S]*?<\/c>/g;
const TEXT = /<t(?:\s[^>]*)?>([^<]*)<\/t>/g;
/**
 * A cell with text that reads as an XML entity once decoded (`&lt;` typed in it), which exceljs
 * decodes again, or typed as an ISO 8601 date (`t="d"`, as some libraries write dates), which
 * exceljs reads as the number its year starts with.
 */
const CELL_TO_MEND = /&amp;(?:lt|gt|amp|apos|quot);| t="d"[\s/>]/;

/**
 * Worksheet XML as it streams, mended in pieces of whole rows, so that each cell is whole in its
 * piece: see repairExceljsReading. A piece that needs no mend but its references is searched once.
 */
export function mendWorksheet(chunks: AsyncIterable<string>): AsyncGenerator<string> {
  const dropPrefix = dropRootPrefix();
  const number = numberCells();
  let prefix: string | undefined;
  const beforeLastRow: FindCut = (pending, from) => {
    prefix ??= rootPrefix(pending);
    return prefix === undefined ? 0 : lastRowStart(pending, prefix === '' ? '<row' : `<${prefix}:row`, from);
  };
  return mapPieces(chunks, beforeLastRow, (xml) => {
    const numbered = number(prefix === '' ? xml : dropPrefix(xml));
    return TO_MEND.test(numbered) ? mendElements(dropIndentation(numbered)) : numbered;
  });
}

/** Where the last `<row` tag that starts in the text new from `from` (or straddles it) starts; -1 for none. */
function lastRowStart(xml: string, rowTag: string, from: number): number {
  const start = Math.max(from - rowTag.length, 0);
  const text = xml.slice(start);
  for (let at = text.lastIndexOf(rowTag); at !== -1; at = at === 0 ? -1 : text.lastIndexOf(rowTag, at - 1)) {
    if (/[\s/>]/.test(text.charAt(at + rowTag.length))) return start + at;
  }
  return -1;
}

/**
 * Phonetic readings dropped, the runs of an inline string joined, a cell's entity text escaped
 * once more and an ISO date cell made the text of its date: see repairExceljsReading.
 */
function mendElements(xml: string): string {
  let mended = /<rPh[\s>]/.test(xml) ? xml.replace(PHONETIC_READING, '') : xml;
  if (SECOND_RUN.test(mended)) mended = mended.replace(INLINE_STRING, (inline) => (SECOND_RUN.test(inline) ? joinRuns(inline) : inline));
  if (CELL_TO_MEND.test(mended)) mended = mended.replace(CELL, (cell) => (CELL_TO_MEND.test(cell) ? readIsoDate(escapeEntityText(cell)) : cell));
  return FORMULA.test(mended) ? mended.replace(CELL, (cell) => (FORMULA.test(cell) ? keepFalsyResult(cell) : cell)) : mended;
}

/**
 * A formula's saved result that exceljs drops for being falsy (it copies a formula's parts with
 * `if (value)`), which then reads as no result at all: 0 and FALSE (LibreOffice saves every
 * boolean so, `<f>FALSE()</f>`) as their text, an empty text as an empty cell.
 */
function keepFalsyResult(cell: string): string {
  const value = /<v>([^<]*)<\/v>|<v\/>/.exec(cell);
  if (value === null) return cell;
  const text = value[1] ?? '';
  const type = / t="(\w+)"/.exec(cell)?.[1] ?? 'n';
  if (type === 'str' && text === '') return cell.replace(/<f(?:\s[^>]*)?(?:\/>|>[^<]*<\/f>)/, '');
  const shown = type === 'b' && text.trim() === '0' ? 'FALSE' : type === 'n' && text.trim() !== '' && Number(text) === 0 ? '0' : undefined;
  if (shown === undefined) return cell;
  const typed = / t="\w+"/.test(cell) ? cell.replace(/ t="\w+"/, ' t="str"') : cell.replace(/^<c/, '<c t="str"');
  return typed.replace(value[0], `<v>${shown}</v>`);
}

/** A cell whose inline string or formula result exceljs decodes twice, escaped once more to come out as typed. */
function escapeEntityText(cell: string): string {
  return cell.replace(/<(is|v)[\s>][\s\S]*?<\/\1>/g, (text) => text.replaceAll('&amp;', '&amp;amp;'));
}

/** An ISO date cell as the text of its date, without a time at midnight: `2024-01-05`. */
function readIsoDate(cell: string): string {
  const value = / t="d"/.test(cell) ? /<v>([^<]*)<\/v>/.exec(cell)?.[1] : undefined;
  if (value === undefined) return cell;
  const text = value.replace(/T00:00(?::00(?:\.0+)?)?(?:Z|[+-]00:?00)?$/, '');
  return cell.replace(' t="d"', ' t="inlineStr"').replace(/<v>[^<]*<\/v>/, `<is><t>${text}</t></is>`);
}

/** An inline string of several runs as one text. */
function joinRuns(inlineString: string): string {
  const texts = [...inlineString.matchAll(TEXT)].map((match) => match[1] ?? '');
  return `<is><t xml:space="preserve">${texts.join('')}</t></is>`;
}
