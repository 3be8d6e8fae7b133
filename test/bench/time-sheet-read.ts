import { createReadStream } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { openImportSheet } from '../../src/jobs/import/sheet/open-import-sheet.js';
import { readRowOutcomes } from '../../src/jobs/import/sheet/read-row-outcomes.js';
import { buildBusinessCatalog } from '../../src/resources/businesses/business-catalog.js';
import { seededCustomFields } from './seeded-custom-fields.js';

/** What one read of a benchmark sheet took, measured in a process of its own. */
export interface SheetReadTiming {
  rows: number;
  seconds: number;
  peak_rss_mb: number;
}

export type SheetReadMode = 'ours' | 'raw';

/**
 * Child process of the validation benchmark: `node time-sheet-read.js <ours|raw> <file>` reads the
 * file once, with the import's own reader and row loop or with the raw parser alone, and prints a
 * SheetReadTiming as JSON. A fresh process per read is what one run of the tool holds in memory.
 */
async function timeSheetRead(mode: SheetReadMode, path: string): Promise<SheetReadTiming> {
  const start = performance.now();
  const rows = mode === 'ours' ? await countOutcomes(path) : path.endsWith('.csv') ? await countCsvRecords(path) : await countXlsxRows(path);
  return { rows, seconds: (performance.now() - start) / 1000, peak_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024) };
}

async function countOutcomes(path: string): Promise<number> {
  const catalog = buildBusinessCatalog(seededCustomFields());
  let rows = 0;
  for await (const outcome of readRowOutcomes(await openImportSheet(path, catalog), catalog)) rows += outcome.line > 0 ? 1 : 0;
  return rows;
}

async function countCsvRecords(path: string): Promise<number> {
  let records = 0;
  for await (const record of createReadStream(path).pipe(parse({ bom: true }))) records += Array.isArray(record) ? 1 : 0;
  return records - 1;
}

// Same options as our XLSX reader, so that the ratio is the cost of our layer on top.
async function countXlsxRows(path: string): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(path, { worksheets: 'emit', sharedStrings: 'cache', hyperlinks: 'cache', styles: 'cache' });
  let rows = 0;
  for await (const worksheet of workbook) for await (const row of worksheet) rows += row.number > 1 ? 1 : 0;
  return rows;
}

const [mode, path] = process.argv.slice(2);
if ((mode !== 'ours' && mode !== 'raw') || path === undefined) throw new Error('Could not time a sheet read: usage is time-sheet-read.js <ours|raw> <file>.');
process.stdout.write(`${JSON.stringify(await timeSheetRead(mode, path))}\n`);
