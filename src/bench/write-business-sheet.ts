import { DOT_CONTEXT } from '../resources/cell-context.js';
import { formatExampleRow } from '../resources/format-example-row.js';
import type { ResourceCatalog } from '../resources/resource-catalog.js';
import { toSheetColumns } from '../resources/to-sheet-columns.js';
import { openSheetWriter } from '../sheets/index.js';

/** Every `invalidEvery`th row has a latitude that cannot be read, so that validation has errors to find. */
export interface BusinessSheetOptions {
  rows: number;
  invalidEvery: number;
}

/** A generated businesses sheet (CSV or XLSX by extension): the template's example row, varied per row. */
export async function writeBusinessSheet(path: string, catalog: ResourceCatalog, options: BusinessSheetOptions): Promise<void> {
  const columns = catalog.columns.filter((column) => !column.readOnly);
  const example = formatExampleRow(columns, DOT_CONTEXT);
  const writer = await openSheetWriter(path, { columns: toSheetColumns(columns), sheet: catalog.resource });
  try {
    for (let index = 1; index <= options.rows; index++) {
      await writer.writeRow({
        ...example,
        code: String(index).padStart(6, '0'),
        name: `Boulangerie ${index}`,
        lat: index % options.invalidEvery === 0 ? 'north' : String(43 + (index % 5000) / 1000),
        'open_hours.monday': index % 2 === 0 ? 'closed' : '08:00-12:00,14:00-18:00',
      });
    }
  } finally {
    await writer.close();
  }
}
