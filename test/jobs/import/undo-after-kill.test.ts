import { appendFile, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pino, type Logger } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Business } from '../../../src/emulator/state-types.js';
import type { FaultScript } from '../../../src/emulator/pipeline/faults.js';
import { openSheetWriter } from '../../../src/sheets/index.js';
import { startCli } from '../../cli/start-cli.js';
import { readUndoIds } from './read-undo-ids.js';
import { startImportHarness, type ImportHarness } from './start-import-harness.js';

/** A logger whose warnings the test reads. */
function recordWarnings(): { logger: Logger; warnings: string[] } {
  const warnings: string[] = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => warnings.push((JSON.parse(line) as { msg: string }).msg) });
  return { logger, warnings };
}

describe('the undo lines of an import killed with SIGKILL', { timeout: 60_000 }, () => {
  let harness: ImportHarness;
  let recordWrites: FaultScript | undefined;
  let businesses: Business[];
  beforeAll(async () => {
    harness = await startImportHarness({ businesses: 120, transport: 'http' });
    recordWrites = harness.api.emulator.faults.script;
    businesses = harness.api.emulator.state.orgBusinesses(1);
  });
  afterEach(() => {
    harness.api.emulator.faults.script = recordWrites;
  });
  afterAll(() => harness.close());

  /**
   * Imports `file` with the CLI in a process of its own, killed as its fifth write arrives: that
   * write is applied, its answer never read. Returns the ids of the businesses written to.
   */
  async function importKilled(file: string, reportDir: string): Promise<string[]> {
    const written: string[] = [];
    const cli = startCli(['import', 'businesses', file, '--report', reportDir, '--rate-per-minute', '600'], {
      env: { LISTING_API_URL: harness.api.url, LISTING_API_KEY: harness.api.emulator.keys.ORG_ADMIN },
    });
    harness.api.emulator.faults.script = (_n, req) => {
      if (req.method !== 'POST') return undefined;
      written.push(req.path.replace('/business/', ''));
      if (written.length === 5) cli.child.kill('SIGKILL');
      return undefined;
    };
    const { code, stderr } = await cli.done;
    expect(code, stderr).toBeNull();
    harness.api.emulator.faults.script = recordWrites;
    return written;
  }

  /** A sheet renaming businesses [from, to), in the format its name ends with. */
  async function writeSheet(file: string, from: number, to: number, prefix: string): Promise<Business[]> {
    const targets = businesses.slice(from, to);
    const writer = await openSheetWriter(file, { columns: [{ key: 'business_id', text: true }, { key: 'name' }], sheet: 'businesses' });
    for (const [index, business] of targets.entries()) await writer.writeRow({ business_id: business.id, name: `${prefix} ${index}` });
    await writer.close();
    return targets;
  }

  // One process killed, XLSX: a workbook's undo file is written whole at its end, so a kill lost every line (a CSV's goes through the same spool: report-dir.test.ts).
  it('are kept by the resumed run in an undo file it names, a line the kill cut short left out: imported newest first, the undo files set back every business', async () => {
    const reportDir = join(harness.dir, 'killed');
    const file = join(harness.dir, 'rename.xlsx');
    const targets = await writeSheet(file, 0, 30, 'Killed');
    const names = targets.map((business) => business.name);
    const killedWrote = await importKilled(file, reportDir);
    const spools = (await readdir(reportDir)).filter((name) => name.startsWith('.undo.jsonl.'));
    expect(spools).toHaveLength(1);
    const spool = join(reportDir, spools[0] ?? '');
    // Its lines but the first (the undo file's layout): one per business. A line cut short was being written: its request was not sent.
    const spooled = (await readFile(spool, 'utf8')).split('\n').length - 2;
    await appendFile(spool, `{"business_id":"${targets.at(-1)?.id ?? ''}","_code":"`);

    const { logger, warnings } = recordWarnings();
    const { summary } = await harness.importFile('businesses', file, { reportDir }, logger);
    // The write in flight at the kill was applied: the resumed run finds its business unchanged.
    expect(summary.rows).toMatchObject({ total: 30, invalid: 0, failed: 0, conflict: 0, skipped: 0 });
    const undoFiles = ['undo.xlsx', 'undo-2.xlsx'];
    expect(summary.undo_files).toEqual(undoFiles);
    expect(warnings).toContain(`Kept the undo lines of a run killed in ${reportDir} as undo.xlsx, which sets back what that run changed.`);
    expect((await readdir(reportDir)).filter((name) => name.startsWith('.'))).toEqual([]);
    expect(await readUndoIds(reportDir, ['undo.xlsx'])).toHaveLength(spooled);
    const undone = await readUndoIds(reportDir, undoFiles);
    expect([...killedWrote, ...harness.writes.map((write) => write.replace('POST /business/', ''))].filter((id) => !undone.includes(id))).toEqual([]);

    for (const undo of [...undoFiles].reverse()) {
      const { summary: undoing } = await harness.importFile('businesses', join(reportDir, undo), { reportDir: join(reportDir, `${undo}-import`) });
      expect(undoing.rows).toMatchObject({ invalid: 0, failed: 0, conflict: 0 });
    }
    expect(targets.map((business) => business.name)).toEqual(names);
  });
});
