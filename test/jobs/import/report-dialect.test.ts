import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Business } from '../../../src/emulator/state-types.js';
import { startImportHarness, type ImportHarness } from './start-import-harness.js';

/** Windows-1252 as French Excel saves it: Latin-1, and these where Latin-1 has control characters. */
const CP1252_HIGH: Readonly<Record<string, number>> = { '€': 0x80, '’': 0x92, Œ: 0x8c };

function cp1252(text: string): Buffer {
  return Buffer.from(Array.from(text, (char) => CP1252_HIGH[char] ?? char.charCodeAt(0)));
}

/** The reports of an import are written in its input's dialect, so that errors.csv, corrected, imports as it is. */
describe('reports in the dialect of the input', () => {
  let harness: ImportHarness;
  let businesses: Business[];
  beforeAll(async () => {
    harness = await startImportHarness();
    businesses = harness.api.emulator.state.orgBusinesses(1);
  });
  afterAll(() => harness.close());

  const at = (index: number): Business => {
    const business = businesses[index];
    if (business === undefined) throw new Error(`no business ${index}`);
    return business;
  };

  it('a `;` Windows-1252 CSV with decimal commas: errors.csv is the same dialect, and once its one bad cell is fixed it imports with no invalid row', async () => {
    const [a, b, c] = [at(0), at(1), at(2)];
    const file = join(harness.dir, 'magasins.csv');
    const lines = [
      'business_id;name;lat;long',
      `${a.id};Café de la Gare;43,7010;-0,566918`,
      `${b.id};Crêperie l’Étoile;quarante;7,25`,
      `${c.id};Hôtel € Œuvre;45,1;-1,5`,
    ];
    await writeFile(file, cp1252(`${lines.join('\r\n')}\r\n`));

    const first = await harness.importFile('businesses', file);
    expect(first.summary.rows).toMatchObject({ total: 3, updated: 2, invalid: 1 });
    expect([a.lat, a.long, c.name]).toEqual([43.701, -0.566918, 'Hôtel € Œuvre']);

    const reportDir = first.summary.report_dir;
    const errors = await readFile(join(reportDir, 'errors.csv'));
    const results = await readFile(join(reportDir, 'results.csv'));
    for (const report of [errors, results]) {
      // No byte order mark (the input had none), semicolons, CRLF, Windows-1252 bytes.
      expect(report.subarray(0, 12).toString('latin1')).toBe('business_id;');
      expect(report.toString('latin1').split('\r\n')[0]).toBe('business_id;name;_row;_status;_errors;_changes;lat;long;_target;_http_status');
      expect(report.includes(cp1252(`${b.id};Crêperie l’Étoile;3;invalid;`))).toBe(true);
      // Decimal commas as the input wrote them, never quoted as one cell of a comma file.
      expect(report.includes(cp1252(';quarante;7,25;'))).toBe(true);
      expect(report.includes('"')).toBe(false);
    }
    expect(results.includes(cp1252(';43,7010;-0,566918;'))).toBe(true);

    // The account manager corrects the one cell in the file as it is, bytes and all.
    const fixed = Buffer.from(errors.toString('latin1').replace(';quarante;', ';44,5;'), 'latin1');
    expect(fixed.length).toBe(errors.length - 4);
    await writeFile(join(harness.dir, 'errors-fixed.csv'), fixed);
    const second = await harness.importFile('businesses', join(harness.dir, 'errors-fixed.csv'));
    expect(second.summary.rows).toMatchObject({ total: 1, updated: 1, invalid: 0 });
    expect([b.lat, b.long, b.name]).toEqual([44.5, 7.25, 'Crêperie l’Étoile']);
    expect(existsSync(join(second.summary.report_dir, 'errors.csv'))).toBe(false);
  });

  it('a UTF-8 CSV without a byte order mark, tab-separated, LF: the reports are too, decimals with a dot', async () => {
    const d = at(3);
    const file = join(harness.dir, 'stores.tsv');
    await writeFile(file, `business_id\tcity\tlat\n${d.id}\tSão Paulo\t-23.55\n${d.id}\tTwice\t1\n`);
    const { summary } = await harness.importFile('businesses', file);
    expect(summary.rows).toMatchObject({ updated: 1, invalid: 1 });
    const errors = await readFile(join(summary.report_dir, 'errors.csv'), 'utf8');
    expect(errors.startsWith('business_id\t_row\t_status\t_errors\t_changes\tcity\tlat\t_target\t_http_status\n')).toBe(true);
    expect(errors).toContain('\tTwice\t1\t');
    const results = await readFile(join(summary.report_dir, 'results.csv'), 'utf8');
    expect(results).toContain('\tSão Paulo\t-23.55\t');
    expect(results.includes('\r')).toBe(false);
  });
});
