import { once } from 'node:events';
import { setImmediate } from 'node:timers/promises';
import type ExcelJS from 'exceljs';
import { encodeXlsxText } from './cells/encode-xlsx-text.js';
import { SheetError } from '../sheet-error.js';
import { escapeFormula } from '../escape-formula.js';
import { listSheetFirst } from './list-sheet-first.js';
import { nameFilterRanges } from './name-filter-ranges.js';
import { toColumnLetter } from '../layout/column-letter.js';
import { loadExceljs } from './load-exceljs.js';
import { openOutput, toWriteError, type Output } from '../file/open-output.js';
import type { SheetColumn, SheetRecord, SheetValue, SheetWriter, XlsxSheetOptions } from '../sheet-writer.js';
import { toTypedXlsxValue, XLSX_DATE_FORMAT } from './cells/to-typed-xlsx-value.js';

export interface AddSheetOptions extends XlsxSheetOptions {
  /** Listed first in the workbook, so that it opens first, though written after the others (a summary known at the end). */
  first?: boolean;
  /** Rows a sheet holds, its header's included: Excel's 1,048,576 unless a test asks for fewer. */
  maxRows?: number;
}

export interface WorkbookWriter {
  /**
   * Starts a sheet and finishes the previous one: a streamed workbook is written one sheet after
   * the other. The sheet's close() only finishes the sheet.
   */
  addSheet(name: string, columns: readonly SheetColumn[], options?: AddSheetOptions): SheetWriter;
  /** Finishes the last sheet and the workbook; the file is complete when it resolves. */
  close(): Promise<void>;
  /** Stops writing and removes what was written: nothing is left at the path. */
  discard(): Promise<void>;
}

// exceljs hands rows to the zip without backpressure, so they would pile up in memory while zlib
// compresses: after about one zlib chunk of XML, the event loop gets a turn to compress it.
const XML_BETWEEN_PAUSES = 16_384;
const XML_PER_CELL = 40;
/** Rows held before the first is written: the column widths, written before the rows, come from them. */
const SAMPLE_ROWS = 100;
const MIN_WIDTH = 6;
const MAX_WIDTH = 50;
const PADDING = 2;
/** Landscape, as wide as the page, the header on every page: a sheet prints as a table rather than as pages of column strips. */
const PAGE_SETUP: Partial<ExcelJS.PageSetup> = { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0, printTitlesRow: '1:1' };

/** The most rows a sheet holds in Excel and LibreOffice, its header's included. */
const MAX_SHEET_ROWS = 1_048_576;
const MAX_SHEET_NAME = 31;

function refuseFullSheet(path: string, sheet: string, maxRows: number): SheetError {
  return new SheetError(
    `write ${path}`,
    `its sheet '${sheet}' would hold more than ${(maxRows - 1).toLocaleString('en')} rows, the most Excel and LibreOffice open`,
    'Write a .csv file instead, or write fewer rows at once (--org, filters).',
  );
}

/** An XLSX workbook written as a stream: rows are committed as they are written, after the first hundred. */
export async function openXlsxWriter(path: string): Promise<WorkbookWriter> {
  const excel = await loadExceljs();
  const output = await openOutput(path);
  const workbook = new excel.stream.xlsx.WorkbookWriter({ stream: output.stream, useStyles: true, useSharedStrings: false });
  let current: SheetWriter | undefined;
  let first: ExcelJS.Worksheet | undefined;
  return {
    addSheet(name, columns, options = {}) {
      void current?.close();
      const openPart = (part: number): ExcelJS.Worksheet =>
        workbook.addWorksheet(part === 1 ? name : `${name.slice(0, MAX_SHEET_NAME - 4)} (${part})`, {
          views: [{ state: 'frozen', ySplit: 1, ...(options.frozenColumns === undefined ? {} : { xSplit: options.frozenColumns }) }],
          pageSetup: PAGE_SETUP,
        });
      const worksheet = openPart(1);
      if (options.first === true) first = worksheet;
      let parts = 1;
      const maxRows = options.maxRows ?? MAX_SHEET_ROWS;
      current = writeToSheet(worksheet, columns, output, path, {
        maxRows,
        nextPart: (full) => {
          if (options.continueWhenFull !== true) throw refuseFullSheet(path, full.name, maxRows);
          full.commit();
          return openPart(++parts);
        },
      });
      return current;
    },
    async close() {
      try {
        await current?.close();
        if (first !== undefined) listSheetFirst(workbook, first);
        nameFilterRanges(workbook);
        // exceljs waits for its zip to drain into the file, which a failed file never does.
        await Promise.race([workbook.commit(), output.failed]);
      } catch (error) {
        await output.discard();
        throw toWriteError(error, path);
      }
      await output.commit();
    },
    discard: () => output.discard(),
  };
}

