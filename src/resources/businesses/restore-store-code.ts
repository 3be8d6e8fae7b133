const DIGITS = /^\d+$/;

/**
 * The known store code a cell stands for when a spreadsheet read it as a number and dropped its
 * leading zeros (`000001` saved as `1`); undefined when the cell is that code already, or another.
 * `known`: the row's `_base`, or the business as read.
 */
export function restoreStoreCode(cell: string, known: string | undefined): string | undefined {
  const typed = cell.trim();
  if (known === undefined || known === typed || !DIGITS.test(typed) || !DIGITS.test(known)) return undefined;
  return known.replace(/^0+/, '') === typed.replace(/^0+/, '') ? known : undefined;
}

/** The `_changes` note of a restored code, as the zip code's. */
export function describeRestoredStoreCode(cell: string, code: string): string {
  return `code: '${cell.trim()}' read as '${code}' (the store code of the business; the spreadsheet had dropped the leading zeros)`;
}
