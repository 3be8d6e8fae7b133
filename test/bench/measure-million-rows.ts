import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { openImportSheet } from '../../src/jobs/import/sheet/open-import-sheet.js';
import { readRowOutcomes } from '../../src/jobs/import/sheet/read-row-outcomes.js';
import { buildBusinessCatalog } from '../../src/resources/businesses/business-catalog.js';

const ROWS = 1_000_000;

export interface MillionRowsFigures {
  million_rows_rss_growth_mb: number;
  rows: number;
  invalid: number;
}

function* generateSheet(): Generator<string> {
  yield 'business_id,name,city,description_short,lat\n';
  for (let index = 0; index < ROWS; index++) {
    yield `b${index},Boulangerie numéro ${index},Besançon,"Pain, viennoiseries et gâteaux, ouvert le dimanche",${(index % 90) - 45}.5\n`;
  }
}

/** Validates a generated 1,000,000-row CSV (about 100 MB) as it streams: the memory it adds shows whether rows are held. */
export async function measureMillionRows(): Promise<MillionRowsFigures> {
  const dir = await mkdtemp(join(tmpdir(), 'listing-bulk-bench-'));
  try {
    const path = join(dir, 'million.csv');
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
    return { million_rows_rss_growth_mb: Math.round((peak - before) / 2 ** 20), rows, invalid };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
