import { isCodePage, type CodePage, type CsvDelimiter, type TextEncoding } from '../../sheets/index.js';

/** How a date `a/b/yyyy` is read when both a and b could be its month (`--date-format`). */
export const DATE_FORMATS = ['dd/mm/yyyy', 'mm/dd/yyyy'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

/** What the grammar of a cell depends on besides the cell: the decimal separator of the file, and how it writes dates. */
export interface CellContext {
  decimalSeparator: '.' | ',';
  /** Whether the person declared it (`--decimal-separator`): else a refused decimal comma says the flag exists. */
  decimalsDeclared?: boolean;
  /**
   * How a date `a/b/yyyy` reads: a declared format (`--date-format`) admits no other; the locale's
   * (dd/mm/yyyy in a file with decimal commas) yields to a date whose day shows the other order
   * (`12/25/2026`); without one, only a date with a part over 12 reads.
   */
  slashDates?: { format: DateFormat; declared: boolean };
  /** A CSV file in a code page, which lacks most characters beyond Western Europe's: what a cell lost, it cannot tell. */
  codePage?: CodePage;
  /** A workbook in the 1904 date system: a date serial (a date cell saved as a number) counts from 1904. */
  date1904?: true;
}

export const DOT_CONTEXT: CellContext = { decimalSeparator: '.' };
/** Reads a comma or a dot before decimals; writes a comma. Dates dd/mm/yyyy, as such locales write them. */
export const COMMA_CONTEXT: CellContext = { decimalSeparator: ',', slashDates: { format: 'dd/mm/yyyy', declared: false } };

/** How a file writes numbers (`--decimal-separator`), when its delimiter does not tell. */
export const DECIMAL_SEPARATORS = ['dot', 'comma'] as const;
export type DecimalSeparator = (typeof DECIMAL_SEPARATORS)[number];

/** What a person declares of how a file's cells read (`--date-format`, `--decimal-separator`): it wins over what the file suggests. */
export interface DeclaredCells {
  dateFormat?: DateFormat | undefined;
  decimalSeparator?: DecimalSeparator | undefined;
}

/**
 * `;`-delimited CSV files come from spreadsheets set to a locale whose decimal separator is a comma:
 * they are read, and written, with one, and their dates read day first. A declared separator
 * (a tab-separated file of such a spreadsheet, a program's `;` file with dots) and a declared date
 * format win.
 */
export function readCellContext(file: { format: 'csv'; delimiter: CsvDelimiter; encoding?: TextEncoding } | { format: 'xlsx'; date1904?: true }, declared: DeclaredCells = {}): CellContext {
  const comma = declared.decimalSeparator === undefined ? file.format === 'csv' && file.delimiter === ';' : declared.decimalSeparator === 'comma';
  const base = comma ? COMMA_CONTEXT : DOT_CONTEXT;
  const locale = declared.decimalSeparator === undefined ? base : { ...base, decimalsDeclared: true };
  const context =
    file.format === 'csv' && file.encoding !== undefined && isCodePage(file.encoding)
      ? { ...locale, codePage: file.encoding }
      : file.format === 'xlsx' && file.date1904 === true
        ? { ...locale, date1904: true as const }
        : locale;
  const { dateFormat } = declared;
  return dateFormat === undefined ? context : { ...context, slashDates: { format: dateFormat, declared: true } };
}
