import type { ImportCatalog } from '../../../resources/resource-catalog.js';
import { openSheetHead, openSheetReader, type SheetColumnOptions, type SheetHead, type SheetOpenOptions, type SheetReader } from '../../../sheets/index.js';
import type { SourceFile } from '../../../sheets/file/source-file.js';
import { checkCells } from './check-cells.js';

/** A sheet opened for an import: its SHA-256 is known before its first row. */
export type ImportSheet = SheetReader & { readonly sha256: string };

/*
 * Every import reads a sheet the same way, and so do `validate`, the benchmark and the tests: the
 * resource's sheet unless one is named, the catalog's headers and `_` columns, cells no request
 * should carry turned into issues, and the SHA-256 a resume is checked against.
 */

/** Opens a sheet up to its header, for an import whose columns depend on it: `headerNames`, those known before, find the header. */
export function openImportHead(file: SourceFile | string, resource: string, headerNames: readonly string[], sheet?: string): Promise<SheetHead> {
  return openSheetHead(file, openOptions(resource, headerNames, sheet));
}

export function readImportSheet<Target, Update>(head: SheetHead, catalog: ImportCatalog<Target, Update>): ImportSheet {
  return toImportSheet(head.read(columnOptions(catalog)));
}

export async function openImportSheet<Target, Update>(file: SourceFile | string, catalog: ImportCatalog<Target, Update>, sheet?: string): Promise<ImportSheet> {
  return toImportSheet(await openSheetReader(file, { ...openOptions(catalog.resource, headersOf(catalog), sheet), ...columnOptions(catalog) }));
}

function openOptions(resource: string, headerNames: readonly string[], sheet: string | undefined): SheetOpenOptions {
  return { resource, headerNames, sha256: true, ...(sheet === undefined ? {} : { sheet }) };
}

function columnOptions(catalog: ImportCatalog<unknown, unknown>): SheetColumnOptions {
  return { knownColumns: headersOf(catalog), metaColumns: catalog.metaColumns ?? [] };
}

const headersOf = (catalog: ImportCatalog<unknown, unknown>): string[] => catalog.columns.map((column) => column.header);

function toImportSheet(opened: SheetReader): ImportSheet {
  const reader = checkCells(opened);
  const { sha256 } = reader;
  // The readers compute it when asked: only a bug leaves it out.
  if (sha256 === undefined) throw new Error('Could not open a sheet for an import: its reader gave no SHA-256.');
  return { ...reader, sha256 };
}
