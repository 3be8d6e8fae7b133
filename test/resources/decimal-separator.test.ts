import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { readRowOutcomes } from '../../src/jobs/import/sheet/read-row-outcomes.js';
import type { DeclaredCells } from '../../src/resources/cells/cell-context.js';
import { assemblePayload } from '../../src/resources/assemble-payload.js';
import { buildBusinessCatalog } from '../../src/resources/businesses/business-catalog.js';
import { openSheetReader } from '../../src/sheets/index.js';
import { makeTempDir } from '../sheets/make-temp-dir.js';
import { CUSTOM_FIELDS } from './custom-field-definitions.js';

it.each<[string, string, DeclaredCells, object, string[]]>([
  ['separated by ;, reads decimal commas', 'code;lat;custom_fields.surface_m2\n000042;46,2;12.5\n', {}, { lat: 46.2, custom_fields: { surface_m2: 12.5 } }, []],
  ['separated by ,, reads decimal dots only', 'code,lat\n000042,"46,2"\n', {}, {}, ["lat: must be a number between -90 and 90 with '.' before decimals (or give --decimal-separator comma), got '46,2'"]],
  // As the Unicode text of a French or German Excel is: tab-separated, numbers as its locale writes them.
  ['separated by tabs, declared with decimal commas, refuses a dot that may group thousands', 'code\tlat\tcustom_fields.surface_m2\n000042\t46,2\t1.200\n', { decimalSeparator: 'comma' }, { lat: 46.2 }, ["custom_fields.surface_m2: reads as 1200 or as 1,2 where decimals follow a comma; write 1200 for thousands, or 1,2, got '1.200'"]],
  ['separated by tabs, declared with decimal commas, reads them', 'code\tlat\tcustom_fields.surface_m2\n000042\t46,2\t1200,5\n', { decimalSeparator: 'comma' }, { lat: 46.2, custom_fields: { surface_m2: 1200.5 } }, []],
  // A program's export: `;` between cells, a dot before decimals, so 1.200 is one and a fifth.
  ['separated by ;, declared with decimal dots, reads them only', 'code;lat;custom_fields.surface_m2\n000042;46.2;1.200\n', { decimalSeparator: 'dot' }, { lat: 46.2, custom_fields: { surface_m2: 1.2 } }, []],
  ['separated by ;, declared with decimal dots, refuses a decimal comma', 'code;lat\n000042;46,2\n', { decimalSeparator: 'dot' }, {}, ["lat: must be a number between -90 and 90 with '.' before decimals, got '46,2'"]],
])('a CSV file %s', async (_name, content, declared, update, errors) => {
  const path = join(await makeTempDir(), 'businesses.csv');
  await writeFile(path, content);
  const catalog = buildBusinessCatalog(CUSTOM_FIELDS);
  const reader = await openSheetReader(path, { knownColumns: catalog.columns.map((column) => column.header) });
  const outcomes = [];
  for await (const { line, target, update: values, errors: found } of readRowOutcomes(reader, catalog, declared)) {
    outcomes.push({ line, target, update: values && assemblePayload(values), errors: found });
  }
  expect(outcomes).toEqual([{ line: 2, target: { code: '000042' }, update, errors }]);
});
