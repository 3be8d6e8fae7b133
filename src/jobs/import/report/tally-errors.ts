/** Distinct errors counted: past them, a new error counts under OTHER_ERRORS (a file whose every row fails its own way). */
const MAX_DISTINCT = 1_000;
const OTHER_ERRORS = 'other errors';

/**
 * How many rows have each error, the cell each quotes left out (`got '…'`), so that the same
 * mistake on many rows counts as one. Memory stays bounded whatever the file.
 */
export class ErrorTally {
  private readonly rows = new Map<string, number>();

  /** Counts a row once per distinct error it has. */
  add(errors: readonly string[]): void {
    for (const error of new Set(errors.map(generalize))) {
      const key = this.rows.has(error) || this.rows.size < MAX_DISTINCT ? error : OTHER_ERRORS;
      this.rows.set(key, (this.rows.get(key) ?? 0) + 1);
    }
  }

  /** The most frequent errors first, with how many rows have each. */
  top(count: number): { error: string; rows: number }[] {
    return [...this.rows]
      .sort(([errorA, rowsA], [errorB, rowsB]) => rowsB - rowsA || errorA.localeCompare(errorB))
      .slice(0, count)
      .map(([error, rows]) => ({ error, rows }));
  }
}

function generalize(error: string): string {
  return error.replace(/'[^']*'/g, "'…'");
}
