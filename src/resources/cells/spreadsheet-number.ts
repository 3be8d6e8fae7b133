import { parseDecimal } from '../columns/parse-decimal.js';
import { COMMA_CONTEXT } from './cell-context.js';

const DIGITS = /^\+?\d+$/;
// Excel shows a number of 12 digits or more rounded to 6 significant ones (5.91474E+13, with a comma
// in locales that write decimals with one), and a CSV file it saves keeps only that.
const SCIENTIFIC = /^(\d)(?:[.,](\d+))?E\+(\d+)$/i;

/** Whether a cell is a number a spreadsheet rounded to scientific notation: its other digits are lost. */
export function isScientificNumber(cell: string): boolean {
  return SCIENTIFIC.test(cell.trim());
}

/** A known value read back from the number a spreadsheet made of it, and what the spreadsheet had done. */
export interface RestoredNumber {
  value: string;
  how: string;
}

/**
 * The known value a cell stands for when a spreadsheet read that value as a number and saved it its
 * own way: without its leading zeros (`000001` as `1`) or its `+` (`+33…` as `33…`), or rounded to
 * scientific notation (`59147412500012` as `5.91474E+13`); undefined when the cell is the value, or
 * another. `known`: the row's `_base`, or the business as read.
 */
export function restoreSpreadsheetNumber(cell: string, known: string | undefined): RestoredNumber | undefined {
  const typed = cell.trim();
  if (known === undefined || known === typed || !DIGITS.test(known)) return undefined;
  const digits = known.replace(/^\+?0*/, '');
  if (digits === '') return undefined;
  if (typed === digits) return { value: known, how: known.startsWith('+') ? 'dropped the +' : 'dropped the leading zeros' };
  const [, first, decimals = '', exponent] = SCIENTIFIC.exec(typed) ?? [];
  if (first === undefined || exponent === undefined) return undefined;
  const rounded = Number(digits).toExponential(decimals.length);
  return rounded === `${first}${decimals === '' ? '' : `.${decimals}`}e+${Number(exponent)}` ? { value: known, how: 'rounded it to scientific notation' } : undefined;
}

/** The `_changes` note of a restored value: the row is sent as if the cell held it, but the person should know. */
export function describeRestoredNumber(header: string, cell: string, restored: RestoredNumber): string {
  return `${header}: '${cell.trim()}' read as '${restored.value}' (the spreadsheet had ${restored.how})`;
}

/** Fewer decimals than these are a person's rounding, not a spreadsheet's (4 decimals of a degree: 11 m). */
const MIN_KEPT_DECIMALS = 4;
const DECIMAL = /^[+-]?\d+[.,](\d+)$/;

/**
 * The known decimal a cell stands for when a spreadsheet saved it rounded to the digits it showed
 * (`-122.419416` for `-122.4194155`); undefined when the cell is another number. Either may use a
 * decimal comma.
 */
export function restoreRoundedDecimal(cell: string, known: string): RestoredNumber | undefined {
  const kept = DECIMAL.exec(cell.trim())?.[1]?.length ?? 0;
  const exact = DECIMAL.exec(known.trim())?.[1]?.length ?? 0;
  if (kept < MIN_KEPT_DECIMALS || kept >= exact) return undefined;
  // Either separator reads in a comma context.
  const difference = Math.abs((parseDecimal(cell, COMMA_CONTEXT) ?? NaN) - (parseDecimal(known, COMMA_CONTEXT) ?? NaN));
  // Half a unit of the last decimal kept, and what binary floating point adds to it.
  return difference <= 0.5 * 10 ** -kept * (1 + 1e-9) ? { value: known, how: `rounded it to ${kept} decimals` } : undefined;
}
