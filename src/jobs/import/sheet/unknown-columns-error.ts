import { SheetError } from '../../../sheets/index.js';

/** A header names columns no import of the resource reads: the import stops before any row, rather than leave them out unseen. A SheetError, as `validate` reports those. */
export class UnknownColumnsError extends SheetError {
  /**
   * `problems`: `descripton_short: unknown column; did you mean description_short?`, for the first
   * columns; `count` of them in all. The names to ignore are spelt out for a few columns only.
   */
  constructor(file: string, sheet: string | undefined, problems: readonly string[], columns: readonly string[], count: number) {
    const more = count > problems.length ? ` | … and ${count - problems.length} more` : '';
    const names = count === columns.length ? ` ${quoteForShell(columns.join(','))}` : ' and their names';
    super(
      `import ${file}${sheet === undefined ? '' : ` (sheet ${sheet})`}`,
      `its header names columns the import does not read (${problems.join(' | ')}${more})`,
      `Correct the header (listing-bulk template writes one, with a note on each column), read a column by the name the import knows with --rename-columns HEADER=column, or leave the columns out with --ignore-columns${names} (a job step: rename_columns, ignore_columns).`,
    );
  }
}

/** A flag's value as a shell reads it back whole: a CRM's header names hold spaces (`Store Code`). */
function quoteForShell(text: string): string {
  return /^[\w.,:@%+=/-]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`;
}
