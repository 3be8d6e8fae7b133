import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { buildBusinessCatalog } from '../../src/resources/businesses/business-catalog.js';
import { seededCustomFields } from './seeded-custom-fields.js';
import type { SheetReadMode, SheetReadTiming } from './time-sheet-read.js';
import { writeBusinessSheet } from './write-business-sheet.js';

export interface ValidationFigures {
  csv_rows_per_s: number;
  xlsx_rows_per_s: number;
  /** Our read and validation time over the raw parser's alone, on the same file. */
  csv_overhead: number;
  xlsx_overhead: number;
  /** The larger peak of the two validating processes. */
  peak_rss_mb: number;
  rows: number;
  /** The raw parsers' time alone. */
  csv_raw_s: number;
  xlsx_raw_s: number;
  csv_peak_rss_mb: number;
  xlsx_peak_rss_mb: number;
}

const ROWS = 100_000;
const CHILD = fileURLToPath(new URL('./time-sheet-read.js', import.meta.url));

/**
 * Reads and validates 100,000 generated business rows from CSV and from XLSX, against the raw
 * parsers. Each read runs in a fresh process, like one run of the tool, so that its peak memory
 * is its own and not what earlier reads left in the heap.
 */
export async function measureValidation(): Promise<ValidationFigures> {
  const dir = await mkdtemp(join(tmpdir(), 'listing-bulk-bench-'));
  try {
    const catalog = buildBusinessCatalog(seededCustomFields());
    const csv = join(dir, 'businesses.csv');
    const xlsx = join(dir, 'businesses.xlsx');
    await writeBusinessSheet(csv, catalog, { rows: ROWS, invalidEvery: 100 });
    await writeBusinessSheet(xlsx, catalog, { rows: ROWS, invalidEvery: 100 });

    const csvRaw = await timeRead('raw', csv);
    const csvOurs = await timeRead('ours', csv);
    const xlsxRaw = await timeRead('raw', xlsx);
    const xlsxOurs = await timeRead('ours', xlsx);
    return {
      csv_rows_per_s: Math.round(ROWS / csvOurs.seconds),
      xlsx_rows_per_s: Math.round(ROWS / xlsxOurs.seconds),
      csv_overhead: round(csvOurs.seconds / csvRaw.seconds),
      xlsx_overhead: round(xlsxOurs.seconds / xlsxRaw.seconds),
      peak_rss_mb: Math.max(csvOurs.peak_rss_mb, xlsxOurs.peak_rss_mb),
      rows: ROWS,
      csv_raw_s: round(csvRaw.seconds),
      xlsx_raw_s: round(xlsxRaw.seconds),
      csv_peak_rss_mb: csvOurs.peak_rss_mb,
      xlsx_peak_rss_mb: xlsxOurs.peak_rss_mb,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function timeRead(mode: SheetReadMode, path: string): Promise<SheetReadTiming> {
  const { stdout } = await promisify(execFile)(process.execPath, [CHILD, mode, path]);
  const timing = JSON.parse(stdout) as SheetReadTiming;
  if (timing.rows < ROWS) throw new Error(`Could not measure validation: read ${timing.rows} rows of ${ROWS} from ${path}.`);
  return timing;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
