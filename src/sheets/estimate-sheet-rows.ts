import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { detectSheetFormat } from './detect-sheet-format.js';

/** Bytes a data row takes in a compressed workbook, measured on business exports; the XLSX estimate divides by it. */
const XLSX_BYTES_PER_ROW = 60;
const NEWLINE = 0x0a;

/**
 * A cheap count of a sheet's data rows, for planning (shards, time left), not for reading: a CSV's
 * line breaks (a break inside a quoted cell counts too), a workbook's size over a typical row's.
 */
export async function estimateSheetRows(path: string): Promise<number> {
  if (detectSheetFormat(path, 'read') === 'xlsx') return Math.ceil((await stat(path)).size / XLSX_BYTES_PER_ROW);
  let lines = 0;
  let last = NEWLINE;
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, at + 1)) lines++;
    if (chunk.length > 0) last = chunk[chunk.length - 1] ?? NEWLINE;
  }
  const records = last === NEWLINE ? lines : lines + 1;
  return Math.max(0, records - 1);
}
