import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { EXIT_CODES } from '../../src/cli/exit-codes.js';
import { encodeRowSnapshot } from '../../src/resources/base-column.js';
import { makeTempDir } from '../sheets/make-temp-dir.js';
import { runCliInProcess } from './test-io.js';

describe('validate command', () => {
  it('goes on past a job file it cannot load, and reports each file', async () => {
    const dir = await makeTempDir();
    const broken = join(dir, 'broken.yaml');
    const good = join(dir, 'good.yaml');
    await writeFile(broken, 'name: broken\nsteps:\n  - import: {resource: businesses, mode: sideways}\n');
    await writeFile(good, `name: good\nsteps:\n  - export: {resource: businesses, out: ${join(dir, 'out.csv')}}\n`);
    // Job paths must stay under the working directory: the temporary folder plays it.
    vi.spyOn(process, 'cwd').mockReturnValue(dir);
    try {
      const result = await runCliInProcess(['validate', broken, good]);
      expect(result.code).toBe(EXIT_CODES.failed);
      expect(result.stderr).toContain(`${broken}: Could not load the job file ${broken}: steps[0].import.source: required; steps[0].import.mode: one of diff, patch`);
      expect(result.stderr).toContain(`${good} / 1. export businesses`);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('refuses an export step whose file it could not write, as the run would', async () => {
    const dir = await makeTempDir();
    const job = join(dir, 'pdf.yaml');
    await writeFile(job, `name: pdf\nsteps:\n  - export: {resource: feedback, out: ${join(dir, 'feedback.pdf')}}\n`);
    vi.spyOn(process, 'cwd').mockReturnValue(dir);
    try {
      const result = await runCliInProcess(['validate', job]);
      expect(result.code).toBe(EXIT_CODES.failed);
      expect(result.stderr).toContain(`Could not write ${join(dir, 'feedback.pdf')}: '.pdf' files are not supported. Use a .csv, .tsv, .txt or .xlsx file.`);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it("tells a step's filters with the file's other problems, named as the file writes them, with the one a typo meant", async () => {
    const dir = await makeTempDir();
    const job = join(dir, 'filters.yaml');
    await writeFile(job, "name: filters\nsteps:\n  - export: {resource: feedback, out: /etc/f.csv, filters: {nps_min: 9, since: '2025-06-10', until: '2025-06-01'}}\n");
    vi.spyOn(process, 'cwd').mockReturnValue(dir);
    try {
      const result = await runCliInProcess(['validate', job]);
      expect(result.code).toBe(EXIT_CODES.failed);
      expect(result.stderr).toContain(
        `Could not load the job file ${job}: steps[0].export.out: must stay under the working directory (${dir}), got '/etc/f.csv'; steps[0].export.filters.nps_min does not apply to feedback (did you mean steps[0].export.filters.nps-min?); steps[0].export.filters.since 2025-06-10 is after steps[0].export.filters.until 2025-06-01T23:59:59.999999, so no result could match. Correct the file.`,
      );
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('passes a value the service holds and the file left as exported, as a diff run does, and checks it once edited or in patch mode', async () => {
    const dir = await makeTempDir();
    // A number the service holds that is one digit too long for Norway: no row that leaves it sends it.
    const phone = '+47933918696';
    const base = encodeRowSnapshot({ id: 'b1', cells: { 'contacts.0.phone_numbers': phone } });
    await writeFile(join(dir, 'stores.csv'), `business_id,contacts.0.phone_numbers,_base\nb1,${phone},${base}\nb1,+47933918697,${base}\n`);
    const validate = async (mode: string) => {
      await writeFile(join(dir, `${mode}.yaml`), `name: ${mode}\nsteps:\n  - import: {resource: businesses, source: ${join(dir, 'stores.csv')}, mode: ${mode}}\n`);
      return runCliInProcess(['validate', join(dir, `${mode}.yaml`)]);
    };
    vi.spyOn(process, 'cwd').mockReturnValue(dir);
    try {
      const diff = await validate('diff');
      expect([diff.code, diff.stderr]).toEqual([EXIT_CODES.partial, expect.stringContaining('1 of 2 rows invalid')]);
      expect(diff.stderr).toContain("line 3: contacts.0.phone_numbers: is too long for a phone number of +47, got '+47933918697'");
      expect(diff.stderr).not.toContain('line 2:');
      const patch = await validate('patch');
      expect(patch.stderr).toContain("line 2: contacts.0.phone_numbers: is too long for a phone number of +47, got '+47933918696'");
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('counts one row as one row, and says which footer it skipped', async () => {
    const dir = await makeTempDir();
    await writeFile(join(dir, 'stores.csv'), 'code,lat\nS2,45.5\n\n"Grand Totals (1 record)"\n');
    const job = join(dir, 'one.yaml');
    await writeFile(job, `name: one\nsteps:\n  - import: {resource: businesses, source: ${join(dir, 'stores.csv')}}\n`);
    vi.spyOn(process, 'cwd').mockReturnValue(dir);
    try {
      const result = await runCliInProcess(['validate', job]);
      expect(result.stderr).toContain(`(${join(dir, 'stores.csv')}): 1 row valid\n  Skipped 1 row(s) below the table, after an empty row, each with a single cell ('Grand Totals (1 record)'): a report's totals and footer, row 4.\n`);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it("reads a step's sheet with its rename_columns, as the run does, and runs it so", async () => {
    const dir = await makeTempDir();
    await writeFile(join(dir, 'crm.csv'), 'Code magasin;Latitude\r\n000001;41,93\r\n000002;nord\r\n');
    const job = join(dir, 'crm.yaml');
    await writeFile(job, `name: crm\nsteps:\n  - import: {resource: businesses, source: ${join(dir, 'crm.csv')}, report: ${join(dir, 'report')}, rename_columns: {"Code magasin": code, latitude: lat}}\n    on_error: continue\n`);
    vi.spyOn(process, 'cwd').mockReturnValue(dir);
    try {
      const validated = await runCliInProcess(['validate', job]);
      expect(validated.stderr).toContain("1 of 2 rows invalid (on_error: continue: the run reports them and goes on)\n  line 3: lat: must be a number between -90 and 90, got 'nord'");
      const run = await runCliInProcess(['run', job, '--emulator', '--dry-run']);
      expect(run.stderr).toContain('crm / 1. import businesses: rehearsal — 1 would update, 1 invalid');
    } finally {
      vi.restoreAllMocks();
    }
  });

  it("reads a step's numbers with its decimal_separator, as the run does", async () => {
    const dir = await makeTempDir();
    // As a French Excel saves Unicode text: UTF-16 with its byte order mark, tabs, decimal commas.
    await writeFile(join(dir, 'stores.txt'), Buffer.from('\ufeffcode\tlat\r\n000001\t41,93\r\n000002\t45.89\r\n', 'utf16le'));
    const job = join(dir, 'unicode.yaml');
    await writeFile(job, `name: unicode\nsteps:\n  - import: {resource: businesses, source: ${join(dir, 'stores.txt')}, report: ${join(dir, 'report')}, decimal_separator: comma}\n`);
    vi.spyOn(process, 'cwd').mockReturnValue(dir);
    try {
      const validated = await runCliInProcess(['validate', job]);
      expect([validated.code, validated.stderr]).toEqual([EXIT_CODES.success, expect.stringContaining('2 rows valid')]);
      const run = await runCliInProcess(['run', job, '--emulator', '--dry-run']);
      expect(run.stderr).toContain('unicode / 1. import businesses: rehearsal — 2 would update');
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('exits 2 for invalid rows, unless their step continues on error as a run would', async () => {
    const dir = await makeTempDir();
    await writeFile(join(dir, 'stores.csv'), 'code,lat\nS1,north\nS2,45.5\n');
    for (const [onError, code] of [['stop', EXIT_CODES.partial], ['continue', EXIT_CODES.success]] as const) {
      const job = join(dir, `${onError}.yaml`);
      await writeFile(job, `name: ${onError}\nsteps:\n  - import: {resource: businesses, source: ${join(dir, 'stores.csv')}}\n    on_error: ${onError}\n`);
      vi.spyOn(process, 'cwd').mockReturnValue(dir);
      try {
        const result = await runCliInProcess(['validate', job]);
        expect([onError, result.code]).toEqual([onError, code]);
        expect(result.stderr).toContain('1 of 2 rows invalid');
      } finally {
        vi.restoreAllMocks();
      }
    }
  });

  it('refuses a sheet with a header and no rows, as the run would', async () => {
    const dir = await makeTempDir();
    const source = join(dir, 'stores.csv');
    await writeFile(source, 'code,name\n');
    const job = join(dir, 'empty.yaml');
    await writeFile(job, `name: empty\nsteps:\n  - import: {resource: businesses, source: ${source}}\n`);
    vi.spyOn(process, 'cwd').mockReturnValue(dir);
    try {
      const result = await runCliInProcess(['validate', job]);
      expect(result.code).toBe(EXIT_CODES.failed);
      expect(result.stderr).toContain(`(${source}): Could not import ${source}: there are no rows under the header, so nothing was imported.`);
    } finally {
      vi.restoreAllMocks();
    }
  });
});
