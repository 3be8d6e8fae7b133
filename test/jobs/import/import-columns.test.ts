import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnknownColumnsError } from '../../../src/jobs/import/sheet/unknown-columns-error.js';
import { startImportHarness, type ImportHarness } from './start-import-harness.js';

describe('columns are explicit', () => {
  let harness: ImportHarness;
  let requests: number;
  beforeAll(async () => {
    harness = await startImportHarness();
    harness.api.emulator.faults.script = () => {
      requests++;
      return undefined;
    };
  });
  afterAll(() => harness.close());

  function businessId(index: number): string {
    const business = harness.api.emulator.state.orgBusinesses(1)[index];
    if (business === undefined) throw new Error(`no business ${index}`);
    return business.id;
  }

  it('stops the import on an unknown column before any request, naming it with the column it may be', async () => {
    requests = 0;
    const error = await harness
      .runImport('businesses', `business_id,descripton_short,colour\n${businessId(0)},Fresh bread,blue\n`)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UnknownColumnsError);
    expect(error).toMatchObject({ exitCode: 1 });
    expect((error as Error).message).toMatch(/^Could not import .*input-\d+\.csv: its header names columns the import does not read \(descripton_short: unknown column; did you mean description_short\? \| colour: unknown column\)\. Correct the header \(listing-bulk template writes one, with a note on each column\), read a column by the name the import knows with --rename-columns HEADER=column \(here --rename-columns descripton_short=description_short\), or leave the columns out with --ignore-columns descripton_short,colour \(a job step: rename_columns, ignore_columns\)\.$/);
    expect(requests).toBe(0);
  });

  it("offers the --rename-columns and --ignore-columns to paste, quoted when a shell would split the names, as a CRM's header with spaces", async () => {
    await expect(harness.runImport('businesses', `business_id,Store Code,Owner's note,Opening Date\n${businessId(0)},A-1,x,2020-01-01\n`)).rejects.toThrow(
      `with --rename-columns HEADER=column (here --rename-columns 'Store Code=code,Opening Date=opening_date'), or leave the columns out with --ignore-columns 'Store Code,Owner'\\''s note,Opening Date' (a job step`,
    );
  });

  it('offers the flags only the names they can give: the command line splits at commas, so a name holding one is left to a job step', async () => {
    await expect(harness.runImport('businesses', `business_id,"Notes, internal",colour,"Code, magasin"\n${businessId(0)},x,blue,A-1\n`)).rejects.toThrow(
      "or leave the columns out with --ignore-columns colour (a job step: rename_columns, ignore_columns; a name holding a comma, 'Notes, internal', in a job step only, since the command line splits names at commas).",
    );
  });

  it('offers no column the header holds already: renaming another to it would name it twice', async () => {
    const header = 'business_id,code,Store Code,Phone';
    const run = harness.runImport('businesses', `${header}\n${businessId(0)},A-1,A-1,+33474000000\n`);
    await expect(run).rejects.toThrow('(Store Code: unknown column | Phone: unknown column; did you mean contacts.0.phone_numbers?)');
    await expect(run).rejects.toThrow("(here --rename-columns Phone=contacts.0.phone_numbers)");
  });

  it("offers the column a CRM's name stands for, where it is no typo of the column's header", async () => {
    const header = 'business_id,Phone,Website,Latitude,Postal Code,E-mail,Category';
    await expect(harness.runImport('businesses', `${header}\n${businessId(0)},+33474000000,https://a.example.com,46.2,01000,a@b.example.com,gcid:bakery\n`)).rejects.toThrow(
      "Phone: unknown column; did you mean contacts.0.phone_numbers? | Website: unknown column; did you mean website_url? | Latitude: unknown column; did you mean lat? | Postal Code: unknown column; did you mean zipcode? | E-mail: unknown column; did you mean contacts.0.email? | Category: unknown column; did you mean categories?",
    );
  });

  it('offers a --rename-columns that reads each column once, where two of the sheet\'s columns stand for it', async () => {
    await expect(harness.runImport('businesses', `business_id,Phone,Tel\n${businessId(0)},+33474000000,+33474000001\n`)).rejects.toThrow(
      '(here --rename-columns Phone=contacts.0.phone_numbers), or leave',
    );
  });

  it("offers the columns a CRM's header stands for where none of its names is the import's, rather than take it for a title", async () => {
    await expect(harness.runImport('businesses', 'Store Code,Store Name,Website\nA-1,Boulangerie,https://a.example.com\n')).rejects.toThrow(
      "(here --rename-columns 'Store Code=code,Store Name=name,Website=website_url')",
    );
  });

  it('names the sheet of a workbook whose header has an unknown column, both before and after the custom fields are read', async () => {
    for (const [column, message] of [
      ['nmae', '(sheet stores): its header names columns the import does not read (nmae: unknown column; did you mean name?)'],
      ['custom_fields.seat', '(sheet stores): its header names columns the import does not read (custom_fields.seat: unknown column; did you mean custom_fields.seats?)'],
    ]) {
      const workbook = new ExcelJS.Workbook();
      workbook.addWorksheet('stores').addRows([['business_id', column], [businessId(0), 'x']]);
      const file = join(harness.dir, 'unknown-column.xlsx');
      await workbook.xlsx.writeFile(file);
      await expect(harness.importFile('businesses', file)).rejects.toThrow(message);
    }
  });

  it('skips titles above the header, of one cell or more, and says a first row that names no column is not a header, instead of offering to ignore it', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('stores').addRows([['Stores – March', 'page 1'], [], ['business_id', 'name'], [businessId(0), 'x']]);
    const file = join(harness.dir, 'titled.xlsx');
    await workbook.xlsx.writeFile(file);
    const { summary } = await harness.importFile('businesses', file, { dryRun: true });
    expect(summary.rows).toMatchObject({ total: 1, would_update: 1 });
    const report = new ExcelJS.Workbook();
    await report.xlsx.readFile(join(summary.report_dir, 'results.xlsx'));
    const lines: string[] = [];
    report.getWorksheet('Summary')?.eachRow((row) => lines.push([1, 2, 3].map((cell) => row.getCell(cell).text).join(' / ')));
    expect(lines).toContain("sheet / warning / Skipped 1 row(s) above the header, which name no column the import reads ('Stores – March | page 1'): the header is row 3.");
    const warnings: string[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => warnings.push((JSON.parse(line) as { msg: string }).msg) });
    const titled = join(harness.dir, 'titled-services.csv');
    await writeFile(titled, `Services – March,page 1\nGenerated,2026-03-01\n\nbusiness_id,service_id\n${businessId(0)},1\n`);
    const services = await harness.importFile('services', titled, { dryRun: true }, log);
    expect(services.summary.rows).toMatchObject({ total: 1, invalid: 0 });
    expect(warnings).toContain("Skipped 2 row(s) above the header, which name no column the import reads ('Services – March | page 1', 'Generated | 2026-03-01'): the header is row 4.");
    const message = 'its first filled row names no column the import reads (Magasin | Nom), so it is not a header. Make the column names its first filled row (delete any title rows above them), read its columns by the names the import knows with --rename-columns HEADER=column (a job step: rename_columns), or check that it is the right file.';
    await expect(harness.runImport('services', `Magasin,Nom\n${businessId(0)},x\n`)).rejects.toThrow(message);
  });

  it('skips the totals and footer a CRM report puts below its rows, with no request for them, and logs it', async () => {
    const warnings: string[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => warnings.push((JSON.parse(line) as { msg: string }).msg) });
    const file = join(harness.dir, 'footer.csv');
    await writeFile(file, `business_id,name\n${businessId(0)},Renamed above a footer\n\n"Grand Totals (1 record)"\n"Generated By:  Jane Doe  28/11/2026 06:00"\n`);
    const { summary } = await harness.importFile('businesses', file, { dryRun: true }, log);
    expect(summary.rows).toMatchObject({ total: 1, would_update: 1 });
    expect(warnings).toEqual(["Skipped 2 row(s) below the table, after an empty row, each with a single cell ('Grand Totals (1 record)', 'Generated By:  Jane Doe  28/11/2026 06:00'): a report's totals and footer, rows 4 to 5."]);
    expect(summary.warnings).toEqual(warnings);
  });

  it('refuses a custom field the organization does not define, and reads those it does', async () => {
    const error = await harness.runImport('businesses', `business_id,custom_fields.has_parkin\n${businessId(0)},true\n`).catch((caught: unknown) => caught);
    expect((error as Error).message).toContain('custom_fields.has_parkin: unknown column; did you mean custom_fields.has_parking?');

    const { summary } = await harness.runImport('businesses', `business_id,custom_fields.seats\n${businessId(0)},12\n`);
    expect(summary.rows.invalid + summary.rows.failed).toBe(0);
  });

  it('leaves custom field columns to each organization’s definitions for a PROVIDER key without --org', async () => {
    const { summary, results } = await harness.runImport('businesses', `business_id,custom_fields.seats,custom_fields.nope,custom_fields.has_parkin\n${businessId(1)},12,x,true\n`, {}, 'PROVIDER');
    expect(summary.rows.invalid).toBe(1);
    expect(results[0]?._errors).toBe(
      [
        "custom_fields.nope: organization 1 has no custom field 'nope'; empty the cell in the rows of its businesses",
        "custom_fields.has_parkin: organization 1 has no custom field 'has_parkin' (did you mean custom_fields.has_parking?); empty the cell in the rows of its businesses",
      ].join(' | '),
    );
  });

  it('imports without the columns --ignore-columns names, and lists them in the summary and the Summary sheet', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('businesses').addRows([
      ['business_id', 'name', 'Colour', 'notes'],
      [businessId(2), 'Renamed with notes', 'blue', 'call first'],
    ]);
    const file = join(harness.dir, 'ignored.xlsx');
    await workbook.xlsx.writeFile(file);
    const { summary } = await harness.importFile('businesses', file, { ignoreColumns: ['colour', 'NOTES'] });
    expect(summary.rows.updated).toBe(1);
    expect(summary.ignored_columns).toEqual(['Colour', 'notes']);
    expect(JSON.parse(await readFile(join(summary.report_dir, 'summary.json'), 'utf8'))).toMatchObject({ ignored_columns: ['Colour', 'notes'] });

    const results = new ExcelJS.Workbook();
    await results.xlsx.readFile(join(summary.report_dir, 'results.xlsx'));
    const lines: string[] = [];
    results.getWorksheet('Summary')?.eachRow((row) => lines.push([1, 2, 3].map((cell) => row.getCell(cell).text).join(' / ')));
    expect(lines).toContain('columns / ignored (--ignore-columns) / Colour, notes');
  });

  it('refuses --ignore-columns naming a column the import reads, whose cells it would still send, before any request', async () => {
    const csv = `business_id,name,city\n${businessId(3)},Renamed,Nowhere\n`;
    await expect(harness.runImport('businesses', csv, { ignoreColumns: ['CITY'] })).rejects.toThrow(
      /: --ignore-columns names city, which the import reads: its cells would still be sent\. To leave a column out, delete it from the sheet/,
    );
    expect(harness.writes).toEqual([]);
  });
});
