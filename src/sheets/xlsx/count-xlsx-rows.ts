import { chooseSheet } from './choose-sheet.js';
import { rootPrefix } from './mend/drop-root-prefix.js';
import { listWorkbookParts } from './list-workbook-parts.js';
import { openZipEntry } from './zip/open-zip-entry.js';
import { readZipDirectory, type ZipEntry } from './zip/read-zip-directory.js';
import { MAX_WORKBOOK_UNPACKED_BYTES, refuseUnpackedSize } from './zip/refuse-unpacked-size.js';
import { SheetError } from '../sheet-error.js';
import type { SourceFile } from '../file/source-file.js';

/** What may follow `<row`: a space before its attributes, or the end of the tag (`<rowBreaks` is another element). */
const TAG_END = new Set([0x20, 0x09, 0x0a, 0x0d, 0x3e, 0x2f]);
/** The bytes of the part read for the prefix of its elements: its root element comes first. */
const HEAD_BYTES = 4096;

/**
 * The data rows of the sheet an import would read (`--sheet`, else the resource's, else the first
 * visible), without exceljs: the rows of the sheet's XML that hold a cell with a value, counted as it inflates.
 * Not its `<dimension>`: exceljs's streaming writer leaves it out, and Excel and LibreOffice count
 * formatted empty rows in it, as exceljs's reader does not. The header row is not counted.
 */
export async function countXlsxRows(file: SourceFile, wanted: { sheet?: string; resource?: string }): Promise<number> {
  const { path } = file;
  const entries = await readZipDirectory(file);
  const parts = await listWorkbookParts(file, entries);
  const { name } = chooseSheet(parts, path, wanted);
  const entry = parts.find((part) => part.name === name)?.entry;
  if (entry === undefined) throw new SheetError(`read ${path}`, `its sheet '${name}' is not a worksheet`, 'Check that it is the right file, or choose another sheet.');
  return Math.max(0, (await countValueRows(file, entry)) - 1);
}

/** The rows with a value, scanned with Buffer.indexOf as the part inflates: the rows, and per row at most one search for a cell's end. */
async function countValueRows(file: SourceFile, entry: ZipEntry): Promise<number> {
  const { path } = file;
  const xml = await openZipEntry(file, entry);
  let rows = 0;
  let inRow = false;
  let rowHasValue = false;
  let unpacked = 0;
  let carry: Buffer = Buffer.alloc(0);
  let tags: { row: Buffer; cellEnd: Buffer } | undefined;
  try {
    for await (const chunk of xml as AsyncIterable<Buffer>) {
      unpacked += chunk.length;
      if (unpacked > MAX_WORKBOOK_UNPACKED_BYTES) throw refuseUnpackedSize(path, MAX_WORKBOOK_UNPACKED_BYTES);
      const text = Buffer.concat([carry, chunk]);
      tags ??= elementTags(rootPrefix(text.toString('utf8', 0, HEAD_BYTES)) ?? '');
      // Tags that start in the last bytes are read with the next chunk, whole.
      const limit = text.length - tags.cellEnd.length;
      let cell = -1;
      let scan = 0;
      for (let next = findRowTag(text, tags.row, 0, limit); ; next = findRowTag(text, tags.row, scan, limit)) {
        if (inRow && !rowHasValue) {
          // The last cell end found stays valid until the scan passes it: rows without one cost no new search.
          if (cell !== Infinity && cell < scan) cell = text.indexOf(tags.cellEnd, scan);
          if (cell === -1) cell = Infinity;
          rowHasValue = cell < (next === -1 ? limit : next);
        }
        if (next === -1) break;
        if (rowHasValue) rows++;
        inRow = true;
        rowHasValue = false;
        scan = next + tags.row.length;
      }
      carry = text.subarray(Math.max(0, limit));
    }
  } finally {
    xml.destroy();
  }
  return rowHasValue ? rows + 1 : rows;
}

/**
 * `<row` and the end of a cell with a value, an inline string or a formula (`</c>`; an empty cell,
 * `<c r="A6" s="1"/>`, closes itself), under the prefix of the part's elements if it has one.
 */
function elementTags(prefix: string): { row: Buffer; cellEnd: Buffer } {
  const qualified = prefix === '' ? '' : `${prefix}:`;
  return { row: Buffer.from(`<${qualified}row`), cellEnd: Buffer.from(`</${qualified}c>`) };
}

function findRowTag(text: Buffer, rowTag: Buffer, from: number, limit: number): number {
  for (let at = text.indexOf(rowTag, from); at !== -1 && at < limit; at = text.indexOf(rowTag, at + rowTag.length)) {
    if (TAG_END.has(text[at + rowTag.length] ?? 0)) return at;
  }
  return -1;
}
