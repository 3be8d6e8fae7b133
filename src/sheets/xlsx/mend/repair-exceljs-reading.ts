import { Readable } from 'node:stream';
import { dropRootPrefix } from './drop-root-prefix.js';
import { readLocaleDateFormats } from './locale-date-formats.js';
import { dropIndentation } from './drop-indentation.js';
import { mapWholeTags } from './map-whole-tags.js';
import { mendWorksheet } from './mend-worksheet.js';
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
      return [name === '_parseWorksheet' ? mendWorksheet(text) : mapWholeTags(text, dropRootPrefix()), ...rest];
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

function dropPhoneticReadings(text: AsyncIterable<string>): AsyncGenerator<string> {
  return replaceXmlElements(text, 'rPh', /<rPh[\s>]/, () => '');
}

function isTextStream(value: unknown): value is AsyncIterable<string> & { setEncoding(encoding: BufferEncoding): unknown } {
  return isAsyncIterable(value) && 'setEncoding' in value && typeof value.setEncoding === 'function';
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}
