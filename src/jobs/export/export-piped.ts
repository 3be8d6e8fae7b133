import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { ApiClient } from '../../api/api-client.js';
import { PIPED_OUTPUT, type ExportOptions, type ExportSummary } from './export-options.js';
import type { ExportResource } from './export-resource-names.js';
import { exportResource } from './export-resource.js';
import { toTempDirError } from '../../sheets/file/temp-dir-error.js';

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
  const dir = await mkdtemp(join(tmpdir(), 'listing-bulk-export-')).catch((error: unknown) => {
    throw toTempDirError(error, `write ${PIPED_OUTPUT}`, 'the export is written to a temporary file') ?? error;
  });
  try {
    const out = join(dir, 'export.csv');
    const summary = await exportResource(client, resource, { ...options, out, piped: true }, logger);
    if (summary.stopped !== undefined) return { ...summary, rows: 0 };
    for await (const text of createReadStream(out, 'utf8')) output.write(text as string);
    return summary;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
