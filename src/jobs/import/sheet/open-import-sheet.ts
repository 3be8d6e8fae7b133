import type { ImportCatalog } from '../../../resources/resource-catalog.js';
import { openSheetHead, openSheetReader, type SheetColumnOptions, type SheetHead, type SheetOpenOptions, type SheetReader } from '../../../sheets/index.js';
import type { SourceFile } from '../../../sheets/file/source-file.js';
import { RESERVED_COLUMNS } from '../report/report-columns.js';
import { checkCells } from './check-cells.js';

/** A sheet opened for an import: its SHA-256 is known before its first row. */
export type ImportSheet = SheetReader & { readonly sha256: string };

/*
 * Every import reads a sheet the same way, and so do `validate`, the benchmark and the tests: the
 * resource's sheet unless one is named, the catalog's headers and `_` columns (a user's own for the report), cells no request
 * should carry turned into issues, and the SHA-256 a resume is checked against.
 */

/** Which sheet of the file an import reads, and the names its header's columns are read by. */
export interface ImportSheetChoice {
  sheet?: string | undefined;
  /** Header names read as column names (`Code magasin` as `code`), in any case. */
  renameColumns?: ReadonlyMap<string, string> | undefined;
}

/** Opens a sheet up to its header, for an import whose columns depend on it: `headerNames`, those known before, find the header. */
export function openImportHead(file: SourceFile | string, resource: string, headerNames: readonly string[], choice: ImportSheetChoice): Promise<SheetHead> {
  return openSheetHead(file, openOptions(resource, headerNames, choice));
}

export function readImportSheet<Target, Update>(head: SheetHead, catalog: ImportCatalog<Target, Update>): ImportSheet {
  return toImportSheet(head.read(columnOptions(catalog)));
}

export async function openImportSheet<Target, Update>(file: SourceFile | string, catalog: ImportCatalog<Target, Update>, choice: ImportSheetChoice = {}): Promise<ImportSheet> {
  return toImportSheet(await openSheetReader(file, { ...openOptions(catalog.resource, headersOf(catalog), choice), ...columnOptions(catalog) }));
}

function openOptions(resource: string, headerNames: readonly string[], { sheet, renameColumns }: ImportSheetChoice): SheetOpenOptions {
  return { resource, headerNames, sha256: true, ...(sheet === undefined ? {} : { sheet }), ...(renameColumns === undefined ? {} : { renameColumns }) };
}

function columnOptions(catalog: ImportCatalog<unknown, unknown>): SheetColumnOptions {
  return { knownColumns: headersOf(catalog), metaColumns: catalog.metaColumns ?? [], userColumns: { reserved: RESERVED_COLUMNS } };
}

const headersOf = (catalog: ImportCatalog<unknown, unknown>): string[] => catalog.columns.map((column) => column.header);

function toImportSheet(opened: SheetReader): ImportSheet {
  const reader = checkCells(opened);
  const { sha256 } = reader;
  // The readers compute it when asked: only a bug leaves it out.
  if (sha256 === undefined) throw new Error('Could not open a sheet for an import: its reader gave no SHA-256.');
  return { ...reader, sha256 };
}
