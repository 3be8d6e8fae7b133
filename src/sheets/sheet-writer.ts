import type { CsvDelimiter } from './detect-delimiter.js';

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
  /** Usual width of the values in characters: rows stream, so widths cannot be measured. */
  width?: number;
  /** XLSX: hidden from view (a CSV file has no such thing). */
  hidden?: boolean;
}

export interface SheetWriter {
  /** Resolves once the row is handed over and the output can take more. */
  writeRow(record: SheetRecord): Promise<void>;
  /** Flushes and closes; the file is complete when it resolves. */
  close(): Promise<void>;
  /** Stops writing and removes what was written: nothing is left at the path. */
  discard(): Promise<void>;
}

export interface SheetWriterOptions {
  columns: readonly SheetColumn[];
  /** XLSX: sheet name, "Sheet1" by default. */
  sheet?: string;
  /** CSV: "," by default, tab for .tsv. */
  delimiter?: CsvDelimiter;
}
