import { chooseSheet } from './choose-sheet.js';
import { listWorkbookParts } from './list-workbook-parts.js';
import { openZipEntry } from './open-zip-entry.js';
import { readZipDirectory, type ZipEntry } from './read-zip-directory.js';
import { MAX_WORKBOOK_UNPACKED_BYTES, refuseUnpackedSize } from './refuse-unpacked-size.js';
import { SheetError } from '../sheet-error.js';
import type { SourceFile } from '../file/source-file.js';

const ROW_TAG = Buffer.from('<row');
/** What may follow `<row`: a space before its attributes, or the end of the tag (`<rowBreaks` is another element). */
const TAG_END = new Set([0x20, 0x09, 0x0a, 0x0d, 0x3e, 0x2f]);
/** A cell with a value, an inline string or a formula ends with `</c>`; an empty one (`<c r="A6" s="1"/>`, a formatted blank) closes itself. */
const CELL_END = Buffer.from('</c>');
/** The bytes of a chunk left for the next one, where a tag may be cut. */
const CARRY = 4;

/**
 * The data rows of the sheet an import would read (`--sheet`, else the resource's, else the first
 * visible), without exceljs: the rows of the sheet's XML that hold a cell with a value, counted as it inflates.
 * Not its `<dimension>`: exceljs's streaming writer leaves it out, and Excel and LibreOffice count
 * formatted empty rows in it, as exceljs's reader does not. The header row is not counted.
 */
export async function countXlsxRows(file: SourceFile, wanted: { sheet?: string; resource?: string } = {}): Promise<number> {
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
  try {
    for await (const chunk of xml as AsyncIterable<Buffer>) {
      unpacked += chunk.length;
      if (unpacked > MAX_WORKBOOK_UNPACKED_BYTES) throw refuseUnpackedSize(path, MAX_WORKBOOK_UNPACKED_BYTES);
      const text = Buffer.concat([carry, chunk]);
      // Tags that start in the last bytes are read with the next chunk, whole.
      const limit = text.length - CARRY;
      let cell = -1;
      let scan = 0;
      for (let next = findRowTag(text, 0, limit); ; next = findRowTag(text, scan, limit)) {
        if (inRow && !rowHasValue) {
          // The last cell end found stays valid until the scan passes it: rows without one cost no new search.
          if (cell !== Infinity && cell < scan) cell = text.indexOf(CELL_END, scan);
          if (cell === -1) cell = Infinity;
          rowHasValue = cell < (next === -1 ? limit : next);
        }
        if (next === -1) break;
        if (rowHasValue) rows++;
        inRow = true;
        rowHasValue = false;
        scan = next + ROW_TAG.length;
      }
      carry = text.subarray(Math.max(0, limit));
    }
  } finally {
    xml.destroy();
  }
  return rowHasValue ? rows + 1 : rows;
}

function findRowTag(text: Buffer, from: number, limit: number): number {
  for (let at = text.indexOf(ROW_TAG, from); at !== -1 && at < limit; at = text.indexOf(ROW_TAG, at + ROW_TAG.length)) {
    if (TAG_END.has(text[at + ROW_TAG.length] ?? 0)) return at;
  }
  return -1;
}