function writeToSheet(
  first: ExcelJS.Worksheet,
  columns: readonly SheetColumn[],
  output: Output,
  path: string,
  /** `nextPart`: where rows go once `full` holds `maxRows`, or why they may not. */
  { maxRows, nextPart }: { maxRows: number; nextPart: (full: ExcelJS.Worksheet) => ExcelJS.Worksheet },
): SheetWriter {
  let worksheet = first;
  let rowsInSheet = 0;
  let xmlSincePause = 0;
  let open = true;
  /** The first rows, until the widths are set from them; undefined once they are written. */
  let sample: SheetRecord[] | undefined = [];
  let widths: readonly SheetRecord[] = [];
  const commitRow = (record: SheetRecord): void => {
    if (rowsInSheet === maxRows) {
      filterRows(worksheet, columns, rowsInSheet);
      worksheet = nextPart(worksheet);
      startSheet(worksheet, columns, widths);
      rowsInSheet = 1;
    }
    rowsInSheet++;
    const row = worksheet.addRow(columns.map((column) => toXlsxValue(record[column.key], column)));
    columns.forEach((column, index) => {
      const argb = column.fills?.[String(record[column.key])];
      if (argb !== undefined) row.getCell(index + 1).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb } };
    });
    row.commit();
    xmlSincePause += columns.reduce((size, column) => size + XML_PER_CELL + String(record[column.key] ?? '').length, 0);
  };
  const writeSample = (): void => {
    if (sample === undefined) return;
    widths = sample;
    startSheet(worksheet, columns, sample);
    rowsInSheet = 1;
    for (const record of sample) commitRow(record);
    sample = undefined;
  };
  return {
    async writeRow(record) {
      if (!open) throw new Error(`Sheet ${worksheet.name} of ${path} is finished: write each sheet before adding the next one`);
      try {
        if (output.stream.errored !== null) await output.failed;
        if (sample !== undefined) {
          sample.push(record);
          if (sample.length < SAMPLE_ROWS) return;
          writeSample();
        } else {
          commitRow(record);
        }
        if (output.stream.writableNeedDrain) {
          await once(output.stream, 'drain');
        } else if (xmlSincePause >= XML_BETWEEN_PAUSES) {
          xmlSincePause = 0;
          await setImmediate();
        }
      } catch (error) {
        await output.discard();
        throw toWriteError(error, path);
      }
    },
    close() {
      if (!open) return Promise.resolve();
      open = false;
      writeSample();
      filterRows(worksheet, columns, rowsInSheet);
      worksheet.commit();
      return Promise.resolve();
    },
    discard: () => output.discard(),
  };
}

/** Column widths from the header and the first rows, then the bold header row. */
function startSheet(worksheet: ExcelJS.Worksheet, columns: readonly SheetColumn[], sample: readonly SheetRecord[]): void {
  worksheet.columns = columns.map((column) => ({
    width: measureWidth([column.header ?? column.key, ...sample.map((record) => record[column.key])]),
    ...(column.text === true ? { style: { numFmt: '@' } } : column.type === 'date' ? { style: { numFmt: XLSX_DATE_FORMAT } } : {}),
    ...(column.hidden === true ? { hidden: true } : {}),
  }));
  const header = worksheet.addRow(columns.map((column) => toXlsxText(column.header ?? column.key)));
  header.font = { bold: true };
  header.commit();
}

/** The filter over the header and the rows under it, set before the sheet is committed: Excel and LibreOffice filter only the rows its range holds. */
function filterRows(worksheet: ExcelJS.Worksheet, columns: readonly SheetColumn[], rows: number): void {
  worksheet.autoFilter = `A1:${toColumnLetter(Math.max(1, columns.length) - 1)}${Math.max(1, rows)}`;
}

/** The longest line of the values, in characters, within bounds: a long text makes a wide column, not a screen-wide one. */
function measureWidth(values: readonly SheetValue[]): number {
  let longest = 0;
  for (const value of values) {
    for (const line of String(value ?? '').split('\n')) longest = Math.max(longest, measureLine(line));
  }
  return Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, longest)) + PADDING;
}

// Ideographs, kana, Hangul, full-width forms and emoji take two columns; marks and joiners none (a Mac's `e` and its accent, Devanagari vowel signs).
const WIDE = /[\u1100-\u115F\u2E80-\u303E\u3041-\u33FF\u3400-\u4DBF\u4E00-\u9FFF\uA000-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6\u{20000}-\u{3FFFD}]|\p{Extended_Pictographic}/u;
const NO_WIDTH = /\p{M}|[\u200B\u200C\u2060]|\u200D/u;

/** The columns a line takes on screen: `東京` as wide as `Tokyo`. */
function measureLine(line: string): number {
  let width = 0;
  for (const char of line) width += NO_WIDTH.test(char) ? 0 : WIDE.test(char) ? 2 : 1;
  return width;
}

function toXlsxValue(value: SheetValue, column: SheetColumn): ExcelJS.CellValue {
  if (value === null || value === undefined || value === '') return null;
  const typed = typeof value === 'string' && column.type !== undefined ? toTypedXlsxValue(value, column.type) : undefined;
  if (typed !== undefined) return typed;
  return typeof value === 'string' || column.text === true ? toXlsxText(String(value)) : value;
}

// A one-run rich text makes exceljs write an inline string: Excel and LibreOffice decode _xHHHH_
// there (LibreOffice does not in the "str" cells exceljs writes for plain strings), and no shared
// string table grows in memory.
function toXlsxText(text: string): ExcelJS.CellRichTextValue {
  return { richText: [{ text: encodeXlsxText(escapeFormula(text, 'xlsx')) }] };
}
