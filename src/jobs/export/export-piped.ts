import { EventEmitter, once } from 'node:events';
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { ApiClient } from '../../api/api-client.js';
import { PIPED_OUTPUT, type ExportOptions, type ExportSummary } from './export-options.js';
import type { ExportResource } from './export-resource-names.js';
import { exportResource } from './export-resource.js';
import { withTempDir } from '../../sheets/file/with-temp-dir.js';

/** Where the CSV goes: process.stdout for the binary, a buffer in tests. */
export interface PipedOutput {
  write(text: string): unknown;
}

/**
 * Exports one resource as CSV to `output`, once the whole export is done: it is written to a
 * temporary file first, so that a stopped export writes nothing a reader could take for the whole
 * list. Rows of pages that failed are left out, as in a file, and each failure is logged.
 */
export async function exportPiped(client: ApiClient, resource: ExportResource, options: Omit<ExportOptions, 'out' | 'piped'>, output: PipedOutput, logger: Logger): Promise<ExportSummary> {
  return withTempDir('listing-bulk-export-', { action: `write ${PIPED_OUTPUT}`, why: 'the export is written to a temporary file' }, async (dir) => {
    const out = join(dir, 'export.csv');
    const summary = await exportResource(client, resource, { ...options, out, piped: true }, logger);
    if (summary.stopped !== undefined) return { ...summary, rows: 0 };
    for await (const text of createReadStream(out, 'utf8')) {
      // A pipe to a slow reader is written asynchronously: without waiting, the whole file would sit in memory.
      if (output.write(text as string) === false && output instanceof EventEmitter && !(await drained(output))) {
        // `| head`: what it took is all it wanted, but the rows were not all written.
        return { ...summary, out: `${PIPED_OUTPUT}, until its reader closed it` };
      }
    }
    return summary;
  });
}

/** Whether `output` takes more once it has drained; false once its reader has gone away (`| head`). */
async function drained(output: EventEmitter & { destroyed?: boolean }): Promise<boolean> {
  if (output.destroyed === true) return false;
  const settled = new AbortController();
  const drain = once(output, 'drain', { signal: settled.signal }).then(() => true);
  const close = once(output, 'close', { signal: settled.signal }).then(() => false);
  try {
    return await Promise.race([drain, close]);
  } catch {
    // An error of the stream: its reader is gone, and the entry point reports what it must.
    return false;
  } finally {
    settled.abort();
  }
}
