import type { Cell, CellFormulaValue, CellSharedFormulaValue } from 'exceljs';
import { decodeXlsxText } from './encode-xlsx-text.js';
import { unescapeFormula } from '../escape-formula.js';
import { formatExcelDate } from './format-excel-date.js';
import { formatExcelNumber } from './format-excel-number.js';
import type { CellValue } from '../sheet-reader.js';

/** Why a cell has no usable value, e.g. a formula showing #DIV/0!. */
export interface CellProblem {
  problem: string;
}

/** A cell as the spreadsheet shows it: text cells lose the quote that protected them from being run as formulas. */
export function formatXlsxCell(cell: Cell, date1904: boolean): CellValue | CellProblem {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return readText(value);
  if (typeof value === 'number') return formatExcelNumber(value, cell.numFmt, date1904);
  if (typeof value === 'boolean') return value;
  if (value instanceof Date) return formatExcelDate(value);
  if ('richText' in value) return readText(value.richText.map((run) => run.text).join(''));
  if ('hyperlink' in value) return readText(value.text);
  if ('error' in value) return { problem: `the cell shows the error ${value.error}` };
  return formatFormulaResult(value, cell.numFmt, date1904);
}

/** A formula that sums, counts or averages: what a totals row under a table holds. */
const AGGREGATE = /^\s*(?:_xlfn\.)?(?:SUBTOTAL|AGGREGATE|SUM|SUMPRODUCT|COUNTA?|COUNTBLANK|AVERAGE|MIN|MAX)\s*\(/i;
/** A range of rows (`J2:J161`) or of whole columns (`A:A`). */
const RANGE_OF_ROWS = /\$?[A-Z]{1,3}\$?(\d+)\s*:\s*\$?[A-Z]{1,3}\$?(\d+)|\$?\b[A-Z]{1,3}\s*:\s*\$?[A-Z]{1,3}\b(?!\$?\d)/gi;

/**
 * The cell's formula when it aggregates rows above its own (`SUM(J2:J161)`) or whole columns
 * (`COUNTA(A:A)`), else undefined: `SUM(D2:F2)` adds a row's own cells, `SUM(C$2:C9)` in row 9 is a
 * running total, and neither is a totals row's.
 */
export function readAggregateFormula(cell: Cell): string | undefined {
  const { value } = cell;
  const formula = typeof value === 'object' && value !== null && 'formula' in value ? value.formula : undefined;
  if (formula === undefined || !AGGREGATE.test(formula)) return undefined;
  const above = (first: string | undefined, last: string | undefined): boolean => first === undefined || (first !== last && Math.max(Number(first), Number(last)) < Number(cell.row));
  return [...formula.matchAll(RANGE_OF_ROWS)].some(([, first, last]) => above(first, last)) ? formula : undefined;
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
  if (result instanceof Date) return formatExcelDate(result);
  return { problem: `the formula shows the error ${result.error}` };
}
