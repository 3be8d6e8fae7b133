import { join } from 'node:path';
import { expect, it } from 'vitest';
import { writeBusinessSheet } from '../bench/write-business-sheet.js';
import { openImportSheet } from '../../src/jobs/import/sheet/open-import-sheet.js';
import { readRowOutcomes } from '../../src/jobs/import/sheet/read-row-outcomes.js';
import { buildBusinessCatalog } from '../../src/resources/businesses/business-catalog.js';
import { makeTempDir } from '../sheets/make-temp-dir.js';
import { CUSTOM_FIELDS } from './custom-field-definitions.js';

// Scale and memory are npm run bench's (100,000 and 1,000,000 rows): here, what the rows of a long file are read as.
it('validates a generated 2,000-row CSV as it streams', async () => {
  const path = join(await makeTempDir(), 'businesses.csv');
  const catalog = buildBusinessCatalog(CUSTOM_FIELDS);
  await writeBusinessSheet(path, catalog, { rows: 2_000, invalidEvery: 200 });

  const reader = await openImportSheet(path, catalog);
  let rows = 0;
  const invalid: string[][] = [];
  for await (const outcome of readRowOutcomes(reader, catalog)) {
    rows += 1;
    if (outcome.errors.length > 0) invalid.push(outcome.errors);
  }
  expect(reader.warnings).toEqual([]);
  expect(rows).toBe(2_000);
  expect(invalid).toHaveLength(10);
  expect(new Set(invalid.flat())).toEqual(new Set(["lat: must be a number between -90 and 90, got 'north'"]));
});
