import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { readRowOutcomes } from '../../src/jobs/import/sheet/read-row-outcomes.js';
import { assemblePayload } from '../../src/resources/assemble-payload.js';
import { buildBusinessCatalog } from '../../src/resources/businesses/business-catalog.js';
import { openSheetReader } from '../../src/sheets/index.js';
import { makeTempDir } from '../sheets/make-temp-dir.js';
import { CUSTOM_FIELDS } from './custom-field-definitions.js';

it.each([
  ['separated by ;, reads decimal commas', 'code;lat;custom_fields.surface_m2\n000042;46,2;12.5\n', { lat: 46.2, custom_fields: { surface_m2: 12.5 } }, []],
  ['separated by ,, reads decimal dots only', 'code,lat\n000042,"46,2"\n', {}, ["lat: must be a number between -90 and 90 with '.' before decimals, got '46,2'"]],
])('a CSV file %s', async (_name, content, update, errors) => {
  const path = join(await makeTempDir(), 'businesses.csv');
  await writeFile(path, content);
  const catalog = buildBusinessCatalog(CUSTOM_FIELDS);
  const reader = await openSheetReader(path, { knownColumns: catalog.columns.map((column) => column.header) });
  const outcomes = [];
  for await (const { line, target, update: values, errors: found } of readRowOutcomes(reader, catalog)) {
    outcomes.push({ line, target, update: values && assemblePayload(values), errors: found });
  }
  expect(outcomes).toEqual([{ line: 2, target: { code: '000042' }, update, errors }]);
});
