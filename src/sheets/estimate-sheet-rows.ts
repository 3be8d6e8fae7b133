import { createReadStream } from 'node:fs';
import { countXlsxRows } from './count-xlsx-rows.js';
import { detectSheetFormat } from './detect-sheet-format.js';

const NEWLINE = 0x0a;

/**
 * A cheap count of a sheet's data rows, for planning (shards, time left), not for reading: a CSV's
 * line breaks (a break inside a quoted cell counts too), the rows of the sheet a workbook's import
 * reads (`wanted`: its --sheet and resource), from the sheet's XML without exceljs.
 */
export async function estimateSheetRows(path: string, wanted: { sheet?: string; resource?: string } = {}): Promise<number> {
  if (detectSheetFormat(path, 'read') === 'xlsx') return countXlsxRows(path, wanted);
  let lines = 0;
  let last = NEWLINE;
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, at + 1)) lines++;
    if (chunk.length > 0) last = chunk[chunk.length - 1] ?? NEWLINE;
  }
  const records = last === NEWLINE ? lines : lines + 1;
  return Math.max(0, records - 1);
}
