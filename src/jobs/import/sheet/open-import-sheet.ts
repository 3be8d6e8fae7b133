import type { ImportCatalog } from '../../../resources/resource-catalog.js';
import { openSheetReader, type SheetReader } from '../../../sheets/index.js';
import type { SourceFile } from '../../../sheets/file/source-file.js';
import { checkCells } from './check-cells.js';

/** A sheet opened for an import: its SHA-256 is known before its first row. */
export type ImportSheet = SheetReader & { readonly sha256: string };

/**
 * Opens a sheet as every import reads it, so that `validate`, the benchmark and the tests read it
 * the same way: the catalog's headers and `_` columns, the resource's sheet unless one is named,
 * cells no request should carry turned into issues, and the SHA-256 a resume is checked against.
 */
export async function openImportSheet<Target, Update>(file: SourceFile | string, catalog: ImportCatalog<Target, Update>, sheet?: string): Promise<ImportSheet> {
  const reader = checkCells(
    await openSheetReader(file, {
      knownColumns: catalog.columns.map((column) => column.header),
      metaColumns: catalog.metaColumns ?? [],
      resource: catalog.resource,
      sha256: true,
      ...(sheet === undefined ? {} : { sheet }),
    }),
  );
  const { sha256 } = reader;
  // The readers compute it when asked: only a bug leaves it out.
  if (sha256 === undefined) throw new Error(`Could not open ${typeof file === 'string' ? file : file.path} for an import: its reader gave no SHA-256.`);
  return { ...reader, sha256 };
}
