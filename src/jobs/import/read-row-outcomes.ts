import { readCellContext } from '../../resources/cell-context.js';
import type { ImportCatalog } from '../../resources/resource-catalog.js';
import type { RowOutcome } from '../../resources/row-outcome.js';
import type { SheetReader } from '../../sheets/index.js';

/**
 * The outcome of every row of a sheet, as it streams: rows the reader could not split are outcomes
 * too, with its errors. Open the reader with the catalog's headers as known columns.
 */
export async function* readRowOutcomes<Target, Update>(
  reader: SheetReader,
  catalog: ImportCatalog<Target, Update>,
): AsyncGenerator<RowOutcome<Target, Update>> {
  const readRow = catalog.createRowReader(reader.columns, readCellContext(reader.source));
  for await (const item of reader) {
    yield item.kind === 'row' ? readRow(item) : { line: item.line, target: undefined, update: undefined, errors: item.errors };
  }
}
