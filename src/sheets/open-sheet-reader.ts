import { detectSheetFormat } from './detect-sheet-format.js';
import { openCsvHead } from './csv/read-csv.js';
import { openWorkbookHead } from './xlsx/open-workbook-head.js';
import type { SheetHead, SheetOpenOptions, SheetReader, SheetReaderOptions } from './sheet-reader.js';
import { SourceFile } from './file/source-file.js';

/**
 * Opens a CSV (.csv, .tsv, .txt) or XLSX file and reads its header, so that job-level problems
 * (missing file or sheet, binary data, a damaged or oversized workbook, duplicate columns) throw a
 * SheetError before any row is used.
 */
export async function openSheetReader(file: SourceFile | string, options: SheetReaderOptions = {}): Promise<SheetReader> {
  const head = await openSheetHead(file, options);
  try {
    return head.read(options);
  } catch (error) {
    await head.close();
    throw error;
  }
}

/**
 * Opens a sheet up to its header, for a reader whose columns depend on the header's. Given a path,
 * the head opens the file and closes it with itself; given a SourceFile, the file stays open for
 * the next reader.
 */
export async function openSheetHead(file: SourceFile | string, options: SheetOpenOptions = {}): Promise<SheetHead> {
  if (typeof file !== 'string') return openHead(file, options);
  detectSheetFormat(file, 'read');
  const owned = await SourceFile.open(file);
  const head = await openHead(owned, options).catch(async (error: unknown) => {
    await owned.close();
    throw error;
  });
  return {
    ...head,
    async close() {
      await head.close();
      await owned.close();
    },
    read(columns) {
      const reader = head.read(columns);
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
    },
  };
}

async function openHead(file: SourceFile, given: SheetOpenOptions): Promise<SheetHead> {
  const { headerNames, renameColumns } = given;
  // A header of names to rename is a header all the same.
  const options = headerNames === undefined || renameColumns === undefined ? given : { ...given, headerNames: [...headerNames, ...renameColumns.keys()] };
  if (detectSheetFormat(file.path, 'read') === 'csv') return openCsvHead(file, options);
  return openWorkbookHead(file, options);
}
