import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT_CODES } from '../../src/cli/exit-codes.js';
import { makeTempDir } from '../sheets/make-temp-dir.js';
import { runCliInProcess } from './test-io.js';

describe('import --ignore-columns', () => {
  it('stops on an unknown column (exit 1), and imports without the columns the flag names', async () => {
    const dir = await makeTempDir();
    const file = join(dir, 'stores.csv');
    await writeFile(file, 'code,descripton_short,colour\nNO-SUCH-CODE,Fresh bread,blue\n');

    const refused = await runCliInProcess(['import', 'businesses', file, '--emulator', '--report', join(dir, 'refused')]);
    expect(refused.code).toBe(EXIT_CODES.failed);
    expect(refused.stderr).toContain('descripton_short: unknown column; did you mean description_short? | colour: unknown column');

    const ignored = await runCliInProcess(['import', 'businesses', file, '--emulator', '--dry-run', '--json', '--ignore-columns', 'descripton_short, colour', '--date-format', 'dd/mm/yyyy', '--allow-code-changes', '--report', join(dir, 'ignored')]);
    // The row's code finds no business: a row failure, not a refused file.
    expect(ignored.code).toBe(EXIT_CODES.partial);
    expect(JSON.parse(ignored.stdout)).toMatchObject({ ignored_columns: ['descripton_short', 'colour'], rows: { failed: 1 } });
  });
});

describe('import --rename-columns', () => {
  const CRM = 'Code magasin;Nom;Téléphone\r\n000001;Boulangerie Martin Ajaccio;04 95 21 00 01\r\n';

  it("reads a CRM's own column names as the import's, finds such a header below a title, and writes the import's names in the reports", async () => {
    const dir = await makeTempDir();
    const file = join(dir, 'crm.csv');
    await writeFile(file, `Export magasins\r\n\r\n${CRM}`);
    const result = await runCliInProcess(['import', 'businesses', file, '--emulator', '--dry-run', '--json', '--report', join(dir, 'report'), '--rename-columns', 'code magasin=code, Nom=name,TÉLÉPHONE=contacts.0.phone_numbers']);
    expect([result.code, JSON.parse(result.stdout)]).toMatchObject([EXIT_CODES.success, { rows: { would_update: 1 } }]);
    const results = await readFile(join(dir, 'report', 'results.csv'), 'utf8');
    expect(results.split('\r\n')[0]).toBe('code;name;_row;_status;_errors;_changes;contacts.0.phone_numbers;_target;_http_status');
    expect(results).toContain("contacts.0.phone_numbers: '04 95 21 00 01' read as +33495210001 (a national number in FR, the business's country)");
  });

  it('stops before any row on a name the header lacks, and names a pair without = as a usage error, once', async () => {
    const dir = await makeTempDir();
    const file = join(dir, 'crm.csv');
    await writeFile(file, CRM);
    const missing = await runCliInProcess(['import', 'businesses', file, '--emulator', '--report', join(dir, 'missing'), '--rename-columns', 'Code=code']);
    expect(missing.code).toBe(EXIT_CODES.failed);
    expect(missing.stderr).toContain("its header has no column 'Code' to rename (its columns: Code magasin | Nom | Téléphone)");
    const malformed = await runCliInProcess(['import', 'businesses', file, '--emulator', '--rename-columns', 'Code magasin']);
    expect(malformed.code).toBe(EXIT_CODES.usage);
    expect(malformed.stderr).toContain("--rename-columns: 'Code magasin' is not HEADER=column");
    expect(malformed.stderr.match(/for the usage/g)).toHaveLength(1);
  });
});

describe('import --decimal-separator', () => {
  it("reads a tab-separated file's decimal commas when told, and a ; file's dots", async () => {
    const dir = await makeTempDir();
    const tabs = join(dir, 'stores.tsv');
    await writeFile(tabs, 'code\tlat\r\n000001\t41,93\r\n');
    const run = (file: string, report: string, ...flags: string[]) => runCliInProcess(['import', 'businesses', file, '--emulator', '--dry-run', '--json', '--report', join(dir, report), ...flags]);
    const unsaid = await run(tabs, 'unsaid');
    expect([unsaid.code, JSON.parse(unsaid.stdout)]).toMatchObject([EXIT_CODES.partial, { rows: { invalid: 1 } }]);
    const said = await run(tabs, 'said', '--decimal-separator', 'comma');
    expect([said.code, JSON.parse(said.stdout)]).toMatchObject([EXIT_CODES.success, { rows: { would_update: 1 } }]);

    const semicolons = join(dir, 'program.csv');
    await writeFile(semicolons, 'code;custom_fields.surface_m2\r\n000001;85.125\r\n');
    const dots = await run(semicolons, 'dots', '--decimal-separator', 'dot');
    expect([dots.code, JSON.parse(dots.stdout)]).toMatchObject([EXIT_CODES.success, { rows: { would_update: 1 } }]);
    expect(await readFile(join(dir, 'dots', 'results.csv'), 'utf8')).toContain("custom_fields.surface_m2: '' -> '85.125'");
  });

  it('names the separators it takes', async () => {
    const result = await runCliInProcess(['import', 'businesses', 'stores.csv', '--emulator', '--decimal-separator', ',']);
    expect([result.code, result.said]).toEqual([EXIT_CODES.usage, expect.stringContaining('decimal-separator is ",", where it takes "dot", "comma"')]);
  });
});
