import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OddValue } from '../../../src/api/schemas/reading/odd-value.js';
import { PlannedReads } from '../../../src/jobs/import/businesses/reads/planned-reads.js';
import { makeTempDir } from '../../sheets/make-temp-dir.js';

describe('the businesses a plan read', () => {
  it('gives each row back its business as the service sent it, odd values raw, and leaves no file once closed', async () => {
    const path = join(await makeTempDir(), 'reads.jsonl');
    const reads = new PlannedReads(path);
    await Promise.all([
      reads.record(4, { id: 'b4', org_id: 1, name: 'Crêperie', fax: new OddValue(42, 'a text') }),
      reads.record(2, { id: 'b2', org_id: 1, open_hours: { monday: ['08:00-12:00'] } }),
    ]);
    expect(await reads.take(2)).toEqual({ id: 'b2', org_id: 1, open_hours: { monday: ['08:00-12:00'] } });
    expect(await reads.take(4)).toEqual({ id: 'b4', org_id: 1, name: 'Crêperie', fax: 42 });
    expect(await reads.take(3)).toBeUndefined();
    expect((await readFile(path, 'utf8')).length).toBeGreaterThan(0);
    await reads.close();
    await expect(readFile(path)).rejects.toThrow(/ENOENT/);
  });

  it('writes no file when the plan read nothing', async () => {
    const path = join(await makeTempDir(), 'reads.jsonl');
    const reads = new PlannedReads(path);
    expect(await reads.take(1)).toBeUndefined();
    await reads.close();
    await expect(readFile(path)).rejects.toThrow(/ENOENT/);
  });
});
