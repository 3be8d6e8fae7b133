import { extname } from 'node:path';
import type { CsvDelimiter } from './detect-delimiter.js';
import type { TextEncoding } from '../text/detect-encoding.js';

export type LineEnding = '\r\n' | '\n' | '\r';

/** How a CSV file is laid out in bytes: what the reader detects in a file, and what a report of it is written in. */
export interface CsvDialect {
  delimiter: CsvDelimiter;
  encoding: TextEncoding;
  /** Whether the file starts with a byte order mark: UTF-16 always does, a code page (Windows-1252, Mac OS Roman) never. */
  bom: boolean;
  lineEnding: LineEnding;
}

/**
 * What Excel reads right in every locale: UTF-8 with a byte order mark (without one, Excel takes
 * the file for the system's code page and garbles accents), CRLF; a tab for a .tsv file.
 */
export function excelDialect(path: string): CsvDialect {
  return { delimiter: extname(path).toLowerCase() === '.tsv' ? '\t' : ',', encoding: 'utf-8', bom: true, lineEnding: '\r\n' };
}

/** The CSV dialects an export writes, by name (`--csv-dialect`). */
export const CSV_DIALECT_NAMES = ['excel', 'excel-semicolon', 'rfc4180'] as const;
export type CsvDialectName = (typeof CSV_DIALECT_NAMES)[number];
export const DEFAULT_CSV_DIALECT: CsvDialectName = 'excel';

/**
 * - excel: `,` (a tab in a .tsv file), UTF-8 with a byte order mark, CRLF, formula-like texts quoted;
 * - excel-semicolon: the same with `;`, which Excel in locales with a decimal comma (French, German…)
 *   splits on; numbers take a decimal comma there (readCellContext). UTF-8 with a byte order mark
 *   still: Excel reads it right, and Windows-1252 would lose what it cannot hold;
 * - rfc4180: `,`, UTF-8 without a byte order mark, CRLF, texts as they are: for programs, not spreadsheets.
 */
export function nameCsvDialect(name: CsvDialectName, path: string): { dialect: CsvDialect; escapeFormulas: boolean } {
  const excel = excelDialect(path);
  switch (name) {
    case 'excel':
      return { dialect: excel, escapeFormulas: true };
    case 'excel-semicolon':
      return { dialect: { ...excel, delimiter: ';' }, escapeFormulas: true };
    case 'rfc4180':
      return { dialect: { ...excel, delimiter: ',', bom: false }, escapeFormulas: false };
  }
}
