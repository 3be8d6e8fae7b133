import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { pino } from 'pino';
import { runCliInProcess } from './test-io.js';
import { EXIT_CODES } from '../../src/cli/exit-codes.js';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/api-client.js';
import { openApiTarget } from '../../src/cli/api-target.js';
import { readCustomFieldDefinitions } from '../../src/jobs/read-custom-field-definitions.js';
import { readRowOutcomes } from '../../src/jobs/import/sheet/read-row-outcomes.js';
import { writeTemplate } from '../../src/jobs/template/write-template.js';
import { buildImportCatalog } from '../../src/resources/build-import-catalog.js';
import { IMPORT_RESOURCE_NAMES, type ImportResourceName } from '../../src/resources/resource-names.js';
import { SPREADSHEET_GRAMMAR } from '../../src/resources/cells/spreadsheet-grammar.js';
import { openSheetReader } from '../../src/sheets/index.js';
import { CUSTOM_FIELDS } from '../resources/custom-field-definitions.js';
import { makeTempDir } from '../sheets/make-temp-dir.js';

const logger = pino({ level: 'silent' });

async function readBack(path: string, resource: ImportResourceName) {
  const catalog = buildImportCatalog(resource, CUSTOM_FIELDS);
  const reader = await openSheetReader(path, { knownColumns: catalog.columns.map((column) => column.header), resource });
  const outcomes = [];
  for await (const outcome of readRowOutcomes(reader, catalog)) outcomes.push(outcome);
  return { reader, outcomes, importHeaders: catalog.columns.filter((column) => !column.readOnly).map((column) => column.header) };
}

