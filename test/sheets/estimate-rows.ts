import { estimateSheetRows } from '../../src/sheets/estimate-sheet-rows.js';
import { withSourceFile } from '../../src/sheets/file/source-file.js';

/** estimateSheetRows of a file opened for it alone. */
export function estimateRows(path: string, wanted?: { sheet?: string; resource?: string }): Promise<number> {
  return withSourceFile(path, (file) => estimateSheetRows(file, wanted));
}
