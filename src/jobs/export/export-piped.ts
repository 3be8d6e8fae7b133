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
    for await (const text of createReadStream(out, 'utf8')) output.write(text as string);
    return summary;
  });
}
