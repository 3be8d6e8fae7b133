import type { Cell } from 'exceljs';

/** What tells a totals row from a row of data. */
export interface TotalsRowFacts {
  line: number;
  /** The formulas of the row that sum or count rows above it, as a totals row's cells do, by column. */
  aggregates?: Map<number, string>;
  /** The columns of its cells that hold a formula. */
  formulas?: Set<number>;
}

/** A formula that sums, counts or averages: what a totals row under a table holds. */
const AGGREGATE = /^\s*(?:_xlfn\.)?(?:SUBTOTAL|AGGREGATE|SUM|SUMPRODUCT|COUNTA?|COUNTBLANK|AVERAGE|MIN|MAX)\s*\(/i;
/** A range of rows (`J2:J161`) or of whole columns (`A:A`). */
const RANGE_OF_ROWS = /\$?[A-Z]{1,3}\$?(\d+)\s*:\s*\$?[A-Z]{1,3}\$?(\d+)|\$?\b[A-Z]{1,3}\s*:\s*\$?[A-Z]{1,3}\b(?!\$?\d)/gi;

/**
 * The cell's formula when it aggregates rows above its own (`SUM(J2:J161)`) or whole columns
 * (`COUNTA(A:A)`), else undefined: `SUM(D2:F2)` adds a row's own cells, `SUM(C$2:C9)` in row 9 is a
 * running total, and neither is a totals row's.
 */
export function readAggregateFormula(cell: Cell): string | undefined {
  const { value } = cell;
  const formula = typeof value === 'object' && value !== null && 'formula' in value ? value.formula : undefined;
  if (formula === undefined || !AGGREGATE.test(formula)) return undefined;
  const above = (first: string | undefined, last: string | undefined): boolean => first === undefined || (first !== last && Math.max(Number(first), Number(last)) < Number(cell.row));
  return [...formula.matchAll(RANGE_OF_ROWS)].some(([, first, last]) => above(first, last)) ? formula : undefined;
}

/**
 * The warning for a totals row under values: one that sums or counts the rows above it (`Total`,
 * `=COUNTA(A2:A161)`) in a column where the row above holds no formula, not a column computed row
 * by row; undefined for any other row.
 */
export function describeAggregateTotals(row: TotalsRowFacts, above: TotalsRowFacts | undefined): string | undefined {
  const { aggregates } = row;
  if (aggregates === undefined || above === undefined || [...aggregates.keys()].every((column) => above.formulas?.has(column) === true)) return undefined;
  return `Skipped row ${row.line} below the table, a totals row (=${[...aggregates.values()].join(', =')} of the rows above it): no data.`;
}

/** The rows but those `totals` names, each an Excel table's total row (find-total-rows.ts). */
export async function* skipTotalRows<Row extends { line: number }>(rows: AsyncIterable<Row>, totals: ReadonlyMap<number, string>, warn: (warning: string) => void): AsyncGenerator<Row> {
  for await (const row of rows) {
    const table = totals.get(row.line);
    if (table === undefined) yield row;
    else warn(`Skipped row ${row.line}, the total row of table '${table}' (Excel's Table Design › Total Row): its label and sums are no data.`);
  }
}
