import type ExcelJS from 'exceljs';
import { MAX_WORKBOOK_UNPACKED_BYTES } from './zip/refuse-unpacked-size.js';
import { aliasWorksheetParts } from './mend/alias-worksheet-parts.js';
import { buildSheetRow } from '../layout/build-sheet-row.js';
import { chooseSheet, type ChosenSheet } from './choose-sheet.js';
import { chainRows } from '../layout/chain-rows.js';
import { dropFooterRows } from '../layout/drop-footer-rows.js';
import { findHeaderRow } from '../layout/find-header-row.js';
import { findTotalRows } from './find-total-rows.js';
import { formatXlsxCell, type CellProblem } from './cells/format-xlsx-cell.js';
import { describeAggregateTotals, readAggregateFormula, skipTotalRows, type TotalsRowFacts } from './totals-rows.js';
import { describeLabelledTotals } from '../layout/totals-label.js';
import { holdEarlyZipEnd } from './mend/hold-early-zip-end.js';
import { refuseNotesSheet } from './notes-sheet.js';
import { streamFileBytes } from '../file/read-file-chunks.js';
import { isDate1904, listSheets, readWorksheetName } from './read-workbook-info.js';
import { loadExceljs } from './load-exceljs.js';
import { repairExceljsReading } from './mend/repair-exceljs-reading.js';
import { SheetError } from '../sheet-error.js';
import { toTempDirError } from '../file/temp-dir-error.js';
import type { CellValue, SheetHead, SheetItem, SheetOpenOptions } from '../sheet-reader.js';
import { toSheetHead } from '../layout/sheet-head.js';
import type { SourceFile } from '../file/source-file.js';
import { watchUnpackedBytes, type UnpackedBytesWatch } from './zip/watch-unpacked-bytes.js';
import type { WorkbookIndex } from './list-workbook-parts.js';

type WorkbookReader = ExcelJS.stream.xlsx.WorkbookReader;
type WorksheetReader = ExcelJS.stream.xlsx.WorksheetReader;

interface XlsxRow extends TotalsRowFacts {
  cells: (CellValue | CellProblem)[];
}

const READER_OPTIONS = { worksheets: 'emit', sharedStrings: 'cache', hyperlinks: 'cache', styles: 'cache' } as const;

/**
 * A workbook's sheet read up to its header row; `index`, for the parts exceljs does not read;
 * `notes`, warnings of the caller's on the sheet chosen.
 */
export async function openXlsxHead(file: SourceFile, index: WorkbookIndex, options: SheetOpenOptions, notes: readonly string[] = []): Promise<SheetHead> {
  const { path } = file;
  const excel = await loadExceljs();
  const input = streamFileBytes(file);
  holdEarlyZipEnd(input);
  const unpacked = watchUnpackedBytes(input, path, options.maxUnpackedBytes ?? MAX_WORKBOOK_UNPACKED_BYTES);
  const workbook = new excel.stream.xlsx.WorkbookReader(input, READER_OPTIONS);
  aliasWorksheetParts(input, workbook);
  repairExceljsReading(workbook);
  const worksheets = unpacked.guardIterator(workbook[Symbol.asyncIterator]());
  const close = async (): Promise<void> => {
    input.destroy();
    await worksheets.return(undefined);
  };
  try {
    const { name, worksheet, warnings } = await findWorksheet(workbook, worksheets, unpacked, path, options);
    const totals = await findTotalRows(file, index, name);
    const date1904 = isDate1904(workbook);
    const rows = readRows(unpacked.guardIterator(worksheet[Symbol.asyncIterator]()), date1904, excel.ValueType.Formula);
    const first = await rows.next();
    if (first.done !== true) refuseNotesSheet(first.value.cells, path, name, () => findDataSheet(workbook, path, options.resource));
    // The header is looked for from the first row on; the rows after it are read from `rows` itself.
    const found = await findHeaderRow(first.done === true ? rows : chainRows([first.value], rows), headerCells, options.headerNames);
    if (found === undefined) throw new SheetError(`read ${path}`, 'the sheet is empty', 'Add a header row with the column names.');
    // Asked once the header is read: exceljs has then read the whole of a workbook it wrote, so the digest reads nothing more.
    const sha256 = options.sha256 === true ? await file.sha256() : undefined;
    return toSheetHead(path, {
      source: { format: 'xlsx', sheet: name, ...(date1904 ? { date1904 } : {}) },
      sha256,
      // The count is of the rows with a value: titles are, the empty rows among them are not.
      rowsAbove: found.titles,
      cells: headerCells(found.header),
      warnings: [...notes, ...warnings, ...found.warnings],
      close,
      async *rows(header, warn) {
        try {
          const chained = chainRows(found.after, rows);
          // An Excel table's total row is known from its table part, wherever it stands.
          const tabled = totals.size === 0 ? chained : skipTotalRows(chained, totals, warn);
          const describeTotals = (row: XlsxRow, above: XlsxRow | undefined): string | undefined => describeAggregateTotals(row, above) ?? describeLabelledTotals(row.line, footerCells(row));
          const kept = dropFooterRows(tabled, footerCells, { width: header.width, lineGaps: true, warn, describeTotals });
          for await (const row of kept) {
            const item = toSheetItem(row, header.names);
            if (item) yield item;
          }
          await drainWorksheets(worksheets, unpacked);
        } catch (error) {
          throw toSheetError(error, path);
        } finally {
          await close();
        }
      },
    }, options.renameColumns);
  } catch (error) {
    await close();
    throw toSheetError(error, path);
  }
}

