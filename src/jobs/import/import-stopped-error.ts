/**
 * A stop (SIGINT, SIGTERM) before the import's first write: while its sheet was read, before its
 * report existed, or while a run with breakers planned. Nothing was sent, and no report is kept:
 * every row would be `skipped`, which says no more than this message, and a plan of part of the
 * file would pass for the plan of all of it. Not a failure: the signal gives the exit code.
 */
export class ImportStoppedError extends Error {
  override name = 'ImportStoppedError';

  constructor(file: string, stage: 'reading' | 'planning', reportDir: string) {
    const kept = stage === 'reading' ? `no report was written in ${reportDir}` : `the plan of the rows read so far was not kept`;
    super(`the import of ${file} stopped ${stage === 'reading' ? 'before any write' : 'while planning, before any write'}: nothing was sent, and ${kept}. Run the same command again to import it.`);
  }
}
