import { assertReadableFile } from './assert-readable-file.js';
import { toColumnLetter } from './column-letter.js';
import { buildSheetRow } from './build-sheet-row.js';
import { detectDelimiter, type CsvDelimiter } from './detect-delimiter.js';
import { detectEncoding } from './detect-encoding.js';
import { unescapeFormula } from './escape-formula.js';
import { mapHeader, type HeaderMap } from './map-header.js';
import { parseCsvRecords, type CsvRecord } from './parse-csv-records.js';
import { readText } from './read-text.js';
import { SheetError } from './sheet-error.js';
import type { SheetItem, SheetReader, SheetReaderOptions } from './sheet-reader.js';

const SAMPLE_CHARS = 65_536;

export async function openCsvReader(path: string, options: SheetReaderOptions = {}): Promise<SheetReader> {
  await assertReadableFile(path);
  const encoding = await detectEncoding(path);
  const text = readText(path, encoding);
  const sample = await readSample(text);
  const delimiter = options.delimiter ?? detectDelimiter(sample.text, sample.complete);
  const records = parseCsvRecords(prepend(sample.text, text), delimiter);
  const header = await readHeader(records, path, options).catch(async (error: unknown) => {
    await records.return(undefined);
    throw error;
  });
  return {
    source: { format: 'csv', encoding, delimiter },
    columns: header.names.filter((name) => name !== undefined),
    warnings: header.warnings,
    async close() {
      await records.return(undefined);
    },
    async *[Symbol.asyncIterator]() {
      for await (const record of records) {
        const item = toSheetItem(record, header, delimiter);
        if (item) yield item;
      }
    },
  };
}

async function readSample(text: AsyncIterator<string>): Promise<{ text: string; complete: boolean }> {
  let sample = '';
  while (sample.length < SAMPLE_CHARS) {
    const next = await text.next();
    if (next.done === true) return { text: sample, complete: true };
    sample += next.value;
  }
  return { text: sample, complete: false };
}

async function* prepend(first: string, rest: AsyncIterator<string>): AsyncGenerator<string> {
  if (first !== '') yield first;
  try {
    for (let next = await rest.next(); next.done !== true; next = await rest.next()) yield next.value;
  } finally {
    await rest.return?.();
  }
}

async function readHeader(records: AsyncIterator<CsvRecord>, path: string, options: SheetReaderOptions): Promise<HeaderMap> {
  for (let next = await records.next(); next.done !== true; next = await records.next()) {
    const record = next.value;
    if ('problem' in record) {
      throw new SheetError(`read ${path}`, `its header (line ${record.line}) is malformed: ${record.problem}`, 'Fix the header line.');
    }
    if (record.cells.some((cell) => cell.trim() !== '')) return mapHeader(record.cells.map((cell) => unescapeFormula(cell, 'csv')), path, options);
  }
  throw new SheetError(`read ${path}`, 'the file is empty', 'Add a header row with the column names.');
}

// A value right of the header most likely comes from a delimiter inside an unquoted cell, which shifted the line.
function toSheetItem(record: CsvRecord, header: HeaderMap, delimiter: CsvDelimiter): SheetItem | undefined {
  if ('problem' in record) {
    return { kind: 'issue', line: record.line, errors: [`${record.problem}; enclose such a cell in double quotes and double the quotes inside it`] };
  }
  const cells = record.cells.map((cell) => unescapeFormula(cell, 'csv'));
  const unheaded = findUnheadedCell(cells, header.width);
  if (unheaded !== undefined) {
    const shown = delimiter === '\t' ? 'a tab' : `'${delimiter}'`;
    const error = `column ${toColumnLetter(unheaded)} has a value but no header; enclose cells that contain ${shown} in double quotes`;
    return { kind: 'issue', line: record.line, errors: [error] };
  }
  return buildSheetRow(header.names, record.line, cells);
}

function findUnheadedCell(cells: readonly string[], width: number): number | undefined {
  for (let index = width; index < cells.length; index++) if (cells[index]?.trim() !== '') return index;
  return undefined;
}
