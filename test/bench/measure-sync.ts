import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pino } from 'pino';
import { createApiClient } from '../../src/api/api-client.js';
import { createEmulator, type Emulator } from '../../src/emulator/emulator.js';
import { startEmulatorServer } from '../../src/emulator/http-server.js';
import { exportBusinesses } from '../../src/jobs/export/resources/export-businesses.js';
import type { ImportMode } from '../../src/jobs/import/import-options.js';
import { importSheet } from '../../src/jobs/import/import-sheet.js';
import { openSheetReader, openSheetWriter } from '../../src/sheets/index.js';

/** What one import sent (searches, writes, and the custom field definitions in `sent`) and took. */
export interface SyncImport {
  sent: number;
  reads: number;
  writes: number;
  seconds: number;
}

export interface SyncFigures {
  /** Requests a diff import of the export sent over its rows: rows still equal to their `_base` cost no read. */
  diff_base_request_ratio: number;
  /** The same file without its `_base` column: every row is read. */
  diff_request_ratio: number;
  /** The same for a patch import of the same file. */
  patch_request_ratio: number;
  rows: number;
  changed_rows: number;
  diff_base: SyncImport;
  diff: SyncImport;
  patch: SyncImport;
}

const ROWS = 10_000;
const CHANGED_EVERY = 50;
// Requests are counted, not timed: a scaled budget keeps the run short and changes no count.
const RATE_PER_MINUTE = 60_000;
const logger = pino({ level: 'silent' });
/** Four in five seeded businesses belong to organization 1, so 12,500 are seeded for 10,000. */
const EMULATOR_OPTIONS = { businesses: (ROWS * 5) / 4, feedback: 0, ratePerMinute: RATE_PER_MINUTE };

/**
 * A 10,000-row sync over loopback HTTP: the businesses exported, one row in fifty edited (2 %),
 * then the file imported as the product does (`importSheet`): in diff mode with its `_base`, in
 * diff mode without it, and in patch mode. Each import meets the world as exported: a new emulator
 * of the same seed.
 */
export async function measureSync(): Promise<SyncFigures> {
  const dir = await mkdtemp(join(tmpdir(), 'listing-bulk-bench-'));
  try {
    const exported = join(dir, 'export.csv');
    const file = join(dir, 'sync.csv');
    const withoutBase = join(dir, 'sync-without-base.csv');
    await onEmulator((emulator, url) => exportAll(emulator, url, exported));
    const changed = await editEvery(exported, file, CHANGED_EVERY, true);
    await editEvery(exported, withoutBase, CHANGED_EVERY, false);
    const base = await onEmulator((emulator, url) => runImport(emulator, url, file, 'diff', join(dir, 'diff-base-report')));
    const diff = await onEmulator((emulator, url) => runImport(emulator, url, withoutBase, 'diff', join(dir, 'diff-report')));
    const patch = await onEmulator((emulator, url) => runImport(emulator, url, file, 'patch', join(dir, 'patch-report')));
    for (const run of [base, diff]) {
      if (run.rows !== ROWS || run.import.writes !== changed) {
        throw new Error(`Could not measure the sync: ${run.rows} rows read and ${run.import.writes} written, instead of ${ROWS} and ${changed}.`);
      }
    }
    return {
      diff_base_request_ratio: round(base.import.sent / ROWS),
      diff_request_ratio: round(diff.import.sent / ROWS),
      patch_request_ratio: round(patch.import.sent / ROWS),
      rows: ROWS,
      changed_rows: changed,
      diff_base: base.import,
      diff: diff.import,
      patch: patch.import,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function onEmulator<T>(run: (emulator: Emulator, url: string) => Promise<T>): Promise<T> {
  const emulator = createEmulator(EMULATOR_OPTIONS);
  const server = await startEmulatorServer(emulator, { port: 0 });
  try {
    return await run(emulator, server.url);
  } finally {
    await server.close();
  }
}

async function exportAll(emulator: Emulator, baseUrl: string, out: string): Promise<void> {
  const client = createApiClient({ baseUrl, apiKey: emulator.keys.ORG_ADMIN, ratePerMinute: RATE_PER_MINUTE });
  try {
    const summary = await exportBusinesses(client, { out, filters: {} }, logger);
    if (summary.rows !== ROWS) throw new Error(`Could not measure the sync: ${summary.rows} businesses exported instead of ${ROWS}.`);
  } finally {
    await client.close();
  }
}

/** Copies the export, a new short description on every `every`th row, with or without `_base`; returns how many rows changed. */
async function editEvery(from: string, to: string, every: number, keepBase: boolean): Promise<number> {
  const reader = await openSheetReader(from, { metaColumns: ['_base'] });
  const columns = reader.columns.filter((key) => keepBase || key !== '_base');
  const writer = await openSheetWriter(to, { columns: columns.map((key) => ({ key })) });
  let changed = 0;
  try {
    for await (const item of reader) {
      if (item.kind !== 'row') continue;
      const edit = item.line % every === 0;
      changed += edit ? 1 : 0;
      const values = Object.fromEntries(columns.map((key) => [key, item.values[key] ?? '']));
      await writer.writeRow(edit ? { ...values, description_short: `Changed by the sync benchmark on line ${item.line}` } : values);
    }
  } finally {
    await writer.close();
    await reader.close();
  }
  return changed;
}

async function runImport(
  emulator: Emulator,
  baseUrl: string,
  file: string,
  mode: ImportMode,
  reportDir: string,
): Promise<{ rows: number; import: SyncImport }> {
  const client = createApiClient({ baseUrl, apiKey: emulator.keys.ORG_ADMIN, ratePerMinute: RATE_PER_MINUTE });
  try {
    const start = performance.now();
    const summary = await importSheet(client, 'businesses', { file, reportDir, mode, dryRun: false }, logger);
    const seconds = round((performance.now() - start) / 1000);
    const { reads, writes } = summary.requests;
    return { rows: summary.rows.total, import: { sent: client.readCounters().total.sent, reads, writes, seconds } };
  } finally {
    await client.close();
  }
}

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}