/** The sheet read without --sheet; undefined when every sheet is hidden. */
function findDataSheet(workbook: WorkbookReader, path: string, resource: string | undefined): string | undefined {
  const sheets = listSheets(workbook);
  return sheets.some((sheet) => sheet.visible) ? chooseSheet(sheets, path, { resource }).name : undefined;
}

// Sheets come in the order of the zip entries; the ones before the wanted sheet are drained.
async function findWorksheet(
  workbook: WorkbookReader,
  worksheets: AsyncIterator<WorksheetReader>,
  unpacked: UnpackedBytesWatch,
  path: string,
  options: SheetOpenOptions,
): Promise<ChosenSheet & { worksheet: WorksheetReader }> {
  let wanted: ChosenSheet | undefined;
  for (let next = await worksheets.next(); next.done !== true; next = await worksheets.next()) {
    wanted ??= chooseSheet(listSheets(workbook), path, options);
    if (readWorksheetName(workbook, next.value) === wanted.name) return { ...wanted, worksheet: next.value };
    await unpacked.guard(next.value.read());
  }
  const reason = wanted === undefined ? 'it holds no worksheet' : `its sheet '${wanted.name}' is not a worksheet`;
  throw new SheetError(`read ${path}`, reason, 'Check that it is the right file, or choose another sheet.');
}

// exceljs removes a sheet's temporary file only once the next sheet is asked for, so the sheets
// after the one read are drained. A reader closed early leaves that file to exceljs's cleanup at exit.
async function drainWorksheets(worksheets: AsyncIterator<WorksheetReader>, unpacked: UnpackedBytesWatch): Promise<void> {
  for (let next = await worksheets.next(); next.done !== true; next = await worksheets.next()) await unpacked.guard(next.value.read());
}

async function* readRows(worksheet: AsyncIterable<ExcelJS.Row>, date1904: boolean, formulaType: ExcelJS.ValueType): AsyncGenerator<XlsxRow> {
  for await (const row of worksheet) {
    const cells: (CellValue | CellProblem)[] = [];
    let aggregates: Map<number, string> | undefined;
    let formulas: Set<number> | undefined;
    row.eachCell((cell, column) => {
      while (cells.length < column - 1) cells.push('');
      cells.push(formatXlsxCell(cell, date1904));
      if (cell.type !== formulaType) return;
      (formulas ??= new Set()).add(column);
      const formula = readAggregateFormula(cell);
      if (formula !== undefined) (aggregates ??= new Map()).set(column, formula);
    });
    yield { line: row.number, cells, ...(aggregates === undefined ? {} : { aggregates }), ...(formulas === undefined ? {} : { formulas }) };
  }
}

function headerCells(row: XlsxRow): string[] {
  return row.cells.map((cell) => (typeof cell === 'object' ? '' : String(cell)));
}

/** A row's cells, for a footer's; undefined when one could not be read, as no footer has such a cell. */
function footerCells({ cells }: XlsxRow): readonly CellValue[] | undefined {
  return isEveryCellRead(cells) ? cells : undefined;
}

function isEveryCellRead(cells: readonly (CellValue | CellProblem)[]): cells is readonly CellValue[] {
  return cells.every((cell) => typeof cell !== 'object');
}

function toSheetItem(row: XlsxRow, names: readonly (string | undefined)[]): SheetItem | undefined {
  const errors: string[] = [];
  const faulty: string[] = [];
  const cells: CellValue[] = [];
  // An error cell goes to the report as the error it shows, which an import of the report refuses again.
  for (const cell of row.cells) cells.push(typeof cell === 'object' ? (cell.shown ?? '') : cell);
  for (let index = 0; index < names.length; index++) {
    const name = names[index];
    const cell = row.cells[index];
    if (name === undefined || typeof cell !== 'object') continue;
    errors.push(`${name}: ${cell.problem}`);
    faulty.push(name);
  }
  const read = buildSheetRow(names, row.line, cells);
  if (errors.length > 0) return { kind: 'issue', line: row.line, errors, ...(read === undefined ? {} : { values: read.values, faulty }) };
  return read;
}

function toSheetError(error: unknown, path: string): unknown {
  if (error instanceof SheetError) return error;
  const tempDirError = toTempDirError(error, `read ${path}`, 'its worksheet is unpacked to a temporary file');
  if (tempDirError) return tempDirError;
  const reason = `it is not a readable XLSX workbook (${error instanceof Error ? error.message : String(error)})`;
  return new SheetError(`read ${path}`, reason, 'Open it in Excel or LibreOffice and save it again as .xlsx.', { cause: error });
}
