import type { ImportCatalog } from '../../resources/resource-catalog.js';
import { openSheetReader, type SheetReader } from '../../sheets/index.js';
import { checkCells } from './check-cells.js';

/**
 * Opens a sheet as every import reads it, so that `validate`, the benchmark and the tests read it
 * the same way: the catalog's headers and `_` columns, the resource's sheet unless one is named,
 * and cells no request should carry turned into issues.
 */
export async function openImportSheet<Target, Update>(file: string, catalog: ImportCatalog<Target, Update>, sheet?: string): Promise<SheetReader> {
  return checkCells(
    await openSheetReader(file, {
      knownColumns: catalog.columns.map((column) => column.header),
      metaColumns: catalog.metaColumns ?? [],
      resource: catalog.resource,
      ...(sheet === undefined ? {} : { sheet }),
    }),
  );
}
