import { join } from 'node:path';
import { openSheetReader } from '../../../src/sheets/index.js';

/** The businesses the undo files of a report directory set back (`summary.undo_files`), CSV or XLSX, each file's in its order. */
export async function readUndoIds(reportDir: string, files: readonly string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const file of files) {
    for await (const item of await openSheetReader(join(reportDir, file), { resource: 'businesses' })) {
      if (item.kind === 'row') ids.push(String(item.values.business_id));
    }
  }
  return ids;
}
