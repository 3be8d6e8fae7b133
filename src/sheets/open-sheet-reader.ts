import { assertSafeWorkbook } from './xlsx/assert-safe-workbook.js';
import { detectSheetFormat } from './detect-sheet-format.js';
import { openCsvReader } from './csv/read-csv.js';
import { openXlsxReader } from './xlsx/read-xlsx.js';
import type { SheetReader, SheetReaderOptions } from './sheet-reader.js';
import { SourceFile } from './file/source-file.js';

/**
 * Opens a CSV (.csv, .tsv, .txt) or XLSX file and reads its header, so that job-level problems
 * (missing file or sheet, binary data, a damaged or oversized workbook, duplicate columns) throw a
 * SheetError before any row is used. Given a path, the reader opens the file and closes it with
 * itself; given a SourceFile, the file stays open for the next reader.
 */
export async function openSheetReader(file: SourceFile | string, options: SheetReaderOptions = {}): Promise<SheetReader> {
  if (typeof file !== 'string') return openReader(file, options);
  detectSheetFormat(file, 'read');
  const owned = await SourceFile.open(file);
  const reader = await openReader(owned, options).catch(async (error: unknown) => {
    await owned.close();
    throw error;
  });
  return {
    ...reader,
    async close() {
      await reader.close();
      await owned.close();
    },
    async *[Symbol.asyncIterator]() {
      try {
        yield* reader;
      } finally {
        await owned.close();
      }
    },
  };
}

async function openReader(file: SourceFile, options: SheetReaderOptions): Promise<SheetReader> {
  if (detectSheetFormat(file.path, 'read') === 'csv') return openCsvReader(file, options);
  await assertSafeWorkbook(file, options.maxUnpackedBytes);
  return openXlsxReader(file, options);
}
