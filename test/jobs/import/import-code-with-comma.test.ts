import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT_CODES } from '../../../src/cli/exit-codes.js';
import { runCliInProcess } from '../../cli/test-io.js';
import { makeTempDir } from '../../sheets/make-temp-dir.js';
import { readResults } from './start-import-harness.js';

describe('a store code holding a comma', () => {
  it('fails its own row, which code= cannot search, and the other rows are imported', async () => {
    const dir = await makeTempDir();
    const file = join(dir, 'stores.csv');
    await writeFile(file, ['code,city', '000001,Comma 1', '000002,Comma 2', '"X,000003",Comma 3', '000004,Comma 4'].join('\n'));
    const report = join(dir, 'report');
    const result = await runCliInProcess(['import', 'businesses', file, '--emulator', '--report', report]);
    expect(result.code, result.stderr).toBe(EXIT_CODES.partial);
    const results = await readResults(report);
    expect(results.map((row) => [row.code, row._status, row._errors])).toEqual([
      ['000001', 'updated', ''],
      ['000002', 'updated', ''],
      ['X,000003', 'failed', 'code: a store code containing a comma cannot be searched by the API (code= reads commas as separators); give business_id'],
      ['000004', 'updated', ''],
    ]);
  });
});
