import { Readable } from 'node:stream';
import { dropRootPrefix } from './drop-root-prefix.js';
import { readLocaleDateFormats } from './locale-date-formats.js';
import { mapWholeTags } from './map-whole-tags.js';
import { numberCells } from './number-cells.js';
import { replaceXmlElements } from './replace-xml-elements.js';

/*
 * What exceljs 4.4's streaming reader gets wrong, mended in the XML before it parses it:
 * - It decodes each chunk of a zip entry on its own, so a character whose UTF-8 bytes straddle two
 *   chunks becomes U+FFFD (exceljs issues #2063, #2084, #2316). The entries are decoded first with
 *   a streaming decoder.
 * - It knows elements by their literal names, so a part written with a namespace prefix
 *   (`<x:worksheet xmlns:x="…">`, as the Open XML SDK writes parts) read as an empty one. The
 *   prefix of the root element is dropped from every element.
 * - It adds every text of a cell or shared string to its value, so the line breaks and indents of
 *   a part written pretty-printed ended up in each cell. Text between two tags that is only white
 *   space is dropped, but in an element whose text it is (`<t xml:space="preserve"> </t>`).
 * - It stops at a row or cell written without its reference (`<c t="s">`), which Excel reads as
 *   the one after the last: each is given its reference.
 * - Each `<t>` of a string starts its text over, so a string's phonetic reading (`<rPh>`, which
 *   Japanese Excel stores for text typed through the IME) would replace the string itself, and an
 *   inline string of several runs would read as its last run. Phonetic readings are dropped and
 *   the runs of an inline string joined.
 * - It knows no code for the built-in date formats of Chinese, Japanese, Korean and Thai Excel,
 *   and read such dates as numbers: their cells are given the built-in date format.
 * - It decodes inline strings and formula results a second time, so a cell that shows `&lt;` read
 *   as `<`. Their `&amp;` is escaped once more.
 * - It reads a cell typed as an ISO 8601 date (`t="d"`) as a number: `2024-01-05` as 2024. Such a
 *   cell becomes the text of its date.
 * This wraps private methods of one reader instance, and throws if a new exceljs no longer has
 * them, rather than corrupt text silently.
 */
const ENTRY_PARSERS = ['_parseRels', '_parseWorkbook', '_parseSharedStrings', '_parseStyles'];
const SHEET_PARSERS = ['_parseWorksheet', '_parseHyperlinks'];

export function repairExceljsReading(reader: object): void {
  for (const name of ENTRY_PARSERS) {
    wrapMethod(reader, name, ([entry, ...rest]) => {
      if (!isTextStream(entry)) return [entry, ...rest];
      entry.setEncoding('utf8');
      return [Readable.from(repairEntry(name, entry)), ...rest];
    });
  }
  for (const name of SHEET_PARSERS) {
    wrapMethod(reader, name, ([chunks, ...rest]) => {
      if (!isAsyncIterable(chunks)) return [chunks, ...rest];
      const text = decodeUtf8(chunks);
      return [name === '_parseWorksheet' ? repairWorksheet(text) : mapWholeTags(text, dropRootPrefix()), ...rest];
    });
  }
}

function wrapMethod(target: object, name: string, mapArguments: (args: unknown[]) => unknown[]): void {
  const original: unknown = Reflect.get(target, name);
  if (typeof original !== 'function') throw new Error(`exceljs has no ${name} any more: check repairExceljsReading`);
  Reflect.set(target, name, function (this: unknown, ...args: unknown[]): unknown {
    const result: unknown = Reflect.apply(original, this, mapArguments(args));
    return result;
  });
}

async function* decodeUtf8(chunks: AsyncIterable<unknown>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  for await (const chunk of chunks) {
    yield chunk instanceof Uint8Array ? decoder.decode(chunk, { stream: true }) : String(chunk);
  }
  yield decoder.decode();
}

function repairEntry(parser: string, text: AsyncIterable<string>): AsyncGenerator<string> {
  if (parser === '_parseSharedStrings') return dropPhoneticReadings(mapWholeTags(text, dropRootPrefix(), dropIndentation));
  return mapWholeTags(text, dropRootPrefix(), ...(parser === '_parseStyles' ? [readLocaleDateFormats()] : []));
}

function repairWorksheet(text: AsyncIterable<string>): AsyncGenerator<string> {
  const runsJoined = replaceXmlElements(dropPhoneticReadings(mapWholeTags(text, dropRootPrefix(), numberCells(), dropIndentation)), 'is', SECOND_RUN, joinRuns);
  return replaceXmlElements(runsJoined, 'c', CELL_TO_MEND, (cell) => readIsoDate(escapeEntityText(cell)));
}

function dropPhoneticReadings(text: AsyncIterable<string>): AsyncGenerator<string> {
  return replaceXmlElements(text, 'rPh', /<rPh[\s>]/, () => '');
}

/** White space between two tags, with the tag before it. */
const INDENTATION = /<[^<>]*>\s+(?=<|$)/g;
/** The elements whose text is their value: a cell's value and formula, a string's text. */
const TEXT_ELEMENT = /^<[tvf][\s>]/;

/** White space between two tags dropped, but in an element whose text it is: a part written pretty-printed. */
function dropIndentation(xml: string): string {
  return />\s/.test(xml) ? xml.replace(INDENTATION, (tagAndSpace) => (TEXT_ELEMENT.test(tagAndSpace) ? tagAndSpace : tagAndSpace.trimEnd())) : xml;
}

/** A run right after another: an inline string of several runs. */
const SECOND_RUN = /<\/r>\s*<r[\s>]/;

const TEXT = /<t(?:\s[^>]*)?>([^<]*)<\/t>/g;

/**
 * A cell with text that reads as an XML entity once decoded (`&lt;` typed in it), which exceljs
 * decodes again, or typed as an ISO 8601 date (`t="d"`, as some libraries write dates), which
 * exceljs reads as the number its year starts with.
 */
const CELL_TO_MEND = /&amp;(?:lt|gt|amp|apos|quot);| t="d"[\s/>]/;

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

function isTextStream(value: unknown): value is AsyncIterable<string> & { setEncoding(encoding: BufferEncoding): unknown } {
  return isAsyncIterable(value) && 'setEncoding' in value && typeof value.setEncoding === 'function';
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}
