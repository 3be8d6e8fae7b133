/** Rows a report puts above its header (a title, a date, filters, each alone on its row), looked past at most. */
const MAX_TITLE_ROWS = 10;

export interface HeaderRowFound<Row> {
  header: Row;
  /** Rows read past the header while looking for it: the first data rows, to read before the others. */
  after: Row[];
  warnings: string[];
}

/**
 * The header among the first rows with a value: the first, unless it holds a single cell and a
 * row of several cells follows within the next ten, each row between holding one cell too (the
 * title, date and filters a CRM's report puts above its table). Then the header is that row, and
 * the rows above it are skipped with a warning. `cellsOf` gives a row's cells, undefined for a
 * row that cannot be read (a malformed record), which ends the search. Undefined: no row.
 */
export async function findHeaderRow<Row extends { line: number }>(
  rows: AsyncIterator<Row>,
  cellsOf: (row: Row) => readonly string[] | undefined,
): Promise<HeaderRowFound<Row> | undefined> {
  const filled = (row: Row): number => cellsOf(row)?.filter((cell) => cell.trim() !== '').length ?? -1;
  const read: Row[] = [];
  for (let next = await rows.next(); next.done !== true; next = await rows.next()) {
    const count = filled(next.value);
    if (count === 0) continue;
    read.push(next.value);
    if (count !== 1 || read.length > MAX_TITLE_ROWS) break;
  }
  const [first] = read;
  if (first === undefined) return undefined;
  const header = read.length > 1 && filled(read[read.length - 1] as Row) > 1 ? read.length - 1 : 0;
  if (header === 0) return { header: first, after: read.slice(1), warnings: [] };
  const titles = read.slice(0, header).map((row) => cellsOf(row)?.find((cell) => cell.trim() !== '')?.trim() ?? '');
  const found = read[header] as Row;
  return { header: found, after: [], warnings: [`Skipped ${header} row(s) above the header, each with a single cell ('${titles.join("', '")}'): the header is row ${found.line}.`] };
}
