import type { Cell, CellFormulaValue, CellSharedFormulaValue } from 'exceljs';
import { decodeXlsxText } from './encode-xlsx-text.js';
import { unescapeFormula } from '../../escape-formula.js';
import { formatExcelDate } from './format-excel-date.js';
import { formatExcelNumber } from './format-excel-number.js';
import type { CellValue } from '../../sheet-reader.js';

/** Why a cell has no usable value, e.g. a formula showing #DIV/0!; `shown`, the error it shows, for a report to keep. */
export interface CellProblem {
  problem: string;
  shown?: string;
}

/** A cell as the spreadsheet shows it: text cells lose the quote that protected them from being run as formulas. */
export function formatXlsxCell(cell: Cell, date1904: boolean): CellValue | CellProblem {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return readText(value);
  if (typeof value === 'number') return formatExcelNumber(value, cell.numFmt, date1904);
  if (typeof value === 'boolean') return value;
  if (value instanceof Date) return formatExcelDate(value, date1904);
  if ('richText' in value) return readText(value.richText.map((run) => run.text).join(''));
  if ('hyperlink' in value) return readText(value.text);
  if ('error' in value) return { problem: `the cell shows the error ${value.error}`, shown: value.error };
  return formatFormulaResult(value, cell.numFmt, date1904);
}

function readText(text: string): string {
  return unescapeFormula(decodeXlsxText(text));
}

function formatFormulaResult(
  { result }: CellFormulaValue | CellSharedFormulaValue,
  numFmt: string | undefined,
  date1904: boolean,
): CellValue | CellProblem {
  // exceljs leaves no result, or NaN, for a formula whose saved result is an error or missing.
  if (result === undefined || Number.isNaN(result)) {
    return { problem: 'the formula has an error or no saved result; fix it, or open and save the file in Excel or LibreOffice' };
  }
  if (typeof result === 'number') return formatExcelNumber(result, numFmt, date1904);
  if (typeof result === 'string') return decodeXlsxText(result);
  if (typeof result === 'boolean') return result;
  if (result instanceof Date) return formatExcelDate(result, date1904);
  return { problem: `the formula shows the error ${result.error}`, shown: result.error };
}
