import { mapHeader, type HeaderMap } from './map-header.js';
import { renameHeader } from './rename-header.js';
import type { SheetHead, SheetItem, SheetSource } from '../sheet-reader.js';

/** What a format reader has once it has found the header row. */
export interface HeaderFound {
  source: SheetSource;
  sha256?: string;
  /** What a count of the sheet's rows (estimate-sheet-rows.ts) takes for data above the header: title rows, and a CSV's empty lines among them. */
  rowsAbove: number;
  /** The header row's cells, as the sheet shows them. */
  cells: readonly string[];
  /** Warnings about the file before its header (the sheet chosen). */
  warnings: readonly string[];
  /** The rows after the header, read as the header map names their cells; `warn` adds to the reader's warnings (a footer skipped). */
  rows: (header: HeaderMap, warn: (warning: string) => void) => AsyncIterable<SheetItem>;
  close: () => Promise<void>;
}

/** The head of a sheet whose header row is found: a repeated column name throws here, before the columns are chosen. */
export function toSheetHead(path: string, found: HeaderFound, renames?: ReadonlyMap<string, string>): SheetHead {
  const { source, sha256, close, rowsAbove } = found;
  const cells = renameHeader(found.cells, renames, path);
  const columns = mapHeader(cells, path).names.filter((name) => name !== undefined);
  let taken = false;
  return {
    source,
    columns,
    sha256,
    rowsAbove,
    close,
    read(options) {
      if (taken) throw new Error(`Could not read ${path} again: a sheet head gives its rows once.`);
      taken = true;
      const header = mapHeader(cells, path, options);
      const warnings = [...found.warnings, ...header.warnings];
      return {
        source,
        columns: header.names.filter((name) => name !== undefined),
        warnings,
        unknownColumns: header.unknown,
        sha256,
        rowsAbove,
        close,
        [Symbol.asyncIterator]: () => found.rows(header, (warning) => warnings.push(warning))[Symbol.asyncIterator](),
      };
    },
  };
}
