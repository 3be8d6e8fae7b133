import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT_CODES } from '../../src/cli/exit-codes.js';
import { createSkippingClock } from '../api/skipping-clock.js';
import { makeTempDir } from '../sheets/make-temp-dir.js';
import { runCliInProcessFrom, testIo } from './test-io.js';

/** The 160 stores of the emulator's organization, each given a new short description. */
function storeSheet(text: string): string {
  return ['code,description_short', ...Array.from({ length: 160 }, (_, index) => `${String(index + 1).padStart(6, '0')},${text} ${index}`)].join('\n');
}

describe("the CLI's clock", () => {
  it('paces the client and the emulator --emulator starts alike: more requests than its budget in a minute, and every row written', async () => {
    const dir = await makeTempDir();
    await writeFile(join(dir, 'a.csv'), storeSheet('First'));
    await writeFile(join(dir, 'b.csv'), storeSheet('Second'));
    const step = (name: string) => `  - import: {resource: businesses, source: ${name}.csv, report: ${name}}\n`;
    await writeFile(join(dir, 'job.yaml'), `name: twice\nsteps:\n${step('a')}${step('b')}`);
    const clock = createSkippingClock();
    const start = clock.now();
    // Two steps of 160 writes: more than the 300 requests a minute the emulator allows.
    const result = await runCliInProcessFrom(dir, ['run', 'job.yaml', '--emulator', '--json'], { ...testIo(), clock });
    expect(result.code, result.stderr).toBe(EXIT_CODES.success);
    // On a clock of its own, the emulator would see a minute's budget go by in a second, and refuse the rest for longer than a row may wait.
    const { steps } = JSON.parse(result.stdout) as { steps: { summary: { rows: { updated: number; failed: number } } }[] };
    expect(steps.map(({ summary }) => summary.rows)).toMatchObject([{ updated: 160, failed: 0 }, { updated: 160, failed: 0 }]);
    // The client waited its turns on the clock it was given: over a minute of it went by, most of it skipped (a test ends within 30 s).
    expect(clock.now() - start).toBeGreaterThan(60_000);
  });
});
