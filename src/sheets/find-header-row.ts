/** Rows a report puts above its header (a title, a date, filters, each alone on its row), looked past at most. */
const MAX_TITLE_ROWS = 10;

export interface HeaderRowFound<Row> {
  header: Row;
  /** Rows read past the header while looking for it: the first data rows, to read before the others. */
  after: Row[];
  warnings: string[];
}

/** A cell shaped like a column name (`code`, `open_hours.monday`): the header of a file of one column, no title. */
const COLUMN_NAME = /^\s*[\w.]+\s*$/;

/**
 * The header among the first rows with a value: the first that is no title, past at most ten
 * titles, a title being a row of one cell that names no column (the title, date and filters a
 * CRM's report puts above its table); the titles are skipped with a warning. With no such row
 * within reach, the first row. `cellsOf` gives a row's cells, undefined for a row that cannot be
 * read (a malformed record), which ends the search. Undefined: no row at all.
 */
export async function findHeaderRow<Row extends { line: number }>(
  rows: AsyncIterator<Row>,
  cellsOf: (row: Row) => readonly string[] | undefined,
): Promise<HeaderRowFound<Row> | undefined> {
  const filledCells = (row: Row): string[] | undefined => cellsOf(row)?.filter((cell) => cell.trim() !== '');
  const isTitle = (row: Row): boolean => {
    const cells = filledCells(row);
    return cells?.length === 1 && !COLUMN_NAME.test(cells[0] ?? '');
  };
  const read: Row[] = [];
  for (let next = await rows.next(); next.done !== true; next = await rows.next()) {
    if (filledCells(next.value)?.length === 0) continue;
    read.push(next.value);
    if (!isTitle(next.value) || read.length > MAX_TITLE_ROWS) break;
  }
  const [first] = read;
  if (first === undefined) return undefined;
  const last = read[read.length - 1] as Row;
  const header = read.length > 1 && !isTitle(last) && filledCells(last) !== undefined ? read.length - 1 : 0;
  if (header === 0) return { header: first, after: read.slice(1), warnings: [] };
  const titles = read.slice(0, header).map((row) => cellsOf(row)?.find((cell) => cell.trim() !== '')?.trim() ?? '');
  const found = read[header] as Row;
  return { header: found, after: [], warnings: [`Skipped ${header} row(s) above the header, each with a single cell that names no column ('${titles.join("', '")}'): the header is row ${found.line}.`] };
}
