import { join } from 'node:path';
import { expect, it } from 'vitest';
import { writeBusinessSheet } from '../../src/bench/write-business-sheet.js';
import { openImportSheet } from '../../src/jobs/import/open-import-sheet.js';
import { readRowOutcomes } from '../../src/jobs/import/read-row-outcomes.js';
import { buildBusinessCatalog } from '../../src/resources/businesses/business-catalog.js';
import { makeTempDir } from '../sheets/make-temp-dir.js';
import { CUSTOM_FIELDS } from './custom-field-definitions.js';

it('validates a generated 100,000-row CSV as it streams', { timeout: 120_000 }, async () => {
  const path = join(await makeTempDir(), 'businesses.csv');
  const catalog = buildBusinessCatalog(CUSTOM_FIELDS);
  await writeBusinessSheet(path, catalog, { rows: 100_000, invalidEvery: 1000 });

  const reader = await openImportSheet(path, catalog);
  let rows = 0;
  const invalid: string[][] = [];
  for await (const outcome of readRowOutcomes(reader, catalog)) {
    rows += 1;
    if (outcome.errors.length > 0) invalid.push(outcome.errors);
  }
  expect(reader.warnings).toEqual([]);
  expect(rows).toBe(100_000);
  expect(invalid).toHaveLength(100);
  expect(new Set(invalid.flat())).toEqual(new Set(["lat: must be a number between -90 and 90, got 'north'"]));
});
