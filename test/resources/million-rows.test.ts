import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { expect, it } from 'vitest';
import { openImportSheet } from '../../src/jobs/import/open-import-sheet.js';
import { readRowOutcomes } from '../../src/jobs/import/read-row-outcomes.js';
import { buildBusinessCatalog } from '../../src/resources/businesses/business-catalog.js';
import { makeTempDir } from '../sheets/make-temp-dir.js';

const ROWS = 1_000_000;
/** Far less than the file, let alone its rows as objects: only a stream stays under it. */
const MAX_RSS_GROWTH_BYTES = 150 * 1024 ** 2;

function* generateSheet(): Generator<string> {
  yield 'business_id,name,city,description_short,lat\n';
  for (let index = 0; index < ROWS; index++) {
    yield `b${index},Boulangerie numéro ${index},Besançon,"Pain, viennoiseries et gâteaux, ouvert le dimanche",${(index % 90) - 45}.5\n`;
  }
}

it('validates a generated 1,000,000-row CSV as it streams, in bounded memory', { timeout: 60_000 }, async () => {
  const path = join(await makeTempDir(), 'million.csv');
  await pipeline(Readable.from(generateSheet()), createWriteStream(path));
  const catalog = buildBusinessCatalog([]);
  const reader = await openImportSheet(path, catalog);
  const before = process.memoryUsage().rss;
  let peak = before;
  let rows = 0;
  let invalid = 0;
  for await (const outcome of readRowOutcomes(reader, catalog)) {
    rows++;
    if (outcome.errors.length > 0) invalid++;
    if (rows % 10_000 === 0) peak = Math.max(peak, process.memoryUsage().rss);
  }
  expect(rows).toBe(ROWS);
  expect(invalid).toBe(0);
  expect((await stat(path)).size).toBeGreaterThan(MAX_RSS_GROWTH_BYTES / 2);
  expect(peak - before).toBeLessThan(MAX_RSS_GROWTH_BYTES);
});
