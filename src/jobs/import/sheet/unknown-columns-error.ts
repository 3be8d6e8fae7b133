import { SheetError } from '../../../sheets/index.js';

/** A column of the header no import of the resource reads, with the column it may stand for. */
export interface UnknownColumn {
  name: string;
  meant: string | undefined;
}

/** A header names columns no import of the resource reads: the import stops before any row, rather than leave them out unseen. A SheetError, as `validate` reports those. */
export class UnknownColumnsError extends SheetError {
  /**
   * `columns`: the first unknown columns, `count` of them in all; each is told as `descripton_short:
   * unknown column; did you mean description_short?`. The flags to rename or leave them out are
   * spelt out for a few columns only.
   */
  constructor(file: string, sheet: string | undefined, columns: readonly UnknownColumn[], count: number) {
    const problems = columns.map(({ name, meant }) => `${name}: unknown column${meant === undefined ? '' : `; did you mean ${meant}?`}`);
    const more = count > columns.length ? ` | … and ${count - columns.length} more` : '';
    // The flags split their value at commas: a name holding one can be given in a job step only.
    const flagNames = columns.map(({ name }) => name).filter((name) => !name.includes(','));
    const withComma = columns.find(({ name }) => name.includes(','))?.name;
    const names = count > columns.length ? ' and their names' : flagNames.length === 0 ? ' NAME,…' : ` ${quoteForShell(flagNames.join(','))}`;
    const jobOnly = withComma === undefined ? '' : `; a name holding a comma, ${quoteForShell(withComma)}, in a job step only, since the command line splits names at commas`;
    // One header per column: a second (Phone and Tel) would make the column appear twice, which is refused.
    const renames = columns.flatMap(({ name, meant }, index) =>
      meant === undefined || name.includes(',') || columns.findIndex((other) => other.meant === meant) < index ? [] : [`${name}=${meant}`],
    );
    const rename = renames.length === 0 ? ' HEADER=column' : ` HEADER=column (here --rename-columns ${quoteForShell(renames.join(','))})`;
    super(
      `import ${file}${sheet === undefined ? '' : ` (sheet ${sheet})`}`,
      `its header names columns the import does not read (${problems.join(' | ')}${more})`,
      `Correct the header (listing-bulk template writes one, with a note on each column), read a column by the name the import knows with --rename-columns${rename}, or leave the columns out with --ignore-columns${names} (a job step: rename_columns, ignore_columns${jobOnly}).`,
    );
  }
}

/** A flag's value as a shell reads it back whole: a CRM's header names hold spaces (`Store Code`). */
function quoteForShell(text: string): string {
  return /^[\w.,:@%+=/-]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`;
}
