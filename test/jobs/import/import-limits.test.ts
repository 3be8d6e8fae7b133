import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportLimitsSchema, toLimitOptions } from '../../../src/jobs/import/breakers/import-limits.js';
import { loadJob } from '../../../src/jobs/job-file/load-job.js';
import { LimitSchema, listTrippedBreakers } from '../../../src/jobs/import/breakers/run-breakers.js';

describe('import limits and run breakers', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'listing-bulk-limits-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reads a limit as N rows or P% of the rows', () => {
    expect(['12', 12, ' 30% ', '2.5%'].map((given) => LimitSchema.parse(given))).toEqual([{ rows: 12 }, { rows: 12 }, { percent: 30 }, { percent: 2.5 }]);
    expect(['abc', '-3', '12.5', '150%', -1].map((given) => LimitSchema.safeParse(given).error?.issues[0]?.message)).toEqual([
      'must be a number of rows N or a percentage P% (30%)',
      'must be a number of rows N or a percentage P% (30%)',
      'must be a number of rows N or a percentage P% (30%)',
      'must be a percentage of at most 100%',
      'Too small: expected number to be >=0',
    ]);
  });

  it('names every breaker a plan trips, with its figures', () => {
    const breakers = { maxChanges: { rows: 10 }, maxStatusChanges: { percent: 10 }, maxErrors: { percent: 50 } };
    expect(listTrippedBreakers(breakers, { rows: 60, changes: 10, statusChanges: 18, errors: 30 })).toEqual([
      { message: '--max-status-changes 10%: 18 of 60 businesses would change status, more than 6', rowsIn: 'plan' },
    ]);
    expect(listTrippedBreakers(breakers, { rows: 60, changes: 11, statusChanges: 6, errors: 31 })).toEqual([
      { message: '--max-changes 10: 11 of 60 rows would be written, more than 10', rowsIn: 'plan' },
      { message: '--max-errors 50%: 31 of 60 rows are invalid, failed or in conflict, more than 30', rowsIn: 'errors' },
    ]);
  });

  it('makes breakers of the business limits, and a stop after N errors of the others', () => {
    const limits = ImportLimitsSchema.parse({ max_errors: '5%', max_changes: 100, on_conflict: 'fail' });
    expect(toLimitOptions('businesses', limits)).toEqual({ breakers: { maxErrors: { percent: 5 }, maxChanges: { rows: 100 } }, onConflict: 'fail' });
    expect(toLimitOptions('services', ImportLimitsSchema.parse({ max_errors: 7 }))).toEqual({ maxErrors: 7 });
    expect(toLimitOptions('businesses', {})).toEqual({});
  });

  it('refuses in a job file the limits an import other than businesses cannot apply', async () => {
    const file = join(dir, 'services.yaml');
    await writeFile(file, ['name: rollout', 'steps:', '  - import:', '      resource: services', '      source: s.csv', '      max_changes: 10', "      max_errors: '5%'"].join('\n'));
    const load = loadJob(file, { env: {}, now: new Date() });
    await expect(load).rejects.toThrow(/steps\[0\]\.import\.max_changes: applies to businesses only/);
    await expect(load).rejects.toThrow(/steps\[0\]\.import\.max_errors: a percentage applies to businesses only/);
  });
});
