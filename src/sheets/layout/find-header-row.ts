/** Rows a report puts above its header (a title, a date, filters), looked past at most. */
const MAX_TITLE_ROWS = 10;

export interface HeaderRowFound<Row> {
  header: Row;
  /** The rows with a value above the header: titles. */
  titles: number;
  /** Rows read past the header while looking for it: the first data rows, to read before the others. */
  after: Row[];
  warnings: string[];
}

/** A cell shaped like a column name (`code`, `open_hours.monday`): the header of a file of one column, no title. */
const COLUMN_NAME = /^\s*[\w.]+\s*$/;

/**
 * The header among the first rows with a value, past at most ten titles (the title, date and
 * filters a CRM's report puts above its table), which are skipped with a warning. Given the
 * names the reader knows (`headerNames`, matched trimmed and in any case), the header is the first
 * row that names one of them, rows of any width above it being titles. Otherwise, or with no such
 * row within reach, the header is the first row that is not a single cell naming no column: the
 * first row, when that is not within reach. `cellsOf` gives a row's cells, undefined for a row
 * that cannot be read (a malformed record), which ends the search. Undefined: no row at all.
 */
export async function findHeaderRow<Row extends { line: number }>(
  rows: AsyncIterator<Row>,
  cellsOf: (row: Row) => readonly string[] | undefined,
  headerNames?: readonly string[],
): Promise<HeaderRowFound<Row> | undefined> {
  const known = new Set(headerNames?.map((name) => name.toLowerCase()));
  const filledCells = (row: Row): string[] | undefined => cellsOf(row)?.filter((cell) => cell.trim() !== '');
  const isTitle = (cells: readonly string[] | undefined): boolean => cells?.length === 1 && !COLUMN_NAME.test(cells[0] ?? '');
  const read: Row[] = [];
  let named: number | undefined;
  let firstOther: number | undefined;
  for (let next = await rows.next(); next.done !== true; next = await rows.next()) {
    const cells = filledCells(next.value);
    if (cells?.length === 0) continue;
    read.push(next.value);
    if (cells?.some((cell) => known.has(cell.trim().toLowerCase())) === true) {
      named = read.length - 1;
      break;
    }
    if (!isTitle(cells)) {
      firstOther ??= cells === undefined ? 0 : read.length - 1;
      if (known.size === 0 || cells === undefined) break;
    }
    if (read.length > MAX_TITLE_ROWS) break;
  }
  const [first] = read;
  if (first === undefined) return undefined;
  const header = named ?? firstOther ?? 0;
  if (header === 0) return { header: first, titles: 0, after: read.slice(1), warnings: [] };
  const titles = read.slice(0, header).map((row) => (filledCells(row) ?? []).map((cell) => cell.trim()));
  const found = read[header] as Row;
  const described = titles.map((cells) => cells.join(' | ')).join("', '");
  const warning = titles.every((cells) => cells.length === 1)
    ? `Skipped ${header} row(s) above the header, each with a single cell that names no column ('${described}'): the header is row ${found.line}.`
    : `Skipped ${header} row(s) above the header, which name no column the import reads ('${described}'): the header is row ${found.line}.`;
  return { header: found, titles: header, after: read.slice(header + 1), warnings: [warning] };
}
