import { once } from 'node:events';
import { setImmediate } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import { encodeXlsxText } from './encode-xlsx-text.js';
import { escapeFormula } from './escape-formula.js';
import { openOutput, toWriteError, type Output } from './open-output.js';
import type { SheetColumn, SheetValue, SheetWriter } from './sheet-writer.js';

export interface WorkbookWriter {
  /**
   * Starts a sheet and finishes the previous one: a streamed workbook is written one sheet after
   * the other. The sheet's close() only finishes the sheet.
   */
  addSheet(name: string, columns: readonly SheetColumn[]): SheetWriter;
  /** Finishes the last sheet and the workbook; the file is complete when it resolves. */
  close(): Promise<void>;
  /** Stops writing and removes what was written: nothing is left at the path. */
  discard(): Promise<void>;
}

// exceljs hands rows to the zip without backpressure, so they would pile up in memory while zlib
// compresses: after about one zlib chunk of XML, the event loop gets a turn to compress it.
const XML_BETWEEN_PAUSES = 16_384;
const XML_PER_CELL = 40;
const MIN_WIDTH = 8;
const MAX_WIDTH = 60;
const DEFAULT_WIDTH = 12;

/** An XLSX workbook written as a stream: each row is committed as soon as it is written. */
export async function openXlsxWriter(path: string): Promise<WorkbookWriter> {
  const output = await openOutput(path);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output.stream, useStyles: true, useSharedStrings: false });
  let current: SheetWriter | undefined;
  return {
    addSheet(name, columns) {
      void current?.close();
      current = writeToSheet(addWorksheet(workbook, name, columns), columns, output, path);
      return current;
    },
    async close() {
      try {
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

function addWorksheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, name: string, columns: readonly SheetColumn[]): ExcelJS.Worksheet {
  const worksheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  worksheet.columns = columns.map((column) => ({
    width: Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, (column.header ?? column.key).length, column.width ?? DEFAULT_WIDTH) + 2),
    ...(column.text === true ? { style: { numFmt: '@' } } : {}),
    ...(column.hidden === true ? { hidden: true } : {}),
  }));
  const header = worksheet.addRow(columns.map((column) => toXlsxText(column.header ?? column.key)));
  header.font = { bold: true };
  header.commit();
  worksheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: Math.max(1, columns.length) } };
  return worksheet;
}

function writeToSheet(worksheet: ExcelJS.Worksheet, columns: readonly SheetColumn[], output: Output, path: string): SheetWriter {
  let xmlSincePause = 0;
  let open = true;
  return {
    async writeRow(record) {
      if (!open) throw new Error(`Sheet ${worksheet.name} of ${path} is finished: write each sheet before adding the next one`);
      try {
        if (output.stream.errored !== null) await output.failed;
        worksheet.addRow(columns.map((column) => toXlsxValue(record[column.key], column))).commit();
        xmlSincePause += columns.reduce((size, column) => size + XML_PER_CELL + String(record[column.key] ?? '').length, 0);
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
      open = false;
      worksheet.commit();
      return Promise.resolve();
    },
    discard: () => output.discard(),
  };
}

function toXlsxValue(value: SheetValue, column: SheetColumn): ExcelJS.CellValue {
  if (value === null || value === undefined || value === '') return null;
  return typeof value === 'string' || column.text === true ? toXlsxText(String(value)) : value;
}

// A one-run rich text makes exceljs write an inline string: Excel and LibreOffice decode _xHHHH_
// there (LibreOffice does not in the "str" cells exceljs writes for plain strings), and no shared
// string table grows in memory.
function toXlsxText(text: string): ExcelJS.CellRichTextValue {
  return { richText: [{ text: encodeXlsxText(escapeFormula(text, 'xlsx')) }] };
}
