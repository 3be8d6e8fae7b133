import type { CsvDialect } from './csv/csv-dialect.js';

/** Strings are text; numbers and booleans are written as such (XLSX typed cells); null and undefined leave the cell empty. */
export type SheetValue = string | number | boolean | null | undefined;

export type SheetRecord = Readonly<Partial<Record<string, SheetValue>>>;

export interface SheetColumn {
  /** Property of the records written in this column. */
  key: string;
  /** Header text; defaults to the key. */
  header?: string;
  /** Codes, zip codes, phones: XLSX cells typed as text so that Excel keeps leading zeros and digits. */
  text?: boolean;
  /** XLSX: a text cell that holds a number, or a date yyyy-mm-dd, is written as one when it reads back as the same text. */
  type?: 'number' | 'date';
  /** XLSX: hidden from view (a CSV file has no such thing). */
  hidden?: boolean;
  /** XLSX: the fill of a cell by its value, as ARGB (`_status` colours). */
  fills?: Readonly<Record<string, string>>;
}

export interface SheetWriter {
  /** Resolves once the row is handed over and the output can take more. */
  writeRow(record: SheetRecord): Promise<void>;
  /** Flushes and closes; the file is complete when it resolves. */
  close(): Promise<void>;
  /** Stops writing and removes what was written: nothing is left at the path. */
  discard(): Promise<void>;
}

/** How an XLSX sheet is laid out besides its columns. */
export interface XlsxSheetOptions {
  /** Leading columns kept in view when scrolling right (the header row always is). */
  frozenColumns?: number;
  /**
   * Rows past the most a sheet holds in Excel (1,048,576) go on in a sheet named `<name> (2)`, then
   * `(3)`…; without it, such a row is an error: a file an import reads back must be whole in one sheet.
   */
  continueWhenFull?: boolean;
}

export interface SheetWriterOptions extends XlsxSheetOptions {
  columns: readonly SheetColumn[];
  /** XLSX: sheet name, "Sheet1" by default. */
  sheet?: string;
  /** CSV: Excel's dialect by default (see excelDialect). */
  dialect?: CsvDialect;
  /** CSV: whether a text a spreadsheet would run as a formula gets a leading apostrophe; true unless the file is for machines. */
  escapeFormulas?: boolean;
}
