import { writeFile } from 'node:fs/promises';
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