describe('template', () => {
  it('refuses an --out whose folder is a file, as an export does, exit 1', async () => {
    const dir = await makeTempDir();
    const file = join(dir, 'stores.csv');
    await writeFile(file, 'code\n');
    for (const args of [['template', 'businesses'], ['export', 'businesses', '--emulator']]) {
      const result = await runCliInProcess([...args, '--out', join(file, 'out.csv')]);
      expect(result.code, result.said).toBe(EXIT_CODES.failed);
      expect(result.said).toContain(`Could not write ${join(file, 'out.csv')}: a folder of its path is a file. Name a path whose folders are folders, or move that file.`);
    }
  });

  it('writes a CSV template in the dialect asked: ";" and decimal commas for Excel in French', async () => {
    const path = join(await makeTempDir(), 'stores.csv');
    const result = await runCliInProcess(['template', 'businesses', '--out', path, '--csv-dialect', 'excel-semicolon']);
    expect(result.code, result.said).toBe(EXIT_CODES.success);
    const [header = '', example = ''] = (await readFile(path, 'utf8')).split('\r\n');
    expect(header.split(';').slice(0, 3)).toEqual(['\uFEFFbusiness_id', 'code', 'name']);
    expect(example.split(';')).toContain('46,205167');
    const { outcomes } = await readBack(path, 'businesses');
    expect(outcomes).toMatchObject([{ errors: ["code: 'EXAMPLE-1' is the template's example row; replace it with your own stores, or delete it"] }]);
  });

  it.each(IMPORT_RESOURCE_NAMES.flatMap((resource) => [[resource, 'xlsx'] as const, [resource, 'csv'] as const]))(
    'writes a %s %s whose header reads back and whose example row validates',
    async (resource, extension) => {
      const path = join(await makeTempDir(), `${resource}.${extension}`);
      const result = await writeTemplate({ resource, out: path, customFields: CUSTOM_FIELDS }, logger);
      const { reader, outcomes, importHeaders } = await readBack(path, resource);
      expect(reader.columns).toEqual(importHeaders);
      expect(reader.warnings).toEqual([]);
      expect(result).toEqual({ path, columns: importHeaders.length });
      expect(outcomes).toHaveLength(1);
      // Every cell of the example row is valid; the row itself is refused, so that a filled template does not send it.
      const exampleRow =
        resource === 'custom-field-order'
          ? ["id: 12 with order, section_id and section_order 1, 3, 1 is the template's example row; replace it with your own custom fields, or delete it"]
          : ["code: 'EXAMPLE-1' is the template's example row; replace it with your own stores, or delete it"];
      expect(outcomes[0]).toMatchObject({ line: 2, errors: exampleRow });
    },
  );

  it('gives XLSX columns a note, enumerations a dropdown, and an About sheet with the grammar', async () => {
    const path = join(await makeTempDir(), 'businesses.xlsx');
    await writeTemplate({ resource: 'businesses', out: path, customFields: CUSTOM_FIELDS }, logger);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    expect(workbook.worksheets.map((sheet) => [sheet.name, sheet.state])).toEqual([
      ['businesses', 'visible'],
      ['About', 'visible'],
      ['Lists', 'hidden'],
    ]);
    const sheet = workbook.getWorksheet('businesses');
    const headers = (sheet?.getRow(1).values as unknown[]).slice(1);
    const cellUnder = (header: string, row: number) => sheet?.getCell(row, headers.indexOf(header) + 1);
    expect(cellUnder('lat', 1)?.note).toBe('Latitude in decimal degrees.\na number between -90 and 90');
    expect(cellUnder('zipcode', 2)?.numFmt).toBe('@');
    expect(cellUnder('status', 500)?.dataValidation).toMatchObject({ type: 'list', formulae: ['Lists!$A$1:$A$4'], errorStyle: 'warning' });
    expect(cellUnder('custom_fields.store_format', 2)?.dataValidation).toMatchObject({ type: 'list', formulae: ['Lists!$D$1:$D$4'] });
    expect(workbook.getWorksheet('Lists')?.getColumn(4).values.slice(1)).toEqual(['express', 'classic', 'flagship', '#clear']);
    const about = workbook.getWorksheet('About');
    expect(about?.getColumn(1).values.slice(1, SPREADSHEET_GRAMMAR.length + 1)).toEqual(SPREADSHEET_GRAMMAR);
    expect(about?.getColumn(1).values).toContain('custom_fields.gallery');
  });

  it('offers in the attributes type dropdown only the types a write may carry: REPEATABLE_URL is no longer supported', async () => {
    const path = join(await makeTempDir(), 'attributes.xlsx');
    await writeTemplate({ resource: 'attributes', out: path, customFields: CUSTOM_FIELDS }, logger);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    const sheet = workbook.getWorksheet('attributes');
    const type = ((sheet?.getRow(1).values as unknown[]).slice(1).indexOf('type')) + 1;
    expect(sheet?.getCell(2, type).dataValidation).toMatchObject({ type: 'list', formulae: ['Lists!$A$1:$A$4'] });
    expect(workbook.getWorksheet('Lists')?.getColumn(1).values.slice(1)).toEqual(['BOOL', 'ENUM', 'REPEATABLE_ENUM', 'URL']);
    expect(sheet?.getCell(1, type).note).not.toContain('REPEATABLE_URL');
  });

  it('has the static columns only when no API gives custom fields, and custom field columns from an API', async () => {
    const dir = await makeTempDir();
    await writeTemplate({ resource: 'businesses', out: join(dir, 'static.csv'), customFields: [] }, logger);
    const target = await openApiTarget({ emulator: true, emulatorRole: 'ORG_ADMIN' }, {}, logger);
    const client = createApiClient(target.settings);
    const customFields = await readCustomFieldDefinitions(client.org(), logger).finally(async () => {
      await client.close();
      await target.close();
    });
    await writeTemplate({ resource: 'businesses', out: join(dir, 'api.csv'), customFields }, logger);
    const staticColumns = (await openSheetReader(join(dir, 'static.csv'))).columns;
    const apiColumns = (await openSheetReader(join(dir, 'api.csv'))).columns;
    expect(staticColumns.filter((header) => header.startsWith('custom_fields.'))).toEqual([]);
    expect(apiColumns.filter((header) => header.startsWith('custom_fields.'))).toEqual(customFields.map((field) => `custom_fields.${field.name}`));
  });

  it('maps the command line to the job and prints the result', async () => {
    const path = join(await makeTempDir(), 'services.csv');
    const result = await runCliInProcess(['template', 'services', '--out', path]);
    expect(result.stdout).toBe(`${JSON.stringify({ path, columns: 5 })}\n`);
  });

  it.each([
    { name: 'for organization 1', org: ['--org', '1'] },
    { name: 'without --org', org: [] },
  ])('writes a businesses template for a PROVIDER key, $name', async ({ org }) => {
    const path = join(await makeTempDir(), 'businesses.csv');
    const result = await runCliInProcess(['template', 'businesses', '--out', path, '--emulator', '--emulator-role', 'PROVIDER', ...org]);
    expect(result.code, result.stderr).toBe(EXIT_CODES.success);
    expect(result.stdout).toMatch(/^\{"path":.*"columns":\d+\}\n$/);
  });

  it('refuses the custom-field-order example row left in a filled template, sending nothing for it', async () => {
    const dir = await makeTempDir();
    const path = join(dir, 'order.csv');
    expect((await runCliInProcess(['template', 'custom-field-order', '--out', path])).code).toBe(EXIT_CODES.success);
    const result = await runCliInProcess(['import', 'custom-field-order', path, '--report', join(dir, 'report'), '--emulator', '--json']);
    expect(result.code).toBe(EXIT_CODES.partial);
    expect(JSON.parse(result.stdout)).toMatchObject({ rows: { total: 1, invalid: 1, failed: 0 }, requests: { writes: 0 } });
  });
});
