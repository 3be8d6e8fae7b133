import { readCellContext, type DeclaredCells } from '../../../resources/cells/cell-context.js';
import type { ImportCatalog } from '../../../resources/resource-catalog.js';
import type { RowOutcome } from '../../../resources/row-outcome.js';
import type { CellValue, SheetReader, SheetRow } from '../../../sheets/index.js';
import { readNullCells } from './null-cells.js';

/** The outcome of a row, with the cells the report writes back. */
export interface SheetRowOutcome<Target, Update> extends RowOutcome<Target, Update> {
  /** The row's cells by column; none for a row the reader could not split. */
  values: Readonly<Record<string, CellValue>>;
}

/**
 * The outcome of every row of a sheet, as it streams: the import's row loop, which `validate`,
 * the benchmark and the tests run too. Rows the reader could not split are outcomes, with its
 * errors. Open the reader with openImportSheet, or at least with the catalog's headers.
 */
export async function* readRowOutcomes<Target, Update>(
  reader: SheetReader,
  catalog: ImportCatalog<Target, Update>,
  declared?: DeclaredCells,
): AsyncGenerator<SheetRowOutcome<Target, Update>> {
  const readRow = catalog.createRowReader(reader.columns, readCellContext(reader.source, declared));
  for await (const item of reader) {
    if (item.kind === 'row') {
      yield { ...readRowCells(item), values: item.values };
      continue;
    }
    const { line, values, faulty, errors } = item;
    // The business such a row is for, when the cells that say it are not the faulty ones: a report sorted by it shows the row.
    const target = values === undefined || faulty === undefined ? undefined : readRowCells({ kind: 'row', line, values }, new Set(faulty)).target;
    yield { line, values: values ?? {}, target, update: undefined, errors };
  }

  /** The row read with its NULL marks as empty cells; the report writes its cells back as typed. */
  function readRowCells(item: SheetRow, faulty?: ReadonlySet<string>): RowOutcome<Target, Update> {
    const nulls = readNullCells(item.values);
    if (nulls === undefined) return readRow(item, faulty);
    const outcome = readRow({ ...item, values: nulls.values }, faulty);
    return { ...outcome, notes: [nulls.note, ...(outcome.notes ?? [])] };
  }
}
