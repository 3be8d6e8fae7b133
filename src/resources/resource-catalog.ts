import type { SheetRow } from '../sheets/index.js';
import type { CellContext } from './cells/cell-context.js';
import type { Column } from './column.js';
import type { ResourceName } from './resource-names.js';
import type { RowOutcome } from './row-outcome.js';

/**
 * Reads one data row of a sheet into its outcome. `faulty` names the cells of a row the sheet's reader
 * flagged (an error cell, a misplaced quote): the row's target is never read from them.
 */
export type RowReader<Target, Update> = (row: SheetRow, faulty?: ReadonlySet<string>) => RowOutcome<Target, Update>;

/** Every column of a resource, in sheet order: import columns, then the read-only ones. */
export interface ResourceCatalog {
  readonly resource: ResourceName;
  readonly columns: readonly Column[];
}

/** A resource the tool imports: how a row of its columns becomes a request. */
export interface ImportCatalog<Target, Update> extends ResourceCatalog {
  /** Columns starting with `_` that the import reads all the same (the business export's `_base`). */
  readonly metaColumns?: readonly string[];
  /** A reader for the rows of a sheet holding `sheetColumns` (canonical headers), prepared once per sheet. */
  createRowReader(sheetColumns: readonly string[], context: CellContext): RowReader<Target, Update>;
  /** A row's `_target` as its cells address it, an invalid row's too, for the report to name its record. */
  describeTarget?(target: Target): string;
}

/** The columns a sheet holds, among those the import reads. */
export function selectImportColumns(columns: readonly Column[], sheetColumns: readonly string[]): Column[] {
  const present = new Set(sheetColumns);
  return columns.filter((column) => !column.readOnly && present.has(column.header));
}
