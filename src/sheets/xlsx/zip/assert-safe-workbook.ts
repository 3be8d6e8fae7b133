import { readZipDirectory, type ZipEntry } from './read-zip-directory.js';
import { MAX_WORKBOOK_UNPACKED_BYTES, refuseUnpackedSize } from './refuse-unpacked-size.js';
import { SheetError } from '../../sheet-error.js';
import type { SourceFile } from '../../file/source-file.js';

const MACRO_PART = /^xl\/vbaProject\.bin$/i;

/**
 * Reads the zip directory of an .xlsx before exceljs opens it: a file cut short has none, a
 * workbook with macros lists `xl/vbaProject.bin`, and a zip bomb declares more unpacked bytes
 * than `limit`. The sizes are the ones the directory declares: the reader counts the real ones.
 * The entries are returned for the parts the reader looks up itself.
 */
export async function assertSafeWorkbook(file: SourceFile, limit = MAX_WORKBOOK_UNPACKED_BYTES): Promise<ZipEntry[]> {
  const { path } = file;
  let unpacked = 0;
  const entries = await readZipDirectory(file, limit);
  for (const { name, size } of entries) {
    if (MACRO_PART.test(name)) {
      throw new SheetError(`read ${path}`, `it holds macros (${name}), which are not run nor kept`, 'Save it as an Excel workbook (.xlsx) without macros.');
    }
    unpacked += size;
  }
  if (unpacked > limit) throw refuseUnpackedSize(path, limit, unpacked);
  return entries;
}
