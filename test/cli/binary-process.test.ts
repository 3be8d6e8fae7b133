import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT_CODES } from '../../src/cli/exit-codes.js';
import { makeTempDir } from '../sheets/make-temp-dir.js';
import { startCli } from './start-cli.js';

/** A business sheet long enough that a signal arrives while it is being sent, at the rate the CLI is given. */
function slowSheet(rows: number): string {
  return ['code,description_short', ...Array.from({ length: rows }, (_, index) => `${String(index + 1).padStart(6, '0')},Signal test ${index}`)].join('\n');
}

// The process itself is the subject: its exit, its signals. Each starts the CLI's own entry in a child (seconds of loading).
describe('the binary in a process of its own', { timeout: 90_000 }, () => {
  it('exits after a short export, the page guessed past the last one cancelled, though its stdout reader went away', async () => {
    const dir = await makeTempDir();
    // A request left behind would keep the process up for --max-outage, far beyond this test's timeout.
    const run = startCli(['export', 'businesses', '--emulator', '--json', '--out', 'x.csv', '--max-outage', '600'], { cwd: dir });
    // A pipe closed by its reader (`| head`): the summary cannot be printed, and the export is still done.
    run.child.stdout?.destroy();
    const result = await run.done;
    expect(result.code, result.stderr).toBe(EXIT_CODES.success);
    expect(result.stderr).toContain('businesses: 160 rows written to x.csv (2 pages read)');
  });

  it('SIGTERM from the OS: exit 143, and how to resume', async () => {
    const dir = await makeTempDir();
    await writeFile(join(dir, 'stores.csv'), slowSheet(400));
    const run = startCli(['import', 'businesses', join(dir, 'stores.csv'), '--emulator', '--rate-per-minute', '600', '--report', join(dir, 'r')], {
      env: { LOG_LEVEL: 'debug' },
    });
    await run.waitFor(/read the custom field definitions/);
    run.child.kill('SIGTERM');
    const result = await run.done;
    expect(result.code, result.stderr).toBe(EXIT_CODES.terminated);
    expect(result.stderr).toMatch(/run the same command again to resume; --restart to start over/);
  });
});
