import { createHash } from 'node:crypto';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportOptions } from '../../../src/jobs/import/import-options.js';
import { SourceFile } from '../../../src/sheets/file/source-file.js';
import { startImportHarness, type ImportHarness } from './start-import-harness.js';

let harness: ImportHarness;
let workbook = '';
beforeAll(async () => {
  harness = await startImportHarness({ businesses: 40 });
  // Written as exports are, by exceljs's streaming writer: the sheet comes before the workbook's parts, so a reader unpacks the whole file to find them.
  workbook = join(harness.dir, 'stores.xlsx');
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: workbook });
  const sheet = writer.addWorksheet('businesses');
  sheet.addRow(['business_id', 'description_short']).commit();
  for (const [index, business] of harness.api.emulator.state.orgBusinesses(1).slice(0, 30).entries()) sheet.addRow([business.id, `Read once ${index}`]).commit();
  // Two megabytes of another sheet, which the zip's directory, read at each open, is small beside.
  const notes = writer.addWorksheet('notes');
  for (let index = 0; index < 40_000; index++) notes.addRow([createHash('sha256').update(String(index)).digest('hex')]).commit();
  await writer.commit();
});
afterAll(() => harness.close());

/** The bytes an import of the workbook reads, in all, as a share of its size. */
async function readShare(options: Partial<ImportOptions>): Promise<number> {
  const source = await SourceFile.open(workbook);
  let bytes = 0;
  const noteRead = source.noteRead.bind(source);
  source.noteRead = (position, read) => {
    bytes += read.length;
    noteRead(position, read);
  };
  try {
    const { summary } = await harness.importFile('businesses', workbook, { ...options, source });
    expect(summary.rows).toMatchObject({ total: 30, invalid: 0, failed: 0 });
  } finally {
    await source.close();
  }
  return bytes / source.size;
}

describe('a workbook import reads its bytes', () => {
  it('once in a dry run: the rows are read on from the header, the hash of the journal taken on the way', async () => {
    expect(await readShare({ dryRun: true })).toBeLessThan(1.2);
  });

  it('twice with breakers: the plan, then the run', async () => {
    expect(await readShare({ breakers: { maxChanges: { percent: 100 } } })).toBeLessThan(2.2);
  });
});
