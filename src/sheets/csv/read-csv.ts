import { stringify } from 'csv-stringify/sync';
import { toColumnLetter } from '../layout/column-letter.js';
import { buildSheetRow } from '../layout/build-sheet-row.js';
import { detectCsvLayout, type CsvLayout } from './detect-csv-layout.js';
import { chainRows } from '../layout/chain-rows.js';
import { dropFooterRows } from '../layout/drop-footer-rows.js';
import { describeLabelledTotals } from '../layout/totals-label.js';
import { findHeaderRow } from '../layout/find-header-row.js';
import type { CsvDelimiter } from './detect-delimiter.js';
import { unescapeFormula } from '../escape-formula.js';
import type { HeaderMap } from '../layout/map-header.js';
import type { CsvRecord } from './parse-csv-records.js';
import { readCsvRecords } from './read-csv-records.js';
import { SheetError } from '../sheet-error.js';
import type { SheetHead, SheetItem, SheetOpenOptions } from '../sheet-reader.js';
import { toSheetHead } from '../layout/sheet-head.js';
import type { SourceFile } from '../file/source-file.js';
import type { TextFileScan } from '../file/scan-text-file.js';

/** A CSV file read up to its header row, its dialect detected from its head. */
export async function openCsvHead(file: SourceFile, options: SheetOpenOptions): Promise<SheetHead> {
  const scanned = scanCsv(file, options.delimiter);
  // A large file's worker thread loads while the file is scanned.
  const records = readCsvRecords(file, file.size, scanned);
  const close = async (): Promise<void> => {
    await records.return(undefined);
  };
  try {
    const { encoding, bom, strayBytes, endsWithLineBreak, delimiter, lineEnding, sepLine } = await scanned;
    // Taken by the scan on its way: reading the digest reads nothing more.
    const sha256 = await file.sha256();
    const { cells, after, warnings, line } = await readHeader(records, file.path, sepLine, options.headerNames);
    return toSheetHead(file.path, {
      source: { format: 'csv', delimiter, encoding, bom, lineEnding, ...(strayBytes ? { strayBytes } : {}) },
      sha256,
      // The count is of the lines after the `sep=` line and the header.
      rowsAbove: line - 1 - (sepLine ? 1 : 0),
      cells,
      warnings: options.sheet === undefined ? warnings : [`Sheet '${options.sheet}' is not looked for: a CSV file holds one table, read whole.`, ...warnings],
      close,
      async *rows(header, warn) {
        const cellsOf = (record: CsvRecord): readonly string[] | undefined => ('problem' in record ? undefined : record.cells);
        const describeTotals = (record: CsvRecord): string | undefined => describeLabelledTotals(record.line, cellsOf(record));
        const kept = dropFooterRows(chainRows(after, records), cellsOf, { width: header.width, lineGaps: false, warn, describeTotals });
        // Each record is read once the next one is: the last is looked at once more.
        let last: CsvRecord | undefined;
        for await (const record of kept) {
          const item = last && toSheetItem(last, header, delimiter);
          if (item) yield item;
          last = record;
        }
        const item = last && toSheetItem(last, header, delimiter);
        if (item && last) yield endsWithLineBreak ? item : refuseIfCut(item, last, header);
      },
    }, options.renameColumns);
  } catch (error) {
    await close();
    throw error;
  }
}

/** The file's scan, and the dialect its head shows. */
async function scanCsv(file: SourceFile, delimiter: CsvDelimiter | undefined): Promise<TextFileScan & CsvLayout> {
  const scan = await file.scanText();
  const layout = detectCsvLayout(scan.head, scan.encoding);
  return { ...scan, ...layout, delimiter: delimiter ?? layout.delimiter };
}

async function readHeader(
  records: AsyncIterator<CsvRecord>,
  path: string,
  sepLine: boolean,
  headerNames: readonly string[] | undefined,
): Promise<{ cells: string[]; after: CsvRecord[]; warnings: string[]; line: number }> {
  if (sepLine) await records.next();
  const found = await findHeaderRow(records, (record) => ('problem' in record ? undefined : record.cells), headerNames);
  if (found === undefined) throw new SheetError(`read ${path}`, 'the file is empty', 'Add a header row with the column names.');
  const { header, after, warnings } = found;
  if ('problem' in header) throw new SheetError(`read ${path}`, `its header (line ${header.line}) is malformed: ${header.problem}`, 'Fix the header line.');
  return { cells: header.cells.map(readCsvCell), after, warnings, line: header.line };
}

// A value right of the header most likely comes from a delimiter inside an unquoted cell, which shifted the line.
function toSheetItem(record: CsvRecord, header: HeaderMap, delimiter: CsvDelimiter): SheetItem | undefined {
  if ('problem' in record) {
    const error = `${record.problem}; enclose such a cell in double quotes and double the quotes inside it`;
    // The report keeps the cells as a spreadsheet reads the line, to be checked and fixed there; not those of a line they would not fit.
    const read = record.cells !== undefined && record.cells.length <= header.width ? buildSheetRow(header.names, record.line, record.cells.map(readCsvCell)) : undefined;
    if (read === undefined) return { kind: 'issue', line: record.line, errors: [error] };
    return { kind: 'issue', line: record.line, errors: [error], values: read.values, faulty: (record.misquoted ?? []).map((index) => header.names[index]).filter((name) => name !== undefined) };
  }
  const cells = record.cells.map(readCsvCell);
  const unheaded = findUnheadedCell(cells, header.width);
  if (unheaded !== undefined) {
    const shown = delimiter === '\t' ? 'a tab' : `'${delimiter}'`;
    // Its cells do not fit their columns, so the report cannot hold them there: the line itself is kept, to be fixed and put back.
    const line = stringify([record.cells], { delimiter, record_delimiter: '' });
    const error = `column ${toColumnLetter(unheaded)} has a value but no header; enclose cells that contain ${shown} in double quotes; the line as read: ${line}`;
    return { kind: 'issue', line: record.line, errors: [error] };
  }
  return buildSheetRow(header.names, record.line, cells);
}

/**
 * The last row of a file that ends inside it, short of its cells and without a line break after it,
 * as a program that is still writing the file (or stopped midway) leaves it: a name cut short
 * would be sent as it is.
 */
function refuseIfCut(item: SheetItem, record: CsvRecord, header: HeaderMap): SheetItem {
  const { width } = header;
  if (item.kind !== 'row' || 'problem' in record || record.cells.length >= width) return item;
  const error = `the file ends inside this row, after ${record.cells.length} of its ${width} cells, without a line break: it looks cut short (was the file still being written?); complete the row, or end the file with a line break if the row is whole`;
  // Its last cell may be cut short too, and the cells after it were never read.
  const faulty = header.names.slice(record.cells.length - 1).filter((name) => name !== undefined);
  return { kind: 'issue', line: item.line, errors: [error], values: item.values, faulty };
}

// ="000123": what some systems export so that a spreadsheet keeps a code's zeros, and what it shows as 000123.
const TEXT_FORMULA = /^="([^"]*)"$/;

/** A cell as a spreadsheet shows it: without the quote a writer put before a formula start, or the text of ="…". */
function readCsvCell(cell: string): string {
  const unescaped = unescapeFormula(cell);
  return unescaped === cell ? (TEXT_FORMULA.exec(cell)?.[1] ?? cell) : unescaped;
}

function findUnheadedCell(cells: readonly string[], width: number): number | undefined {
  for (let index = width; index < cells.length; index++) if (cells[index]?.trim() !== '') return index;
  return undefined;
}
