import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildImportStepOptions } from '../../../src/jobs/job-file/import-step-options.js';
import { JobFileError, loadJob } from '../../../src/jobs/job-file/load-job.js';

const now = new Date('2026-11-21T06:30:15.123Z');

describe('job files', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'listing-bulk-jobs-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  async function load(yaml: string, env: NodeJS.ProcessEnv = {}) {
    const file = join(dir, `job-${String(Math.random()).slice(2)}.yaml`);
    await writeFile(file, yaml);
    return loadJob(file, { env, now });
  }

  it('interpolates environment variables, {date} and {datetime}, and applies defaults', async () => {
    const job = await load(
      ['name: nightly', 'steps:', '  - import:', '      resource: businesses', '      source: ${CRM_DIR}/stores.csv', '      report: reports/{date}/{datetime}'].join('\n'),
      { CRM_DIR: 'data/crm' },
    );
    expect(job.steps[0]).toEqual({
      on_error: 'stop',
      import: { resource: 'businesses', source: 'data/crm/stores.csv', mode: 'diff', dry_run: false, restart: false, report: 'reports/2026-11-21/2026-11-21T06-30-15Z' },
    });
  });

  it('writes {date-7d} as the UTC date seven days before the run, for a scheduled export of the last week', async () => {
    const job = await load(['name: weekly', 'steps:', '  - export:', '      resource: feedback', '      out: reports/{date}.xlsx', '      filters: {since: "{date-7d}", until: "{date-0d}"}'].join('\n'));
    expect(job.steps[0]).toMatchObject({ export: { out: 'reports/2026-11-21.xlsx', filters: { since: '2026-11-14', until: '2026-11-21' } } });
  });

  it('refuses a misspelt placeholder in a path or a date, which would name the same file every night, and keeps {org} and {shard} for later', async () => {
    const load$ = load(['name: typo', 'steps:', '  - export: {resource: feedback, out: "reports/{dat}-{org}.xlsx", filters: {since: "{date-7}"}}', '  - import: {resource: businesses, source: a.csv, report: "reports/{shard}"}'].join('\n'));
    await expect(load$).rejects.toThrow(
      'steps[0].export.out: unknown placeholder {dat} (did you mean {date}?); the placeholders are {date}, {date-Nd}, {datetime}, {org}, {shard}; steps[0].export.filters.since: unknown placeholder {date-7} (did you mean {date}?); the placeholders are {date}, {date-Nd}, {datetime}, {org}, {shard}. Correct the file.',
    );
  });

  it('refuses a step run once per organization whose file or report folder does not name {org}', async () => {
    const load$ = load(['name: orgs', 'steps:', '  - export: {resource: feedback, out: reports/feedback.xlsx}', '    org: [12, 14]', '  - import: {resource: businesses, source: a.csv, report: reports/sync}', '    org: all', '  - export: {resource: businesses, out: "reports/{org}.csv"}', '    org: all', '  - export: {resource: businesses, out: reports/one.csv}', '    org: 12'].join('\n'));
    await expect(load$).rejects.toThrow(
      "steps[0].export.out: the step runs once per organization (org: 12, 14), so each run would overwrite the file of the one before; put {org} in it, got 'reports/feedback.xlsx'; steps[1].import.report: the step runs once per organization (org: all), so each run would take the report folder of the one before; put {org} in it, got 'reports/sync'. Correct the file.",
    );
  });

  it('refuses - for a file: a job runs with no one to pipe into it or read from it', async () => {
    const load$ = load(['name: piped', 'steps:', '  - import: {resource: businesses, source: "-", report: "-"}', '  - export: {resource: businesses, out: "-"}'].join('\n'));
    const dash = 'must name a file: - (standard input or output) is for the command line only (import <resource> -, export --out -)';
    await expect(load$).rejects.toThrow(`steps[0].import.source: ${dash}; steps[0].import.report: ${dash}; steps[1].export.out: ${dash}. Correct the file.`);
  });

  it('refuses two exports to one file, the later replacing the earlier', async () => {
    const load$ = load(['name: twice', 'steps:', '  - export: {resource: businesses, out: reports/out.csv}', '  - export: {resource: services, out: reports/out.csv}', '  - export: {resource: feedback, out: "reports/{org}.csv"}', '    org: 12', '  - export: {resource: feedback, out: "reports/{org}.csv"}', '    org: 14'].join('\n'));
    await expect(load$).rejects.toThrow("steps[1].export.out: the file steps[0] writes, which this step would overwrite; give each export its own file, got 'reports/out.csv'. Correct the file.");
  });

  it("refuses a file or report folder inside an import step's report folder, which the next run there would refuse as not its report", async () => {
    const load$ = load(
      [
        'name: nested',
        'steps:',
        '  - import: {resource: businesses, source: a.csv, report: "reports/{date}/org-{org}"}',
        '    org: [12, 14]',
        '  - export: {resource: businesses, out: "reports/{date}/org-{org}/stores.csv"}',
        '    org: [12, 14]',
        '  - import: {resource: services, source: b.csv, report: "./reports/2026-11-21/org-{org}/services"}',
        '    org: [12, 14]',
        '  - export: {resource: feedback, out: "reports/{date}/feedback.csv"}',
        '  - export: {resource: businesses, out: "reports/{date}/org-{org}.csv"}',
        '    org: [12, 14]',
      ].join('\n'),
    );
    await expect(load$).rejects.toThrow(
      "steps[1].export.out: inside the report folder of steps[0] (reports/2026-11-21/org-{org}), which may hold its import's report only: the next run there (a resume, or a rerun the same day) would refuse that folder; write it beside the folder instead, got 'reports/2026-11-21/org-{org}/stores.csv'; steps[2].import.report: inside the report folder of steps[0] (reports/2026-11-21/org-{org}), which may hold its import's report only: the next run there (a resume, or a rerun the same day) would refuse that folder; write it beside the folder instead, got './reports/2026-11-21/org-{org}/services'. Correct the file.",
    );
  });

  it("passes an import step's ignore_columns, date_format, decimal_separator and allow_code_changes to the import", async () => {
    const job = await load(
      ['name: crm', 'steps:', '  - import:', '      resource: businesses', '      source: stores.csv', '      ignore_columns: [colour, notes]', '      date_format: mm/dd/yyyy', '      decimal_separator: comma', '      allow_code_changes: true'].join('\n'),
    );
    const [step] = job.steps;
    if (step === undefined || !('import' in step)) throw new Error('no import step');
    expect(buildImportStepOptions(job, step, { index: 0, org: undefined, split: undefined }, { shard: { index: 1, count: 1 }, dryRun: false, now })).toMatchObject({
      ignoreColumns: ['colour', 'notes'],
      dateFormat: 'mm/dd/yyyy',
      decimalSeparator: 'comma',
      allowCodeChanges: true,
    });
    await expect(load(['name: crm', 'steps:', '  - import: {resource: businesses, source: s.csv, date_format: yyyy/dd/mm}'].join('\n'))).rejects.toThrow(/date_format/);
  });

  it('takes either name of the custom-field sheet on both sides of a round trip', async () => {
    const job = await load(
      ['name: order', 'steps:', '  - export: {resource: custom-field-order, out: order.csv}', '  - import: {resource: custom-fields, source: order.csv}'].join('\n'),
    );
    expect(job.steps.map((step) => ('export' in step ? step.export.resource : step.import.resource))).toEqual(['custom-fields', 'custom-field-order']);
  });

  it('says a spreadsheet given for a job file is one, and how to check it, but reads a YAML job saved as .txt', async () => {
    const sheet = join(dir, 'stores.csv');
    await writeFile(sheet, 'business_id,name\nb1,Boulangerie\n');
    await expect(loadJob(sheet, { env: {}, now })).rejects.toThrow(
      `Could not load the job file ${sheet}: it is a spreadsheet, and a job file is YAML (see the README's Job files). To check the sheet offline, name it as the source: of an import step and validate that file; to rehearse its import, run listing-bulk import <resource> ${sheet} --dry-run.`,
    );
    // An OpenDocument spreadsheet (LibreOffice's own format) is a zip, which YAML reads as errors on every line.
    const ods = join(dir, 'stores.ods');
    await writeFile(ods, Buffer.concat([Buffer.from('PK\x03\x04\x14\x00'), Buffer.from('mimetypeapplication/vnd.oasis.opendocument.spreadsheet\n: x\n%y\n')]));
    await expect(loadJob(ods, { env: {}, now })).rejects.toThrow(`Could not load the job file ${ods}: it is a spreadsheet`);
    const yaml = join(dir, 'job.txt');
    await writeFile(yaml, 'name: crm\nsteps:\n  - import: {resource: businesses, source: s.csv}\n');
    await expect(loadJob(yaml, { env: {}, now })).resolves.toMatchObject({ name: 'crm' });
  });

  it('says a variable is not set once, not again as the path left without it', async () => {
    const load$ = load(['name: crm', 'steps:', '  - import:', '      resource: businesses', '      source: ${CRM_EXPORT_DIR}/crm.csv', '      report: ../reports'].join('\n'));
    await expect(load$).rejects.toThrow(/import\.source: environment variable CRM_EXPORT_DIR is not set; steps\[0\]\.import\.report: must stay under the working directory \(.*\), got '\.\.\/reports'\. Correct the file\.$/);
  });

  it('says a variable set empty is empty, not that the path left without it (/crm.csv) escapes the working directory', async () => {
    const load$ = load(['name: crm', 'steps:', '  - import:', '      resource: businesses', '      source: ${CRM_EXPORT_DIR}/crm.csv'].join('\n'), { CRM_EXPORT_DIR: '' });
    await expect(load$).rejects.toThrow(/: steps\[0\]\.import\.source: environment variable CRM_EXPORT_DIR is empty\. Correct the file\.$/);
  });

  it('names the path of every problem at once', async () => {
    const load$ = load(
      [
        'name: broken',
        'api:',
        '  rate_per_minute: -5',
        'steps:',
        '  - import:',
        '      resource: businesses',
        '      source: ${MISSING}',
        '      mode: sideways',
        '  - export:',
        '      resource: feedback',
        '    on_error: maybe',
      ].join('\n'),
    );
    await expect(load$).rejects.toThrow(/steps\[0\]\.import\.source: environment variable MISSING is not set/);
    await expect(load$).rejects.toThrow(/api\.rate_per_minute: must be more than 0/);
    await expect(load$).rejects.toThrow(/steps\[0\]\.import\.mode: one of diff, patch;/);
    await expect(load$).rejects.toThrow(/steps\[1\]\.export\.out: required[;.]/);
    await expect(load$).rejects.toThrow(/steps\[1\]\.on_error: one of continue, stop/);
  });

  it("checks the paths, outputs and filters of the steps that read beside another step's problems, all told at once", async () => {
    const cwd = process.cwd();
    const load$ = load(
      [
        'name: layers',
        'steps:',
        '  - import: {resource: businesss, source: a.csv}',
        '  - export: {resource: feedback, out: ../f.csv, filters: {nps_min: 3}}',
        '  - export: {resource: businesses, out: b.csv}',
        '  - export: {resource: businesses, out: b.csv}',
      ].join('\n'),
    );
    await expect(load$).rejects.toThrow('steps[0].import.resource: one of businesses, services, attributes, custom-field-order (did you mean businesses?)');
    await expect(load$).rejects.toThrow(`steps[1].export.out: must stay under the working directory (${cwd}), got '../f.csv'`);
    await expect(load$).rejects.toThrow('steps[1].export.filters.nps_min does not apply to feedback (did you mean steps[1].export.filters.nps-min?)');
    await expect(load$).rejects.toThrow("steps[3].export.out: the file steps[2] writes, which this step would overwrite");
  });

  it('names the setting a misspelt one may stand for, at every level', async () => {
    const load$ = load(['name: typos', 'api:', '  rate_per_mintue: 60', 'steps:', '  - import: {resource: businesses, sorce: a.csv}', '    on_eror: continue', '  - export: {resource: feedback, out: f.csv, colour: blue}'].join('\n'));
    await expect(load$).rejects.toThrow(/api\.rate_per_mintue: unknown setting \(did you mean rate_per_minute\?\)/);
    await expect(load$).rejects.toThrow(/steps\[0\]\.import\.sorce: unknown setting \(did you mean source\?\)/);
    await expect(load$).rejects.toThrow(/steps\[0\]\.on_eror: unknown setting \(did you mean on_error\?\)/);
    await expect(load$).rejects.toThrow(/steps\[1\]\.export\.colour: unknown setting[;.] /);
  });

  it('names the level a setting belongs at, and the value a misspelt one may stand for', async () => {
    const load$ = load(['name: levels', 'steps:', '  - import: {resource: business, source: a.csv, on_error: continue}', '    on_error: contine'].join('\n'));
    await expect(load$).rejects.toThrow(/steps\[0\]\.import\.on_error: unknown setting \(a setting of steps\[0\]: write it beside import:\)/);
    await expect(load$).rejects.toThrow(/steps\[0\]\.import\.resource: one of businesses, services, attributes, custom-field-order \(did you mean businesses\?\)/);
    await expect(load$).rejects.toThrow(/steps\[0\]\.on_error: one of continue, stop \(did you mean continue\?\)/);
  });

  it('suggests nothing for a setting of another kind of step', async () => {
    const load$ = load(['name: both', 'steps:', '  - import: {resource: businesses, source: a.csv}', '    export: {resource: feedback, out: f.csv}'].join('\n'));
    await expect(load$).rejects.toThrow(/steps\[0\]\.export: unknown setting\. Correct the file\.$/);
  });

  it('says what a step that is neither an import nor an export should be', async () => {
    await expect(load(['name: odd', 'steps:', '  - copy: {from: a.csv}'].join('\n'))).rejects.toThrow(/steps\[0\]: a step holds either import: or export:/);
  });

  it('refuses an API key written in the file', async () => {
    await expect(load(['name: leak', 'api:', '  key: lbk_0123456789', 'steps:', '  - export: {resource: businesses, out: x.csv}'].join('\n'))).rejects.toThrow(
      'api.key: an API key must not be written in a job file',
    );
  });

  it('refuses files outside the working directory, whatever the path looks like', async () => {
    const cwd = process.cwd();
    const load$ = load(
      [
        'name: escape',
        'steps:',
        '  - import: {resource: businesses, source: ../stores.csv, report: reports/../../elsewhere}',
        '  - export: {resource: feedback, out: /etc/cron.d/feedback.csv}',
        `  - import: {resource: services, source: ${cwd}/samples/services.csv, report: reports/./services}`,
      ].join('\n'),
    );
    await expect(load$).rejects.toThrow(
      `Could not load the job file ${dir}/`,
    );
    await expect(load$).rejects.toThrow(
      [
        `steps[0].import.source: must stay under the working directory (${cwd}), got '../stores.csv'`,
        `steps[0].import.report: must stay under the working directory (${cwd}), got 'reports/../../elsewhere'`,
        `steps[1].export.out: must stay under the working directory (${cwd}), got '/etc/cron.d/feedback.csv'. Correct the file.`,
      ].join('; '),
    );
  });

  it('reports YAML syntax errors with their line, the first three of them', async () => {
    await expect(load('name: [unclosed\nsteps: x')).rejects.toThrow(/not valid YAML \(line \d+/);
    const errors = load(Array.from({ length: 6 }, (_, line) => `a${line}: b: c`).join('\n'));
    await expect(errors).rejects.toThrow(
      /not valid YAML \(line 1, column 5: Nested mappings are not allowed in compact mappings; line 2, column 5: [^;]+; line 3, column 5: [^;]+; and 3 more\)\. Fix the YAML\.$/,
    );
  });

  it('refuses aliases that expand without end (a billion laughs), naming the file', async () => {
    const levels = Array.from({ length: 9 }, (_, level) => {
      const name = `l${level}`;
      const items = level === 0 ? Array<string>(9).fill('lol') : Array<string>(9).fill(`*l${level - 1}`);
      return `${name}: &${name} [${items.join(', ')}]`;
    });
    const file = join(dir, 'laughs.yaml');
    await writeFile(file, ['name: laughs', ...levels, 'steps: []'].join('\n'));
    const loading = loadJob(file, { env: {}, now });
    await expect(loading).rejects.toThrow(JobFileError);
    await expect(loading).rejects.toThrow(`Could not read the job file ${file}: its aliases (*name) expand too far (`);
  });
});
