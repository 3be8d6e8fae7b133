import type { CsvDialect } from './csv/csv-dialect.js';
import type { CsvDelimiter } from './csv/detect-delimiter.js';

/**
 * A cell as read: text as the spreadsheet shows it (numbers as displayed, dates as yyyy-mm-dd or
 * yyyy-mm-ddTHH:MM:SS, times as HH:MM:SS), or a boolean when an XLSX cell holds a real boolean.
 * CSV cells are always strings.
 */
export type CellValue = string | boolean;

/**
 * A data row. `line` is what the user sees at the left of the file: the physical line where the
 * record starts in a CSV, the row number in an XLSX sheet. `values` maps each kept column (its
 * canonical name) to its cell, '' when empty.
 */
export interface SheetRow {
  kind: 'row';
  line: number;
  values: Record<string, CellValue>;
}

/** A row that could not be read, as data: errors read "column: why", or just "why" for a whole line. */
export interface SheetIssue {
  kind: 'issue';
  line: number;
  errors: string[];
  /** The cells that did read (those at fault empty), for the report to write back: a row is fixed in its errors file, not typed again. None for a line that could not be split. */
  values?: Record<string, CellValue>;
  /** With `values`: the columns whose cells are at fault, or were never read (a row cut short); the others are as the sheet holds them. */
  faulty?: readonly string[];
}

export type SheetItem = SheetRow | SheetIssue;

/** How the header's names are read: which columns are kept, under which names. */
export interface SheetColumnOptions {
  /** Canonical column names: headers match them trimmed and case-insensitively; others are not read, and listed in `unknownColumns`. */
  knownColumns?: readonly string[];
  /** Columns starting with "_" that are read all the same (the export's `_base`); other "_" columns are not, but with `userColumns`. */
  metaColumns?: readonly string[];
  /** Reads the other columns starting with "_" too (a user's notes), by the names the header gives them, but those named in `reserved` (any case). */
  userColumns?: { reserved: readonly string[] };
}

/** Which sheet is read, and how its bytes are. */
export interface SheetOpenOptions {
  /** XLSX: the sheet to read; a missing one is an error. */
  sheet?: string;
  /** XLSX: without `sheet`, a sheet with this name is read if there is one, else the first sheet (see openWorkbookHead). */
  resource?: string;
  /** Names the header row is known by: rows above it that name none are titles, whatever their width (see findHeaderRow). */
  headerNames?: readonly string[];
  /** Header names read as other column names (`Code magasin` as `code`), in any case: rows above the header that name none are titles too. */
  renameColumns?: ReadonlyMap<string, string>;
  /** CSV: skips delimiter detection. */
  delimiter?: CsvDelimiter;
  /** XLSX: computes the file's SHA-256 before the first row, from the bytes read to the header and the rest; a CSV's comes with the scan of its encoding anyway. */
  sha256?: boolean;
  /** XLSX: the most bytes its parts may unpack to, declared or inflated; 1 GiB by default. */
  maxUnpackedBytes?: number;
}

export type SheetReaderOptions = SheetColumnOptions & SheetOpenOptions;

/**
 * What was read: a CSV file and the dialect detected in it, which its reports are written in, with
 * `strayBytes` when it is UTF-8 but for a few bytes of another encoding; or a sheet of a workbook,
 * with `date1904` when it counts its dates from 1904 (Excel for Mac's date system of old).
 */
export type SheetSource = ({ format: 'csv'; strayBytes?: true } & CsvDialect) | { format: 'xlsx'; sheet: string; date1904?: true };

/**
 * Rows of one sheet, read once, in order, as they stream. Completely empty rows are skipped. A CSV
 * line with a value right of the header is an issue (an unquoted delimiter shifted it); XLSX cells
 * right of the header are ignored.
 */
export interface SheetReader extends AsyncIterable<SheetItem> {
  readonly source: SheetSource;
  /** Kept columns, canonical names, in sheet order. */
  readonly columns: readonly string[];
  /** Header warnings (unnamed columns), each given once; once the rows are read to the end, a footer skipped too. */
  readonly warnings: readonly string[];
  /** Named columns that are not among `knownColumns`, as the header writes them; none without `knownColumns`. */
  readonly unknownColumns: readonly string[];
  /** The file's SHA-256: always for a CSV, for a workbook when the `sha256` option asked for it. */
  readonly sha256?: string;
  /** What a count of the sheet's rows (estimate-sheet-rows.ts) takes for data above the header: title rows, and a CSV's empty lines among them. */
  readonly rowsAbove: number;
  /** Releases the file when the rows are not read to the end. */
  close(): Promise<void>;
}

/**
 * A sheet read up to its header: what the header names decides which columns a catalog reads
 * (the custom fields a business sheet sets), and the rows are then read from the same pass.
 */
export interface SheetHead {
  readonly source: SheetSource;
  /** The header's named columns, trimmed, `_` columns left out. */
  readonly columns: readonly string[];
  /** The file's SHA-256: always for a CSV, for a workbook when the `sha256` option asked for it. */
  readonly sha256?: string;
  /** See SheetReader. */
  readonly rowsAbove: number;
  /** The rows, read with these columns; called once. */
  read(options: SheetColumnOptions): SheetReader;
  /** Releases the file when its rows are not read. */
  close(): Promise<void>;
}
