import { join } from 'node:path';
import { JOURNAL_FILE } from '../import/journal/import-journal.js';
import { readJournal } from '../import/journal/read-journal.js';
import { REHEARSAL_DIR } from '../import/report/open-report-dir.js';
import type { SourceFile } from '../../sheets/file/source-file.js';

export interface StepReport {
  dir: string;
  /** Why the step reports elsewhere than the folder its job names. */
  note?: string;
}

/**
 * Where an import step reports, when the folder the job names (`reports/nightly/{date}`) holds the
 * journal of a real run: a job cannot name another folder as a person would with --report. A
 * source that changed since that journal starts a new folder beside it (`…-2`, `…-3`: the first
 * free or of this source), keeping the earlier report and its undo file; a rehearsal goes to the
 * `dry-run/` folder of the one the real run would use. Otherwise the folder named, as the
 * command line does. A file that cannot be read leaves the choice to the import, which reports it.
 */
export async function chooseStepReport(named: string, options: { source: SourceFile | undefined; dryRun: boolean; restart: boolean }): Promise<StepReport> {
  let dir = named;
  let written = await readJournalSource(dir);
  // The source is hashed only where a journal may be resumed; the import takes the same hash.
  const sha256 = written === undefined || options.restart ? undefined : await options.source?.sha256().catch(() => undefined);
  for (let next = 2; sha256 !== undefined && written !== undefined && written !== sha256; next++) {
    dir = `${named}-${next}`;
    written = await readJournalSource(dir);
  }
  const moved = dir === named ? undefined : `the source file changed since the run reported in ${named}, kept as it is`;
  if (options.dryRun && written !== undefined) {
    const kept = `${dir} holds the real run's report, kept as it is`;
    return { dir: join(dir, REHEARSAL_DIR), note: moved === undefined ? kept : `${moved}; ${kept}` };
  }
  return moved === undefined ? { dir } : { dir, note: moved };
}

/** The SHA-256 of the source a real run journaled in `dir`; undefined when it holds no journal, or one the import itself will refuse. */
async function readJournalSource(dir: string): Promise<string | undefined> {
  const saved = await readJournal(join(dir, JOURNAL_FILE), dir).catch(() => undefined);
  return saved?.header.sha256;
}
