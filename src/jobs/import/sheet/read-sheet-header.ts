import { openSheetReader } from '../../../sheets/index.js';
import type { SourceFile } from '../../../sheets/file/source-file.js';

/**
 * The columns a sheet's header names (trimmed, `_` columns left out), its rows unread: for a
 * catalog whose columns depend on the sheet's, before the import opens it with them.
 */
export async function readSheetHeader(file: SourceFile, resource: string, sheet?: string): Promise<readonly string[]> {
  const reader = await openSheetReader(file, { resource, ...(sheet === undefined ? {} : { sheet }) });
  await reader.close();
  return reader.columns;
}
