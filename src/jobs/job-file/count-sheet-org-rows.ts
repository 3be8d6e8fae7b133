import { buildBusinessCatalog } from '../../resources/businesses/business-catalog.js';
import { readCellContext } from '../../resources/cells/cell-context.js';
import { openImportSheet, type ImportSheetChoice } from '../import/sheet/open-import-sheet.js';
import { ORG_ID_COLUMN, readRowOrg, type RowOrg } from '../import/read-row-org.js';
import type { SourceFile } from '../../sheets/file/source-file.js';

/**
 * A business sheet's rows per organization, read as the import reads them before it splits them
 * over shards (a row that cannot be read is `own`'s); undefined for a sheet without an `org_id`
 * column, whose rows are all `own`'s. The rows stream by: only the counts are kept. Custom field
 * columns are typed by the API, so they are not known here: a row with nothing else weighs nothing.
 */
export async function countSheetOrgRows(file: SourceFile, choice: ImportSheetChoice): Promise<Map<RowOrg, number> | undefined> {
  const reader = await openImportSheet(file, buildBusinessCatalog([]), choice);
  try {
    if (!reader.columns.includes(ORG_ID_COLUMN)) return undefined;
    const context = readCellContext(reader.source);
    const rows = new Map<RowOrg, number>();
    for await (const item of reader) {
      const org = item.kind === 'row' ? readRowOrg(item.values, context) : 'own';
      rows.set(org, (rows.get(org) ?? 0) + 1);
    }
    return rows;
  } finally {
    await reader.close();
  }
}
