import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import type { CsvDialect } from './csv-dialect.js';
import { createTextEncoder } from '../text/encode-text.js';
import { escapeFormula } from '../escape-formula.js';
import { openOutput, toWriteError } from '../file/open-output.js';
import type { SheetColumn, SheetValue, SheetWriter } from '../sheet-writer.js';

export interface CsvWriterOptions {
  columns: readonly SheetColumn[];
  dialect: CsvDialect;
  /** Whether a text a spreadsheet would run as a formula gets a leading apostrophe. */
  escapeFormulas: boolean;
}

/** CSV in the dialect given: its delimiter, encoding, byte order mark and line ending. */
export async function openCsvWriter(path: string, { columns, dialect, escapeFormulas }: CsvWriterOptions): Promise<SheetWriter> {
  const output = await openOutput(path);
  const stringifier = stringify({ delimiter: dialect.delimiter, record_delimiter: dialect.lineEnding, quote_record_delimiter: true });
  const finished = pipeline(stringifier, createTextEncoder(dialect.encoding, dialect.bom), output.stream).catch(async (error: unknown) => {
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
  const formatText = (text: string): string => (escapeFormulas ? escapeFormula(text, 'csv') : text);
  const formatCell = (value: SheetValue): string => {
    if (value === null || value === undefined) return '';
    return typeof value === 'string' ? formatText(value) : String(value);
  };
  await write(columns.map((column) => formatText(column.header ?? column.key)));
  return {
    writeRow: (record) => write(columns.map((column) => formatCell(record[column.key]))),
    async close() {
      stringifier.end();
      await finished;
      await output.commit();
    },
    discard: () => output.discard(),
  };
}
