import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { createEmulator } from '../emulator/emulator.js';
import { readRowOutcomes } from '../jobs/read-row-outcomes.js';
import { buildBusinessCatalog, type BusinessCatalog } from '../resources/businesses/business-catalog.js';
import { openSheetReader } from '../sheets/index.js';
import { writeBusinessSheet } from './write-business-sheet.js';

export interface ValidationFigures {
  csv_rows_per_s: number;
  xlsx_rows_per_s: number;
  /** Our read and validation time over the raw parser's alone, on the same file. */
  csv_overhead: number;
  xlsx_overhead: number;
  rows: number;
  /** The raw parsers' time alone. */
  csv_raw_s: number;
  xlsx_raw_s: number;
}

const ROWS = 100_000;

/** Reads and validates 100,000 generated business rows from CSV and from XLSX, against the raw parsers. */
export async function measureValidation(): Promise<ValidationFigures> {
  const dir = await mkdtemp(join(tmpdir(), 'listing-bulk-bench-'));
  try {
    // The emulator's seeded custom fields: one of every type.
    const customFields = createEmulator({ businesses: 0 })
      .state.customFields.filter((field) => field.org_id === 1)
      .map((field) => ({ ...field }));
    const catalog = buildBusinessCatalog(customFields);
    const csv = join(dir, 'businesses.csv');
    const xlsx = join(dir, 'businesses.xlsx');
    await writeBusinessSheet(csv, catalog, { rows: ROWS, invalidEvery: 100 });
    await writeBusinessSheet(xlsx, catalog, { rows: ROWS, invalidEvery: 100 });

    const csvRaw = await measureSeconds(() => countCsvRecords(csv));
    const csvOurs = await measureSeconds(() => countOutcomes(csv, catalog));
    const xlsxRaw = await measureSeconds(() => countXlsxRows(xlsx));
    const xlsxOurs = await measureSeconds(() => countOutcomes(xlsx, catalog));
    return {
      csv_rows_per_s: Math.round(ROWS / csvOurs),
      xlsx_rows_per_s: Math.round(ROWS / xlsxOurs),
      csv_overhead: round(csvOurs / csvRaw),
      xlsx_overhead: round(xlsxOurs / xlsxRaw),
      rows: ROWS,
      csv_raw_s: round(csvRaw),
      xlsx_raw_s: round(xlsxRaw),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function measureSeconds(run: () => Promise<number>): Promise<number> {
  const start = performance.now();
  const rows = await run();
  if (rows < ROWS) throw new Error(`Could not measure validation: read ${rows} rows of ${ROWS}.`);
  return (performance.now() - start) / 1000;
}

async function countOutcomes(path: string, catalog: BusinessCatalog): Promise<number> {
  const reader = await openSheetReader(path, { knownColumns: catalog.columns.map((column) => column.header) });
  let rows = 0;
  for await (const outcome of readRowOutcomes(reader, catalog)) rows += outcome.line > 0 ? 1 : 0;
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

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
