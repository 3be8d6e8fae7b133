import { access, readdir, writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../sheets/make-temp-dir.js';
import { runCliInProcess } from './test-io.js';

const HEADER = 'code,specific_hours.close,specific_hours.open';
const row = (code: string): string => `${code},2026-12-25|2027-01-01,2026-12-24 08:00-13:00|2026-12-31 08:00-14:00`;
/** A report folder without {date}: the same folder on every run, whatever the clock says. */
const JOB = ['name: hh', 'steps:', '  - name: holiday hours', '    import:', '      resource: businesses', '      source: hh.csv', '      report: reports/hh', ''].join('\n');

describe('run: import steps that report', () => {
  const home = process.cwd();
  beforeEach(async () => {
    // A job's files stay under the working directory: the test's own folder.
    process.chdir(await makeTempDir());
  });
  afterEach(() => {
    process.chdir(home);
  });

  it('counts each step, rehearses after the real run in its dry-run folder, and reports a changed source in a new folder', { timeout: 60_000 }, async () => {
    await writeFile('job.yaml', JOB);
    await writeFile('hh.csv', [HEADER, row('000001'), row('000002'), row('000003'), ''].join('\n'));

    const real = await runCliInProcess(['run', 'job.yaml', '--emulator']);
    expect(real.code).toBe(0);
    expect(real.said).toContain('hh / holiday hours: 3 updated; report in reports/hh\n');

    // Each --emulator run starts from the same seed: the rehearsal finds the three rows to change again.
    const rehearsal = await runCliInProcess(['run', 'job.yaml', '--dry-run', '--emulator']);
    expect(rehearsal.code).toBe(0);
    expect(rehearsal.said).toContain("hh / holiday hours: rehearsal — 3 would update; report in reports/hh/dry-run (reports/hh holds the real run's report, kept as it is)\n");
    expect(await readdir('reports/hh/dry-run')).toContain('results.csv');

    await writeFile('hh.csv', [HEADER, row('000001'), row('000002'), row('000003'), row('000004'), ''].join('\n'));
    const changed = await runCliInProcess(['run', 'job.yaml', '--emulator']);
    expect(changed.code).toBe(0);
    expect(changed.said).toContain('hh / holiday hours: 4 updated; report in reports/hh-2 (the source file changed since the run reported in reports/hh, kept as it is)\n');
    await access('reports/hh/journal.jsonl');
    await access('reports/hh/undo.csv');

    // Run again the same day, same source: the new folder's journal resumes, nothing is sent twice.
    const again = await runCliInProcess(['run', 'job.yaml', '--emulator']);
    expect(again.code).toBe(0);
    expect(again.said).toContain('hh / holiday hours: 4 updated, 4 from an earlier run; report in reports/hh-2 (the source file changed since the run reported in reports/hh, kept as it is)\n');
  });

  it('reads every job file before running any: a mistake in the second stops the run before the first sends anything', async () => {
    await writeFile('job.yaml', JOB);
    await writeFile('hh.csv', [HEADER, row('000001'), ''].join('\n'));
    await writeFile('typo.yaml', JOB.replace('source: hh.csv', 'sorce: hh.csv'));
    const run = await runCliInProcess(['run', 'job.yaml', 'typo.yaml', '--emulator']);
    expect(run.code).toBe(1);
    expect(run.said).toContain('steps[0].import.sorce: unknown setting (did you mean source?)');
    expect(run.said).not.toContain('hh / holiday hours');
    await expect(access('reports/hh')).rejects.toThrow(/ENOENT/);
  });
});
