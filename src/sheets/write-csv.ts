import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import { escapeFormula } from './escape-formula.js';
import { openOutput, toWriteError } from './open-output.js';
import type { SheetValue, SheetWriter, SheetWriterOptions } from './sheet-writer.js';

/** CSV in UTF-8 with a byte order mark, which Excel needs to read accents right; CRLF line ends. */
export async function openCsvWriter(path: string, { columns, delimiter = ',' }: SheetWriterOptions): Promise<SheetWriter> {
  const output = await openOutput(path);
  const stringifier = stringify({ bom: true, delimiter, record_delimiter: '\r\n', quote_record_delimiter: true });
  const finished = pipeline(stringifier, output.stream).catch(async (error: unknown) => {
    await output.discard();
    throw toWriteError(error, path);
  });
  // Rejections surface in writeRow or close.
  finished.catch(() => undefined);
  const write = async (cells: string[]): Promise<void> => {
    if (stringifier.writableEnded) throw new Error(`${path} is closed: no row can be written to it any more`);
    try {
      if (stringifier.destroyed) await finished;
      if (!stringifier.write(cells)) await once(stringifier, 'drain');
    } catch (error) {
      // The pipeline's rejection says what failed, once the partial file is removed.
      await finished;
      throw error;
    }
  };
  await write(columns.map((column) => escapeFormula(column.header ?? column.key, 'csv')));
  return {
    writeRow: (record) => write(columns.map((column) => formatCsvCell(record[column.key]))),
    async close() {
      stringifier.end();
      await finished;
      await output.commit();
    },
    discard: () => output.discard(),
  };
}

function formatCsvCell(value: SheetValue): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? escapeFormula(value, 'csv') : String(value);
}
